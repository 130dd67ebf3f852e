import { useQuery } from '@tanstack/react-query';
import { api, type Account, type AccountPayload, type ErrorTextOptions } from 'shared-api';
import { createMutation } from 'shared-ui';
import { selectorQuery } from '../../components/options';

/** Inserimento conto reads GET /finance/account through the DataTable under this key. */
export const ACCOUNTS_PATH = '/finance/account';
export const ACCOUNTS_QUERY_KEY = 'finance-accounts';

/** GET /finance/account?limit=500 (spec 002 §7): the parent-account selector of subaccounts. */
export const useAccountOptions = () => useQuery(selectorQuery<Account>(ACCOUNTS_QUERY_KEY, ACCOUNTS_PATH));

/** A taken code shows the spec's text (002 §8); a refused field or an account still used says what to change. */
const ACCOUNT_REFUSALS: ErrorTextOptions = { own: ['ACCOUNT_CODE_TAKEN'], detailed: ['VALIDATION_FAILED', 'ACCOUNT_IN_USE'] };

export const useCreateAccount = createMutation({
  mutationFn: (body: AccountPayload) => api.post<Account>(ACCOUNTS_PATH, body),
  invalidates: ACCOUNTS_QUERY_KEY,
  toasts: {
    pending: 'Creazione in corso...',
    success: 'Conto creato con successo!',
    error: 'Si è verificato un errore durante la creazione del conto',
  },
  errorCodes: ACCOUNT_REFUSALS,
});

export const useUpdateAccount = createMutation({
  mutationFn: ({ id, body }: { id: string; body: AccountPayload }) => api.patch<Account>(`${ACCOUNTS_PATH}/${id}`, body),
  invalidates: ACCOUNTS_QUERY_KEY,
  toasts: {
    pending: 'Modifica in corso...',
    success: 'Conto modificato con successo!',
    error: 'Si è verificato un errore durante la modifica del conto',
  },
  errorCodes: ACCOUNT_REFUSALS,
});

export const useDeleteAccount = createMutation({
  mutationFn: (id: string) => api.delete(`${ACCOUNTS_PATH}/${id}`),
  invalidates: ACCOUNTS_QUERY_KEY,
  toasts: {
    pending: 'Eliminazione in corso...',
    success: 'Conto eliminato con successo!',
    error: "Si è verificato un errore durante l'eliminazione del conto",
  },
  errorCodes: ACCOUNT_REFUSALS,
});
