import { useQuery } from '@tanstack/react-query';
import { api, type ErrorTextOptions, type IncomeCategory, type IncomeCategoryPayload } from 'shared-api';
import { createMutation } from 'shared-ui';
import { selectorQuery } from '../../components/options';

/** Categorie di entrata reads GET /finance/income-category through the DataTable under this key. */
export const CATEGORIES_PATH = '/finance/income-category';
export const CATEGORIES_QUERY_KEY = 'finance-income-categories';

/** GET /finance/income-category?limit=500 (spec 002 §7): the member-charge form's selector. */
export const useIncomeCategoryOptions = () => useQuery(selectorQuery<IncomeCategory>(CATEGORIES_QUERY_KEY, CATEGORIES_PATH));

/** A subaccount of the wrong ledger or a category still used: the server says which. */
const CATEGORY_REFUSALS: ErrorTextOptions = { own: ['SUBACCOUNT_WRONG_LEDGER'], detailed: ['VALIDATION_FAILED', 'INCOME_CATEGORY_IN_USE'] };

export const useCreateIncomeCategory = createMutation({
  mutationFn: (body: IncomeCategoryPayload) => api.post<IncomeCategory>(CATEGORIES_PATH, body),
  invalidates: CATEGORIES_QUERY_KEY,
  toasts: {
    pending: 'Creazione in corso...',
    success: 'Categoria di entrata creata con successo!',
    error: 'Si è verificato un errore durante la creazione della categoria di entrata',
  },
  errorCodes: CATEGORY_REFUSALS,
});

export const useUpdateIncomeCategory = createMutation({
  mutationFn: ({ id, body }: { id: string; body: IncomeCategoryPayload }) => api.patch<IncomeCategory>(`${CATEGORIES_PATH}/${id}`, body),
  invalidates: CATEGORIES_QUERY_KEY,
  toasts: {
    pending: 'Modifica in corso...',
    success: 'Categoria di entrata modificata con successo!',
    error: 'Si è verificato un errore durante la modifica della categoria di entrata',
  },
  errorCodes: CATEGORY_REFUSALS,
});

export const useDeleteIncomeCategory = createMutation({
  mutationFn: (id: string) => api.delete(`${CATEGORIES_PATH}/${id}`),
  invalidates: CATEGORIES_QUERY_KEY,
  toasts: {
    pending: 'Eliminazione in corso...',
    success: 'Categoria di entrata eliminata con successo!',
    error: "Si è verificato un errore durante l'eliminazione della categoria di entrata",
  },
  errorCodes: CATEGORY_REFUSALS,
});
