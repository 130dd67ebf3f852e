export * from './constants';
export * from './common';
export * from './auth';
export * from './users';
export * from './references';
export * from './account';
export * from './certificates';
export * from './training-groups';
export * from './booking';
export * from './statistics';
export * from './finance';
export * from './storage';
export * from './platform';
export * from './audit';
// The audit log's labels: not among the run-time constants every page loads ('shared-api'), only the log's pages
// read them ('shared-api/audit-labels'), and the way an entry reads ('shared-api/audit-format').
export * from './audit-constants';
export * from './audit-format';
