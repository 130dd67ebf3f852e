/**
 * The cast of the authorization matrix: anonymous, a member (the seeded 'Soci', book_session), one user per
 * permission alone in a category of its own, and the administrator ('*'). Users are made through the API the way
 * the registry makes them: created with a photo, invitation completed, terms accepted.
 */
import { PERMISSIONS } from 'shared-api/contract';
import { ADMIN, MEMBER, type TestApp, call, lastMailLink, linkParams, login, userPayload } from '../helper';

export interface Actor {
  name: string;
  /** Session cookie; null for the anonymous caller. */
  cookie: string | null;
  /** The permissions the actor holds; null for the anonymous caller. */
  permissions: string[] | null;
  userId: string | null;
  email: string | null;
  password: string | null;
  /** Id of a file the actor owns (their photo), if any. */
  fileId: string | null;
}

const PASSWORD = 'Matrice-2026!';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

function ok(res: { statusCode: number; body: string }, expected: number, what: string) {
  if (res.statusCode !== expected) throw new Error(`${what} → ${res.statusCode} ${res.body}`);
}

export async function createCategory(t: TestApp, admin: string, name: string, permissions: string[]): Promise<string> {
  const res = await call(t.app, admin, 'POST', '/api/v1/user/category', { name, description: 'Categoria di prova', permissions });
  ok(res, 201, `POST /user/category ${name}`);
  return res.json()._id as string;
}

/** A registered member of the category, with a photo, who has chosen a password and accepted the terms. */
export async function registeredUser(
  t: TestApp,
  admin: string,
  category: string,
  label: string,
): Promise<{ userId: string; email: string; password: string; cookie: string; fileId: string }> {
  const payload = userPayload(category);
  const form = new FormData();
  for (const [key, value] of Object.entries(payload)) form.append(key, Array.isArray(value) ? JSON.stringify(value) : String(value));
  form.append('image', new Blob([PNG], { type: 'image/png' }), `${label}.png`);
  const created = await call(t.app, admin, 'POST', '/api/v1/user', form);
  ok(created, 201, `POST /user (${label})`);
  const user = created.json<{ _id: string; email: string; image: { url: string } }>();
  const { userId, token } = linkParams(await lastMailLink(t, user.email));
  ok(await call(t.app, null, 'POST', '/api/v1/auth/complete-registration', { userId, token, password: PASSWORD }), 200, 'complete-registration');
  const cookie = await login(t.app, { email: user.email, password: PASSWORD });
  ok(await call(t.app, cookie, 'POST', '/api/v1/auth/accept-terms', { privacy_policy: true, regulations: true }), 200, 'accept-terms');
  return { userId: user._id, email: user.email, password: PASSWORD, cookie, fileId: user.image.url.split('/').pop()! };
}

export async function makeCast(t: TestApp): Promise<{ actors: Actor[]; admin: Actor }> {
  const adminCookie = await login(t.app, ADMIN);
  const me = async (cookie: string) => (await call(t.app, cookie, 'GET', '/api/v1/user/me')).json<{ _id: string }>();
  const admin: Actor = {
    name: "'*' (amministratore)",
    cookie: adminCookie,
    permissions: ['*'],
    userId: (await me(adminCookie))._id,
    email: ADMIN.email,
    password: ADMIN.password,
    fileId: null,
  };
  const memberCookie = await login(t.app, MEMBER);
  const actors: Actor[] = [
    { name: 'anonimo', cookie: null, permissions: null, userId: null, email: null, password: null, fileId: null },
    {
      name: 'socio (Soci: book_session)',
      cookie: memberCookie,
      permissions: ['book_session'],
      userId: (await me(memberCookie))._id,
      email: MEMBER.email,
      password: MEMBER.password,
      fileId: null,
    },
  ];
  for (const permission of PERMISSIONS.filter((p) => p !== '*')) {
    const category = await createCategory(t, adminCookie, `Solo ${permission}`, [permission]);
    const user = await registeredUser(t, adminCookie, category, permission);
    actors.push({ name: `solo ${permission}`, permissions: [permission], ...user });
  }
  actors.push(admin);
  return { actors, admin };
}
