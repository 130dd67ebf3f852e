/**
 * Access as the server and the shell enforce it: a member opening a registry page is sent home and gets 403
 * from the registry API; an anonymous visitor gets 401 and is sent to /login, which remembers the page.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, MEMBER_PASSWORD, signIn, portalForThisFile } from './support/portal.ts';

const MEMBER_EMAIL = 'marco.rossi@circolo.example';
const portal = portalForThisFile();

test('a member opening the users management page is sent to the home page', async () => {
  const page = await portal.browser.newPage();
  await signIn(page, portal.server.url, MEMBER_EMAIL, MEMBER_PASSWORD);
  await page.goto(`${portal.server.url}/registry/users/management`);
  await page.waitForURL(`${portal.server.url}/`);
  await page.getByText('Ciao Marco').first().waitFor();
  assert.equal(await page.getByRole('heading', { name: 'Gestione utenti' }).count(), 0);
  // The registry group is not in a member's navigation.
  assert.equal(await page.getByTestId('top-nav').getByText('Anagrafica').count(), 0);

  const status = await page.evaluate(async () =>
    Promise.all(
      [
        fetch('/api/v1/user', { credentials: 'include' }),
        fetch('/api/v1/user/category', { credentials: 'include' }),
        fetch('/api/v1/user/export?format=csv', { credentials: 'include' }),
        fetch('/api/v1/user', {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        }),
      ].map(async (r) => (await r).status),
    ),
  );
  assert.deepEqual(status, [403, 403, 403, 403]);
  await page.close();
});

test('an anonymous visitor gets 401 from the API and /login in the browser, then returns to the page', async () => {
  for (const path of ['/api/v1/user', '/api/v1/user/me', '/api/v1/user/category']) {
    const res = await fetch(`${portal.server.url}${path}`);
    assert.equal(res.status, 401, path);
  }
  const page = await (await portal.browser.newContext()).newPage();
  await page.goto(`${portal.server.url}/registry/users/management`);
  await page.waitForURL(`${portal.server.url}/login`);
  await page.getByLabel(/^Email/).fill(ADMIN.email);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Entra' }).click();
  await page.waitForURL(`${portal.server.url}/registry/users/management`);
  await page.getByRole('heading', { name: 'Gestione utenti' }).waitFor();
  await page.close();
});
