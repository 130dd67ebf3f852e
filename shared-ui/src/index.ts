export type { DomainRoutes } from './federation/domain-routes';
