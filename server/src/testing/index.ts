/**
 * The server's public entry for the packages that test or measure it from outside (e2e/, bench/): `server/testing`.
 * They import what they need from here, never a server file by relative path (lint: eslint.config.mjs, the package
 * boundaries of bench/ and e2e/), so what they lean on is listed in one place.
 */

// The test app on a fresh database (testing/helper.ts) and the measures the suites share.
export { ADMIN, build, call, login } from './helper';
export { longestLoopDelay, socketLikeUpload } from './event-loop';
export {
  bigFitetCsv,
  declaredBombArchive,
  fitetCsvText,
  fitetWorkbook,
  padBuild,
  strayColumnWorkbook,
  tarGzOf,
  whitespaceWorkbook,
} from './heavy-files';
export { fakeBuild, writeShellProvides } from '../domains/platform/tests/fixtures';
export { bookedDailySessions, createMembers } from '../domains/booking/tests/support';

// The app's start-up pieces a benchmark assembles by hand (a database, its seed, the settings).
export { loadAppConfig, migrateDatabase, seedIfEmpty } from '../app';
export { type Database, openDatabase } from '../core/db/client';
export { rowsOf } from '../core/db/rows';
export { hashPassword } from '../core/passwords';
export { systemClock } from '../core/time';
export { FileRepository } from '../core/files/repository';
export { FileStore } from '../core/files/store';

// Domain pieces measured on their own (bench/list.ts, booking.ts, finance.ts) and the fiscal-code rule the browser
// tests build valid codes with.
export { UserRepository } from '../domains/registry/users/repository';
export { withCheckLetter } from '../domains/registry/users/fiscal-code';
export { TrainingSessionRepository } from '../domains/booking/sessions/repository';
export { TrainingSessionService } from '../domains/booking/sessions/service';
export { CALENDAR_PLANNER, occurrenceConditions, occurrenceRowsSql, pageWindowSql } from '../domains/booking/sessions/occurrence-sql';
export { type FinanceServices, finance } from '../domains/finance/index';
export { AccountingMovementRepository } from '../domains/finance/accounting-movements/repository';

// The backup of the embedded database (bench/backup.ts): the whole archive, and its database part alone.
export { createBackup } from '../core/backup/backup';
export { pgliteBaseBackup } from '../core/backup/pglite';
export { loadCoreConfig } from '../core/config';
