import { useQuery } from '@tanstack/react-query';
import {
  FINANCE_LIMITS,
  api,
  type ErrorTextOptions,
  type MemberCharge,
  type MemberChargeEditPayload,
  type MemberChargePayload,
  type MemberPayment,
  type PaymentPayload,
} from 'shared-api';
import { createMutation } from 'shared-ui';

/** Incasso soci reads GET /finance/member-charge through the DataTable under this key (docs/decisions.md, "Finance pages"). */
export const CHARGES_PATH = '/finance/member-charge';
export const CHARGES_QUERY_KEY = 'finance-member-charges';

/**
 * GET /finance/member-charge/{id}/payments?limit=500: a charge's payments (the panel's DataTable), keyed under the
 * charges' key so a change to a charge or a payment reloads both the table (paid and remaining amounts) and the panel.
 */
export const paymentsPath = (chargeId: string) => `${CHARGES_PATH}/${chargeId}/payments`;
export const PAYMENTS_QUERY = { limit: FINANCE_LIMITS.selectorLimit };

/** GET /finance/member-charge/{id}: the panel's charge, read again when its payments change (same key family). */
export const useCharge = (charge: MemberCharge) =>
  useQuery({
    queryKey: [CHARGES_QUERY_KEY, 'one', charge._id],
    queryFn: ({ signal }) => api.get<MemberCharge>(`${CHARGES_PATH}/${charge._id}`, undefined, signal),
    initialData: charge,
    staleTime: 0,
  });

const CHARGE_REFUSALS: ErrorTextOptions = {
  own: [
    'MEMBER_CHARGE_HAS_PAYMENTS',
    'MEMBER_CHARGE_BELOW_PAID',
    'MEMBER_CHARGE_CATEGORY_LOCKED',
    'MEMBER_CHARGE_USER_LOCKED',
    'MEMBER_CHARGE_NOT_FOUND',
  ],
  detailed: ['VALIDATION_FAILED'],
};

const createCharges = (body: MemberChargePayload) => api.post<{ data: MemberCharge[] }>(CHARGES_PATH, body);

export const useCreateCharge = createMutation({
  mutationFn: createCharges,
  invalidates: CHARGES_QUERY_KEY,
  toasts: {
    pending: 'Creazione in corso...',
    success: 'Incasso socio creato con successo!',
    error: "Si è verificato un errore durante la creazione dell'incasso socio",
  },
  errorCodes: CHARGE_REFUSALS,
});

/** The same call for several members at once: one charge each, announced in the plural. */
export const useCreateCharges = createMutation({
  mutationFn: createCharges,
  invalidates: CHARGES_QUERY_KEY,
  toasts: {
    pending: 'Creazione in corso...',
    success: 'Incassi soci creati con successo!',
    error: 'Si è verificato un errore durante la creazione degli incassi soci',
  },
  errorCodes: CHARGE_REFUSALS,
});

export const useUpdateCharge = createMutation({
  mutationFn: ({ id, body }: { id: string; body: MemberChargeEditPayload }) => api.patch<MemberCharge>(`${CHARGES_PATH}/${id}`, body),
  invalidates: CHARGES_QUERY_KEY,
  toasts: {
    pending: 'Modifica in corso...',
    success: 'Incasso socio modificato con successo!',
    error: "Si è verificato un errore durante la modifica dell'incasso socio",
  },
  errorCodes: CHARGE_REFUSALS,
});

export const useDeleteCharge = createMutation({
  mutationFn: (id: string) => api.delete(`${CHARGES_PATH}/${id}`),
  invalidates: CHARGES_QUERY_KEY,
  toasts: {
    pending: 'Eliminazione in corso...',
    success: 'Incasso socio eliminato con successo!',
    error: "Si è verificato un errore durante l'eliminazione dell'incasso socio",
  },
  errorCodes: CHARGE_REFUSALS,
});

/**
 * Payments (spec 002 §8): a charge without an income category, or a category without the cash or bank subaccount
 * the payment needs, shows the spec's texts (decided by code); the toasts stay 8 seconds.
 */
const PAYMENT_REFUSALS: ErrorTextOptions = {
  own: [
    'NO_INCOME_CATEGORY',
    'NO_CASH_SUBACCOUNT',
    'NO_BANK_SUBACCOUNT',
    'PAYMENT_EXCEEDS_REMAINING',
    'PAYMENT_DATE_TOO_FAR',
    'MEMBER_CHARGE_NOT_FOUND',
    'PAYMENT_NOT_FOUND',
  ],
  detailed: ['VALIDATION_FAILED'],
};
const PAYMENT_TOAST_MS = 8000;

export const useCreatePayment = createMutation({
  mutationFn: ({ chargeId, body }: { chargeId: string; body: PaymentPayload }) =>
    api.post<MemberPayment>(`${CHARGES_PATH}/${chargeId}/payment`, body),
  invalidates: CHARGES_QUERY_KEY,
  toasts: {
    pending: 'Registrazione pagamento in corso...',
    success: 'Pagamento registrato con successo!',
    error: 'Si è verificato un errore durante la registrazione del pagamento',
    autoClose: PAYMENT_TOAST_MS,
  },
  errorCodes: PAYMENT_REFUSALS,
});

export const useUpdatePayment = createMutation({
  mutationFn: ({ chargeId, id, body }: { chargeId: string; id: string; body: PaymentPayload }) =>
    api.patch<MemberPayment>(`${CHARGES_PATH}/${chargeId}/payment/${id}`, body),
  invalidates: CHARGES_QUERY_KEY,
  toasts: {
    pending: 'Modifica pagamento in corso...',
    success: 'Pagamento modificato con successo!',
    error: 'Si è verificato un errore durante la modifica del pagamento',
    autoClose: PAYMENT_TOAST_MS,
  },
  errorCodes: PAYMENT_REFUSALS,
});

export const useDeletePayment = createMutation({
  mutationFn: ({ chargeId, paymentId }: { chargeId: string; paymentId: string }) => api.delete(`${CHARGES_PATH}/${chargeId}/payment/${paymentId}`),
  invalidates: CHARGES_QUERY_KEY,
  toasts: {
    pending: 'Annullamento pagamento in corso...',
    success: 'Pagamento annullato con successo!',
    error: "Si è verificato un errore durante l'annullamento del pagamento",
    autoClose: PAYMENT_TOAST_MS,
  },
  errorCodes: PAYMENT_REFUSALS,
});
