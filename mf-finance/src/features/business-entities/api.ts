import { useQuery } from '@tanstack/react-query';
import { api, type BusinessEntity, type BusinessEntityPayload, type ErrorTextOptions } from 'shared-api';
import { createMutation } from 'shared-ui';
import { selectorQuery } from '../../components/options';

/** Anagrafica fornitori e clienti reads GET /finance/business-entity through the DataTable under this key. */
export const ENTITIES_PATH = '/finance/business-entity';
export const ENTITIES_QUERY_KEY = 'finance-business-entities';

/** GET /finance/business-entity?limit=500 (spec 002 §7, refreshed every 5 minutes): the accounting-entry form's selector. */
export const useBusinessEntityOptions = () => useQuery(selectorQuery<BusinessEntity>(ENTITIES_QUERY_KEY, ENTITIES_PATH));

const ENTITY_REFUSALS: ErrorTextOptions = { detailed: ['VALIDATION_FAILED', 'BUSINESS_ENTITY_IN_USE'] };

/** Spec 002 §8: the business entities' toasts, word for word. */
export const useCreateBusinessEntity = createMutation({
  mutationFn: (body: BusinessEntityPayload) => api.post<BusinessEntity>(ENTITIES_PATH, body),
  invalidates: ENTITIES_QUERY_KEY,
  toasts: {
    pending: 'Creazione in corso...',
    success: 'Entità commerciale creata con successo!',
    error: "Si è verificato un errore durante la creazione dell'entità commerciale",
  },
  errorCodes: ENTITY_REFUSALS,
});

export const useUpdateBusinessEntity = createMutation({
  mutationFn: ({ id, body }: { id: string; body: BusinessEntityPayload }) => api.patch<BusinessEntity>(`${ENTITIES_PATH}/${id}`, body),
  invalidates: ENTITIES_QUERY_KEY,
  toasts: {
    pending: 'Modifica in corso...',
    success: 'Entità commerciale modificata con successo!',
    error: "Si è verificato un errore durante la modifica dell'entità commerciale",
  },
  errorCodes: ENTITY_REFUSALS,
});

export const useDeleteBusinessEntity = createMutation({
  mutationFn: (id: string) => api.delete(`${ENTITIES_PATH}/${id}`),
  invalidates: ENTITIES_QUERY_KEY,
  toasts: {
    pending: 'Eliminazione in corso...',
    success: 'Entità commerciale eliminata con successo!',
    error: "Si è verificato un errore durante l'eliminazione dell'entità commerciale",
  },
  errorCodes: ENTITY_REFUSALS,
});
