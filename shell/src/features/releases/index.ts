export { ReleasesPage } from './ReleasesPage';
