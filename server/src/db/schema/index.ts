export * from './files';
export * from './mail';
export * from './registry';
export * from './users';
export * from './auth';
