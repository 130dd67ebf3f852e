/**
 * Constants of the finance area (spec 002 §3, §9), free of zod: the front ends read them at run time through
 * 'shared-api'; the schemas are in ./finance.ts.
 */

/** The four ledgers of the chart of accounts. */
export const LEDGER_TYPES = ['Costi', 'Ricavi', 'Patrimoniale attivo', 'Patrimoniale passivo'] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];

/** Ledgers whose subaccounts an income category may use as economic subaccounts, and as asset subaccounts. */
export const ECONOMIC_LEDGERS: readonly LedgerType[] = ['Ricavi', 'Costi'];
export const ASSET_LEDGERS: readonly LedgerType[] = ['Patrimoniale attivo', 'Patrimoniale passivo'];

/** Payment types of member payments (and of the subaccount that receives them). */
export const PAYMENT_TYPES = ['cash', 'bank_mps', 'bank_bcc'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** Payment types of accounting entries: the edit form also offers the generic 'bank'. */
export const ENTRY_PAYMENT_TYPES = ['cash', 'bank', 'bank_mps', 'bank_bcc'] as const;
export type EntryPaymentType = (typeof ENTRY_PAYMENT_TYPES)[number];

export const PAYMENT_TYPE_LABELS: Record<EntryPaymentType, string> = {
  cash: 'Cassa',
  bank: 'Banca',
  bank_mps: 'Banca MPS c/c ordinario',
  bank_bcc: 'Banca BCC c/c ordinario',
};

/** The payments side panel shows cash as Cassa, any bank as Banca and anything else as Sconosciuta (spec 002 §3). */
export const paymentTypeShortLabel = (type: string | null | undefined): string =>
  type === 'cash' ? 'Cassa' : type?.startsWith('bank') ? 'Banca' : 'Sconosciuta';

/** Selection limits (spec 002 §9). */
export const FINANCE_LIMITS = {
  selectorLimit: 500,
  categorySubaccounts: 10,
  parentAccountsOnCreate: 2,
  chargeUsers: 1000,
  attachmentMb: 5,
} as const;

/**
 * The fiscal year of a date: the club's season, 1 September to 31 August, written '2026-2027'
 * (docs/decisions.md, "Fiscal year is the season"). A payment is posted in the fiscal year of its date.
 */
export const FISCAL_YEAR_START_MONTH = 9;
export function fiscalYearOf(isoDate: string): string {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  const first = month >= FISCAL_YEAR_START_MONTH ? year : year - 1;
  return `${first}-${first + 1}`;
}

/**
 * How far ahead of the club's today a payment may be dated (issue 26 item 7): a post-dated transfer a few weeks out
 * is real; a payment dated 2030 is a typing slip that would open a 2029-2030 ledger year. The server refuses a later
 * date (PAYMENT_DATE_TOO_FAR) and the payment form's calendar stops at the same day.
 */
export const PAYMENT_DATE_MAX_DAYS_AHEAD = 30;

const daysAfter = (today: string, days: number): string => {
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};

/** The latest date a payment may carry when the club's today is `today` (both YYYY-MM-DD). */
export function latestPaymentDate(today: string): string {
  return daysAfter(today, PAYMENT_DATE_MAX_DAYS_AHEAD);
}

/**
 * How far ahead of the club's today a manual accounting entry may be registered (issue 26 item 7): the payments'
 * window, since an entry records what was paid or invoiced, at most post-dated by a few weeks; its fiscal year is
 * typed on its own. The server refuses a later date (ENTRY_DATE_TOO_FAR) and the entry form's calendar stops there.
 */
export const ENTRY_DATE_MAX_DAYS_AHEAD = PAYMENT_DATE_MAX_DAYS_AHEAD;

/** The latest registration date of a manual accounting entry when the club's today is `today` (both YYYY-MM-DD). */
export function latestEntryDate(today: string): string {
  return daysAfter(today, ENTRY_DATE_MAX_DAYS_AHEAD);
}

/** Export keys of the finance lists (spec 002 §2). */
export const FINANCE_EXPORT_KEYS = {
  account: 'finance-account',
  subaccount: 'finance-subaccount',
  incomeCategory: 'finance-income-category',
  memberCharge: 'finance-member-charge',
  businessEntity: 'finance-business-entity',
  selfCertification: 'finance-self-certification',
  accountingEntry: 'finance-accounting-entry',
  trialBalance: 'finance-trial-balance',
} as const;

/**
 * The downloaded files' names, Italian as every other area's ('utenti.csv', 'tavoli.xlsx'): the spec's export keys
 * above named the files in English (issue 26 item 16).
 */
export const FINANCE_EXPORT_FILES = {
  account: 'conti',
  subaccount: 'sottoconti',
  incomeCategory: 'categorie_entrata',
  memberCharge: 'incasso_soci',
  businessEntity: 'fornitori_clienti',
  selfCertification: 'autocertificazioni',
  accountingEntry: 'movimenti_contabili',
  trialBalance: 'bilancio_di_verifica',
} as const satisfies Record<keyof typeof FINANCE_EXPORT_KEYS, string>;

/** Server phrases the payment toasts match (spec 002 §8); the client decides by code. */
export const NO_INCOME_CATEGORY_FOUND = 'No income category found';
export const NO_CASH_SUBACCOUNT = 'No cash subaccount for this income category';
export const NO_BANK_SUBACCOUNT = 'No bank subaccount for this income category';
/** The phrase the account and subaccount create toasts match (spec 002 §8). */
export const CODE_ALREADY_USED = 'This code has been already used';

/** The Italian provinces (sigla and name), the business-entity form's single choice. */
export const ITALIAN_PROVINCES = [
  { id: 'AG', name: 'Agrigento' },
  { id: 'AL', name: 'Alessandria' },
  { id: 'AN', name: 'Ancona' },
  { id: 'AO', name: 'Aosta' },
  { id: 'AP', name: 'Ascoli Piceno' },
  { id: 'AQ', name: "L'Aquila" },
  { id: 'AR', name: 'Arezzo' },
  { id: 'AT', name: 'Asti' },
  { id: 'AV', name: 'Avellino' },
  { id: 'BA', name: 'Bari' },
  { id: 'BG', name: 'Bergamo' },
  { id: 'BI', name: 'Biella' },
  { id: 'BL', name: 'Belluno' },
  { id: 'BN', name: 'Benevento' },
  { id: 'BO', name: 'Bologna' },
  { id: 'BR', name: 'Brindisi' },
  { id: 'BS', name: 'Brescia' },
  { id: 'BT', name: 'Barletta-Andria-Trani' },
  { id: 'BZ', name: 'Bolzano' },
  { id: 'CA', name: 'Cagliari' },
  { id: 'CB', name: 'Campobasso' },
  { id: 'CE', name: 'Caserta' },
  { id: 'CH', name: 'Chieti' },
  { id: 'CL', name: 'Caltanissetta' },
  { id: 'CN', name: 'Cuneo' },
  { id: 'CO', name: 'Como' },
  { id: 'CR', name: 'Cremona' },
  { id: 'CS', name: 'Cosenza' },
  { id: 'CT', name: 'Catania' },
  { id: 'CZ', name: 'Catanzaro' },
  { id: 'EN', name: 'Enna' },
  { id: 'FC', name: 'Forlì-Cesena' },
  { id: 'FE', name: 'Ferrara' },
  { id: 'FG', name: 'Foggia' },
  { id: 'FI', name: 'Firenze' },
  { id: 'FM', name: 'Fermo' },
  { id: 'FR', name: 'Frosinone' },
  { id: 'GE', name: 'Genova' },
  { id: 'GO', name: 'Gorizia' },
  { id: 'GR', name: 'Grosseto' },
  { id: 'IM', name: 'Imperia' },
  { id: 'IS', name: 'Isernia' },
  { id: 'KR', name: 'Crotone' },
  { id: 'LC', name: 'Lecco' },
  { id: 'LE', name: 'Lecce' },
  { id: 'LI', name: 'Livorno' },
  { id: 'LO', name: 'Lodi' },
  { id: 'LT', name: 'Latina' },
  { id: 'LU', name: 'Lucca' },
  { id: 'MB', name: 'Monza e della Brianza' },
  { id: 'MC', name: 'Macerata' },
  { id: 'ME', name: 'Messina' },
  { id: 'MI', name: 'Milano' },
  { id: 'MN', name: 'Mantova' },
  { id: 'MO', name: 'Modena' },
  { id: 'MS', name: 'Massa-Carrara' },
  { id: 'MT', name: 'Matera' },
  { id: 'NA', name: 'Napoli' },
  { id: 'NO', name: 'Novara' },
  { id: 'NU', name: 'Nuoro' },
  { id: 'OR', name: 'Oristano' },
  { id: 'PA', name: 'Palermo' },
  { id: 'PC', name: 'Piacenza' },
  { id: 'PD', name: 'Padova' },
  { id: 'PE', name: 'Pescara' },
  { id: 'PG', name: 'Perugia' },
  { id: 'PI', name: 'Pisa' },
  { id: 'PN', name: 'Pordenone' },
  { id: 'PO', name: 'Prato' },
  { id: 'PR', name: 'Parma' },
  { id: 'PT', name: 'Pistoia' },
  { id: 'PU', name: 'Pesaro e Urbino' },
  { id: 'PV', name: 'Pavia' },
  { id: 'PZ', name: 'Potenza' },
  { id: 'RA', name: 'Ravenna' },
  { id: 'RC', name: 'Reggio Calabria' },
  { id: 'RE', name: 'Reggio Emilia' },
  { id: 'RG', name: 'Ragusa' },
  { id: 'RI', name: 'Rieti' },
  { id: 'RM', name: 'Roma' },
  { id: 'RN', name: 'Rimini' },
  { id: 'RO', name: 'Rovigo' },
  { id: 'SA', name: 'Salerno' },
  { id: 'SI', name: 'Siena' },
  { id: 'SO', name: 'Sondrio' },
  { id: 'SP', name: 'La Spezia' },
  { id: 'SR', name: 'Siracusa' },
  { id: 'SS', name: 'Sassari' },
  { id: 'SU', name: 'Sud Sardegna' },
  { id: 'SV', name: 'Savona' },
  { id: 'TA', name: 'Taranto' },
  { id: 'TE', name: 'Teramo' },
  { id: 'TN', name: 'Trento' },
  { id: 'TO', name: 'Torino' },
  { id: 'TP', name: 'Trapani' },
  { id: 'TR', name: 'Terni' },
  { id: 'TS', name: 'Trieste' },
  { id: 'TV', name: 'Treviso' },
  { id: 'UD', name: 'Udine' },
  { id: 'VA', name: 'Varese' },
  { id: 'VB', name: 'Verbano-Cusio-Ossola' },
  { id: 'VC', name: 'Vercelli' },
  { id: 'VE', name: 'Venezia' },
  { id: 'VI', name: 'Vicenza' },
  { id: 'VR', name: 'Verona' },
  { id: 'VT', name: 'Viterbo' },
  { id: 'VV', name: 'Vibo Valentia' },
] as const;
export const PROVINCE_CODES: readonly string[] = ITALIAN_PROVINCES.map((p) => p.id);

/**
 * Attachment types of accounting entries (spec 002 §5), as the server detects them from the content: an old
 * .xls is an OLE file like an old .doc (both detected as application/msword), a .csv is plain text.
 */
export const ENTRY_ATTACHMENT_MIME_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/rtf',
  'text/plain',
  'application/zip',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/tiff',
  'image/webp',
  'image/svg+xml',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
] as const;
