/** Italian numbers of the statistics pages (Intl, it-IT): counts with thousands separators, hours and shares. */
const count = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0 });
const hours = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat('it-IT', { style: 'percent', minimumFractionDigits: 0, maximumFractionDigits: 1 });

/** 12345 → '12.345' (Italian groups from five digits on: 1234). */
export const formatCount = (n: number) => count.format(n);
/** 1.5 → '1,5'; 2 → '2'. */
export const formatHours = (n: number) => hours.format(n);
/** A share 0–1 as a percentage: 0.4167 → '41,7%'. */
export const formatPercent = (share: number) => percent.format(share);
