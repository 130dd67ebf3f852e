import { useQuery } from '@tanstack/react-query';
import { api, type BusinessEntity, type BusinessEntityPayload, type ErrorTextOptions } from 'shared-api';
import { createMutation } from 'shared-ui';
import { selectorQuery } from '../../components/options';

/** Anagrafica fornitori e clienti reads GET /finance/business-entity through the DataTable under this key. */
export const BUSINESS_ENTITIES_PATH = '/finance/business-entity';
export const BUSINESS_ENTITIES_QUERY_KEY = 'finance-business-entities';

/** GET /finance/business-entity?limit=500 (spec 002 §7, refreshed every 5 minutes): the movements form's selector. */
export const useBusinessEntityOptions = () => useQuery(selectorQuery<BusinessEntity>(BUSINESS_ENTITIES_QUERY_KEY, BUSINESS_ENTITIES_PATH));

/** A refused field says which; an entity still named by movements says by how many. */
const ENTITY_REFUSALS: ErrorTextOptions = { detailed: ['VALIDATION_FAILED', 'BUSINESS_ENTITY_IN_USE', 'BUSINESS_ENTITY_NOT_FOUND'] };

/** Spec 002 §8, business entities: the three toasts of each action, word for word. */
export const useCreateBusinessEntity = createMutation({
  mutationFn: (body: BusinessEntityPayload) => api.post<BusinessEntity>(BUSINESS_ENTITIES_PATH, body),
  invalidates: BUSINESS_ENTITIES_QUERY_KEY,
  toasts: {
    pending: 'Creazione in corso...',
    success: 'Entità commerciale creata con successo!',
    error: "Si è verificato un errore durante la creazione dell'entità commerciale",
  },
  errorCodes: ENTITY_REFUSALS,
});

export const useUpdateBusinessEntity = createMutation({
  mutationFn: ({ id, body }: { id: string; body: BusinessEntityPayload }) => api.patch<BusinessEntity>(`${BUSINESS_ENTITIES_PATH}/${id}`, body),
  invalidates: BUSINESS_ENTITIES_QUERY_KEY,
  toasts: {
    pending: 'Modifica in corso...',
    success: 'Entità commerciale modificata con successo!',
    error: "Si è verificato un errore durante la modifica dell'entità commerciale",
  },
  errorCodes: ENTITY_REFUSALS,
});

export const useDeleteBusinessEntity = createMutation({
  mutationFn: (id: string) => api.delete(`${BUSINESS_ENTITIES_PATH}/${id}`),
  invalidates: BUSINESS_ENTITIES_QUERY_KEY,
  toasts: {
    pending: 'Eliminazione in corso...',
    success: 'Entità commerciale eliminata con successo!',
    error: "Si è verificato un errore durante l'eliminazione dell'entità commerciale",
  },
  errorCodes: ENTITY_REFUSALS,
});
