export * from './client/http';
export * from './auth/store';
export * from './contract';
