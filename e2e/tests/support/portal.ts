/** Steps a person takes in the portal, shared by the browser tests. */
import { after, before } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { apiCall, rememberPortal } from './api-call.ts';
import { launchBrowser } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

export const ADMIN = { email: 'admin@circolo.example', password: 'Admin-2026!' };
export const MEMBER_PASSWORD = 'Socio-2026!';

/**
 * Signs the page's context in as `email` and opens the home page (or `open`). The session is asked of the API, as the login form
 * asks it, in the context's cookie jar: loading /login and typing into it for every person of every test cost a page
 * load each, and the form has tests of its own (access, first-load, validation, polish, accessibility).
 */
export async function signIn(page: Page, baseUrl: string, email: string, password: string, open: string | null = '/'): Promise<void> {
  // Same-origin, as the portal's pages send it (cross-site writes are refused).
  const res = await page.request.post(`${baseUrl}/api/v1/auth/login`, { data: { email, password }, headers: { origin: baseUrl } });
  if (res.status() !== 200) throw new Error(`accesso di ${email}: ${res.status()} ${await res.text()}`);
  rememberPortal(page.context(), baseUrl);
  // null: a context that only prepares data through apiCall opens no page at all.
  if (open !== null) await page.goto(`${baseUrl}${open}`);
}

export async function choose(page: Page, combobox: string | RegExp, option: string): Promise<void> {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

export async function toast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor();
}

/**
 * Deletes every certificate of a member through the staff API from a signed-in staff page (what 'Elimina' on
 * 'Gestione certificati' calls), for tests that start from a member without one: the demo club gives every member
 * an approved medical certificate.
 */
export async function removeCertificates(staff: Page, email: string): Promise<void> {
  const picked = await apiCall<{ data: { _id: string; email: string }[] }>(
    staff,
    'GET',
    `/user?limit=500&reducedDetails=true&q=${encodeURIComponent(email)}`,
  );
  const user = picked.body.data.find((u) => u.email === email);
  if (!user) throw new Error(`utente ${email} non trovato`);
  const list = (await apiCall<{ data: { _id: string; user: { _id: string } }[] }>(staff, 'GET', '/certificate?limit=500')).body.data;
  for (const c of list.filter((c) => c.user._id === user._id)) {
    const res = await apiCall(staff, 'DELETE', `/certificate/${c._id}/user/${user._id}`);
    if (res.status !== 204) throw new Error(`certificato di ${email} non eliminato: ${res.status}`);
  }
}

export interface NewMember {
  memberId: string;
  name: string;
  surname: string;
  email: string;
  phone: string;
  /** A valid codice fiscale of the person: the form fills birth date, sex, place and province from it. */
  fiscalCode: string;
  address: string;
  place: string;
  province: string;
  postalCode: string;
}

/** A new adult member not in the demo club (each test file has its own database). */
export const NEW_MEMBER: NewMember = {
  memberId: '0100',
  name: 'Chiara',
  surname: 'Esposito',
  email: 'chiara.esposito@example.it',
  phone: '+39 333 7654321',
  // Chiara Esposito, born in Napoli on 22/07/1990: the form fills birth date, sex, place and province from it.
  fiscalCode: 'SPSCHR90L62F839D',
  address: 'Via Toledo 12',
  place: 'Napoli',
  province: 'Napoli',
  postalCode: '80134',
};

/** Opens 'Aggiungi utente' on the users page and fills every required field of an adult member. */
export async function openAndFillUserForm(page: Page, m: NewMember): Promise<Locator> {
  await page.getByRole('button', { name: 'Aggiungi utente' }).click();
  const form = page.getByRole('dialog', { name: 'Aggiungi utente' });
  await form.getByLabel(/^Numero libro soci/).fill(m.memberId);
  await form.getByLabel(/^Nome/).fill(m.name);
  await form.getByLabel(/^Cognome/).fill(m.surname);
  await form.getByLabel(/^Codice fiscale/).fill(m.fiscalCode);
  await page.getByText('Dati autocompletati dal codice fiscale').first().waitFor();
  await form.getByLabel(/^Email/).fill(m.email);
  await form.getByLabel(/^Telefono/).fill(m.phone);
  await form.getByLabel(/^Indirizzo di residenza/).fill(m.address);
  await form.getByLabel(/^Comune di residenza/).fill(m.place);
  await choose(page, /^Provincia di residenza/, m.province);
  await form.getByLabel(/^CAP di residenza/).fill(m.postalCode);
  await choose(page, 'Categoria (obbligatorio)', 'Soci');
  return form;
}

/** A new browser context (1366 × 900 unless told) signed in as `email`: one person's own session, beside others'. */
export async function signedInPage(
  portal: { server: RunningServer; browser: Browser },
  email: string,
  password: string,
  viewport = { width: 1366, height: 900 },
): Promise<Page> {
  const context = await portal.browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, portal.server.url, email, password);
  return page;
}

/**
 * The composed portal for one test file: a fresh server (with its own database) and a browser, started
 * before the file's tests and stopped after them (`env`: more of the server's settings). Read `portal.server` and
 * `portal.browser` inside tests.
 */
export function portalForThisFile(env: Record<string, string> = {}): { server: RunningServer; browser: Browser } {
  const portal = {} as { server: RunningServer; browser: Browser };
  before(async () => {
    portal.server = await startServer(env);
    portal.browser = await launchBrowser();
  });
  after(async () => {
    await portal.browser?.close();
    await portal.server?.stop();
  });
  return portal;
}
