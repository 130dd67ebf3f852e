import { holdsAny } from 'shared-api';
import { NAV_GROUPS, routesOfGroup, type NavGroup, type PortalRoute } from '../../app/routes';

export interface VisibleGroup extends NavGroup {
  links: PortalRoute[];
}

/** The groups a user sees: by permission, with the Profile group always there (spec 000 §2.2). */
export function visibleGroups(permissions: readonly string[]): VisibleGroup[] {
  return NAV_GROUPS.filter((g) => holdsAny(permissions, g.permissions)).map((g) => ({
    ...g,
    links: routesOfGroup(g.id),
  }));
}

/** The denser menu style for staff who see many groups (spec 000 §4). */
export function usesExtendedMenu(permissions: readonly string[]): boolean {
  return permissions.length > 5 || permissions.includes('*');
}
