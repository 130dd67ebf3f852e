export * from './constants';
export * from './common';
export * from './auth';
export * from './users';
export * from './references';
export * from './account';
export * from './certificates';
export * from './training-groups';
