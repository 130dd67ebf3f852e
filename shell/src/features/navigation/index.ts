export { TopNav } from './TopNav';
export { SubNav } from './SubNav';
export { ClubLogo } from './ClubLogo';
export { visibleGroups, usesExtendedMenu } from './nav-model';
