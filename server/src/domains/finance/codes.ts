import { CODE_ALREADY_USED } from 'shared-api/contract';
import type { Db, DbOrTx } from '../../core/db/client';
import { DomainError, isUniqueViolation } from '../../core/errors';

const TAKEN = {
  ACCOUNT_CODE_TAKEN: 'finance_accounts_code_key',
  SUBACCOUNT_CODE_TAKEN: 'finance_subaccounts_code_key',
} as const;

/**
 * A write of accounts or subaccounts in one transaction: a code already taken (a manual one, or a race the codes'
 * lock did not cover) answers 409 with its code instead of the database's refusal.
 */
export async function writingCodes<R>(db: Db, taken: keyof typeof TAKEN, run: (tx: DbOrTx) => Promise<R>): Promise<R> {
  try {
    return await db.transaction(run);
  } catch (err) {
    if (isUniqueViolation(err, TAKEN[taken])) throw new DomainError(taken, CODE_ALREADY_USED);
    throw err;
  }
}
