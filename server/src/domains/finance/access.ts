/** Every finance route but the member's own payments: the finance staff. */
export const FINANCE_ACCESS = ['finance_access'] as const;
export const financeStaff = { access: FINANCE_ACCESS };
