/** The shell's answers of the API mock (shared-ui/testing/api, msw): the session a signed-in page asks for. */
import type { SessionUser } from 'shared-api';
import type { Handlers } from 'shared-ui/testing/api';
import { profileOf } from './fixtures';

/** GET /auth/me answers `user`; GET /user/me their profile, or 403 while the terms are not accepted. */
export function sessionHandlers(user: SessionUser | null): Handlers {
  if (!user) return { 'GET /auth/me': { body: { user: null } } };
  return {
    'GET /auth/me': { body: { user } },
    'GET /user/me': user.has_accepted_terms
      ? { body: profileOf(user) }
      : { status: 403, body: { code: 'TERMS_NOT_ACCEPTED', message: 'Devi accettare i termini e le condizioni per continuare.' } },
  };
}
