import { type EntryPaymentType, PAYMENT_TYPE_LABELS } from 'shared-api/contract';

/** Euro in the downloads: two decimals with the Italian comma. */
export const euro = (v: number) => new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v);

const isPaymentType = (t: string): t is EntryPaymentType => Object.hasOwn(PAYMENT_TYPE_LABELS, t);

/** A payment type as the lists show it ('Cassa', 'Banca MPS c/c ordinario', …); an unknown one as stored. */
export const paymentLabel = (t: string | null) => (!t ? '' : isPaymentType(t) ? PAYMENT_TYPE_LABELS[t] : t);
