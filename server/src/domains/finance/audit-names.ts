import { type AuditNaming, nameParts, nameText, nameValue, namedByColumns } from '../../core/audit/names';
import {
  finance_accounting_entries as entries,
  finance_accounts as accounts,
  finance_business_entities as businessEntities,
  finance_income_categories as incomeCategories,
  finance_member_charges as charges,
  finance_member_payments as payments,
  finance_subaccounts as subaccounts,
} from './tables';

/**
 * How the audit log names the finance's records (core/audit/names.ts): an account and a subaccount by code and name,
 * a charge by its number and description, a payment by its amount and day, an accounting entry by its number, year
 * and day, the others by name.
 */
export const financeAuditNames: readonly AuditNaming[] = [
  namedByColumns(accounts.id, { code: accounts.code, name: accounts.name }, (r) => nameParts(nameText(r.code), ' ', nameText(r.name))),
  namedByColumns(subaccounts.id, { code: subaccounts.code, name: subaccounts.name }, (r) => nameParts(nameText(r.code), ' ', nameText(r.name))),
  namedByColumns(incomeCategories.id, { name: incomeCategories.name }, (r) => nameText(r.name)),
  namedByColumns(businessEntities.id, { name: businessEntities.name }, (r) => nameText(r.name)),
  namedByColumns(charges.id, { code: charges.code, description: charges.description }, (r) =>
    nameParts('N. ', nameText(r.code), nameText(r.description) ? `, ${nameText(r.description)}` : ''),
  ),
  namedByColumns(payments.id, { amount_cents: payments.amount_cents, payment_date: payments.payment_date }, (r, tz) =>
    typeof r.amount_cents === 'number' && r.payment_date
      ? `${nameValue(r.amount_cents, 'amount_cents', tz)} del ${nameValue(r.payment_date, 'payment_date', tz)}`
      : null,
  ),
  namedByColumns(
    entries.id,
    { progressive: entries.progressive, fiscal_year: entries.fiscal_year, registration_date: entries.registration_date },
    (r, tz) =>
      nameParts(
        'N. ',
        nameText(r.progressive),
        '/',
        nameText(r.fiscal_year),
        r.registration_date ? ` del ${nameValue(r.registration_date, 'registration_date', tz)}` : '',
      ),
  ),
];
