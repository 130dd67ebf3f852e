import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { users } from '../tables';

/**
 * Deactivated means deactivation_status set and the end date (inclusive) not passed;
 * the day after the end date the user is active again without anyone acting.
 */
/** today: a YYYY-MM-DD string, or a placeholder of a prepared statement. */
export const isDeactivatedUser = (today: string | SQLWrapper): SQL<boolean> =>
  sql<boolean>`(${users.deactivation_status} and (${users.deactivation_date_end} is null or ${users.deactivation_date_end} >= ${today}))`;

export const isActiveUser = (today: string | SQLWrapper): SQL<boolean> => sql<boolean>`not ${isDeactivatedUser(today)}`;
