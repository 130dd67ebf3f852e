import { DomainError } from '../../core/errors';

/** Who acts on the registry: their id and their permissions (their category's). */
export interface Actor {
  id: string;
  permissions: readonly string[];
}

export const isSuperuser = (permissions: readonly string[]) => permissions.includes('*');

/**
 * Granting a permission requires holding it; only '*' grants '*' (DESIGN §3). Without this a registry clerk could
 * write '*' into a category, give it to themselves and take the administrators' rights (issue 7 finding 6).
 */
export function assertCanGrant(actor: Actor, permissions: readonly string[]): void {
  if (isSuperuser(actor.permissions)) return;
  if (permissions.some((p) => p === '*' || !actor.permissions.includes(p))) throw new DomainError('PERMISSION_NOT_HELD');
}

/** A user or category holding '*' is changed only by a '*' user. */
export function assertMayChange(actor: Actor, targetPermissions: readonly string[]): void {
  if (isSuperuser(targetPermissions) && !isSuperuser(actor.permissions)) throw new DomainError('ADMINISTRATOR_PROTECTED');
}
