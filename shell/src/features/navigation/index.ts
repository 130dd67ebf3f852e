export { TopNav } from './TopNav';
export { SubNav } from './SubNav';
