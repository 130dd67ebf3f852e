import { useQuery } from '@tanstack/react-query';
import { api, type ErrorTextOptions, type Subaccount, type SubaccountEditPayload, type SubaccountPayload } from 'shared-api';
import { createMutation } from 'shared-ui';
import { selectorQuery } from '../../components/options';

/** Inserimento sottoconto reads GET /finance/subaccount through the DataTable under this key. */
export const SUBACCOUNTS_PATH = '/finance/subaccount';
export const SUBACCOUNTS_QUERY_KEY = 'finance-subaccounts';

/** GET /finance/subaccount?limit=500 (spec 002 §7, refreshed every 5 minutes): the income categories' selectors. */
export const useSubaccountOptions = () => useQuery(selectorQuery<Subaccount>(SUBACCOUNTS_QUERY_KEY, SUBACCOUNTS_PATH));

/** 'Account.Sub Name', the way a subaccount is named in menus and cells. */
export const subaccountLabel = (s: { subaccount_id: number; name: string; account_id: number }) => `${s.account_id}.${s.subaccount_id} ${s.name}`;

const SUBACCOUNT_REFUSALS: ErrorTextOptions = {
  own: ['SUBACCOUNT_CODE_TAKEN'],
  detailed: ['VALIDATION_FAILED', 'SUBACCOUNT_IN_USE', 'PARENT_ACCOUNT_NOT_FOUND'],
};

export const useCreateSubaccount = createMutation({
  mutationFn: (body: SubaccountPayload) => api.post<{ data: Subaccount[] }>(SUBACCOUNTS_PATH, body),
  invalidates: SUBACCOUNTS_QUERY_KEY,
  toasts: {
    pending: 'Creazione in corso...',
    success: 'Sottoconto creato con successo!',
    error: 'Si è verificato un errore durante la creazione del sottoconto',
  },
  errorCodes: SUBACCOUNT_REFUSALS,
});

export const useUpdateSubaccount = createMutation({
  mutationFn: ({ id, body }: { id: string; body: SubaccountEditPayload }) => api.patch<Subaccount>(`${SUBACCOUNTS_PATH}/${id}`, body),
  invalidates: SUBACCOUNTS_QUERY_KEY,
  toasts: {
    pending: 'Modifica in corso...',
    success: 'Sottoconto modificato con successo!',
    error: 'Si è verificato un errore durante la modifica del sottoconto',
  },
  errorCodes: SUBACCOUNT_REFUSALS,
});

export const useDeleteSubaccount = createMutation({
  mutationFn: (id: string) => api.delete(`${SUBACCOUNTS_PATH}/${id}`),
  invalidates: SUBACCOUNTS_QUERY_KEY,
  toasts: {
    pending: 'Eliminazione in corso...',
    success: 'Sottoconto eliminato con successo!',
    error: "Si è verificato un errore durante l'eliminazione del sottoconto",
  },
  errorCodes: SUBACCOUNT_REFUSALS,
});
