/**
 * Issue 26, "Phone and keyboard":
 * 10. No page scrolls sideways on a 390 × 844 phone: every route of the portal, as the administrator, and the public
 *     pages signed out.
 * 11. A menu inside a phone's bottom-sheet modal opens in sight, above the sheet's footer (the booking's partner menu).
 * 12. Keyboard focus shows: every focus ring reaches 3:1 against what surrounds it (the top navigation's too, and the
 *     items of an open dropdown menu).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { PORTAL_ROUTES } from 'shared-api/portal-routes';
import { PUBLIC_ROUTES } from 'shell/routes';
import { clubDate, testNow } from 'test-kit';
import { screenshot } from './support/browser.ts';
import { ADMIN, MEMBER_PASSWORD, portalForThisFile, signIn } from './support/portal.ts';

const portal = portalForThisFile();
const PHONE = { width: 390, height: 844 };

/**
 * Every signed-in route of the shell's route table, so a route added later is walked too, and the fallback page;
 * the public pages signed out (the e-mailed links' pages with a uid and token, so they show their form).
 */
const ROUTES = [...PORTAL_ROUTES.map((r) => r.path), '/una-pagina-che-non-esiste'];
const PUBLIC_PAGES = PUBLIC_ROUTES.map((r) => `${r.path}?uid=00000000-0000-4000-8000-000000000000&token=t`);

/** The elements wider than the page reaches, to name what pans it sideways. */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((el) => el.getBoundingClientRect().right > width + 1 && el.offsetParent !== null)
      .filter((el) => !Array.from(el.children).some((child) => (child as HTMLElement).getBoundingClientRect().right > width + 1))
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')} (${Math.round(el.getBoundingClientRect().right)} px)`);
  });

/** The paths among `paths` whose page is wider than the phone, with what overflows (a screenshot of each). */
async function panning(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(`${portal.server.url}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    const { scroll, client } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    if (scroll > client) {
      found.push(`${path}: ${scroll} > ${client} px: ${(await overflowing(page)).join(', ')}`);
      await screenshot(page, `walk-phone-10${path.split('?')[0]!.replaceAll('/', '-')}`);
    }
  }
  return found;
}

test('10. no page of the portal scrolls sideways on a 390 px phone', async () => {
  const page = await portal.browser.newPage({ viewport: PHONE });
  const signedOut = await panning(page, PUBLIC_PAGES);
  await signIn(page, portal.server.url, ADMIN.email, ADMIN.password);
  assert.deepEqual([...signedOut, ...(await panning(page, ROUTES))], []);
  await page.close();
});

test('11. the partner menu of the booking sheet opens in sight, above its footer', async () => {
  const page = await portal.browser.newPage({ viewport: PHONE });
  await signIn(page, portal.server.url, 'marco.rossi@circolo.example', MEMBER_PASSWORD);
  // The demo week's evening sessions, tomorrow (or today on a Sunday, the week's last day: the test kit's clock edges).
  const today = clubDate(testNow(), 'Europe/Rome');
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const day = new Date(`${today}T00:00:00Z`).getUTCDay() === 0 ? today : tomorrow;
  await page.goto(`${portal.server.url}/book-session?date=${encodeURIComponent(JSON.stringify(day))}`);
  await page.getByRole('button', { name: 'Prenota' }).first().click();
  const sheet = page.getByRole('dialog');
  await sheet.getByRole('combobox', { name: /^Scegli compagno/ }).click();
  const list = sheet.getByRole('listbox');
  await list.waitFor();
  const footer = await sheet.locator('.ui-modal__footer').boundingBox();
  const box = await list.boundingBox();
  await screenshot(page, 'walk-phone-11-partner-menu');
  assert.ok(box!.y + box!.height <= footer!.y + 1, `the list ends at ${box!.y + box!.height} px, the footer starts at ${footer!.y} px`);
  await page.close();
});

/** WCAG's contrast ratio of two rgb()/rgba() colours (an alpha is laid over `under`). */
function contrast(a: string, b: string, under = [255, 255, 255]): number {
  const rgb = (c: string) => {
    const [r, g, bl, alpha = 1] = c.match(/[\d.]+/g)!.map(Number);
    return [r!, g!, bl!].map((v, i) => v * alpha + under[i]! * (1 - alpha));
  };
  const lum = (c: number[]) =>
    c
      .map((v) => v / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
      .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i]!, 0);
  const [hi, lo] = [lum(rgb(a)), lum(rgb(b))].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The focused element's ring colour (outline, else the outermost box-shadow) and the background around it. */
const focusRing = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    const ring =
      style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
        ? style.outlineColor
        : ((style.boxShadow.match(/rgba?\([^)]*\)/g) ?? []).at(-1) ?? 'none');
    let node: HTMLElement | null = el.parentElement;
    let background = 'rgb(255, 255, 255)';
    while (node) {
      const bg = getComputedStyle(node).backgroundColor;
      if (bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent') {
        background = bg;
        break;
      }
      node = node.parentElement;
    }
    return { ring, background, name: el.textContent?.trim().slice(0, 30) ?? el.tagName };
  });

test('12. every keyboard focus ring reaches 3:1 against its background, in the top navigation too', async () => {
  const page = await portal.browser.newPage({ viewport: { width: 1366, height: 768 } });
  await signIn(page, portal.server.url, ADMIN.email, ADMIN.password);
  await page.goto(`${portal.server.url}/registry/users/qualifications`);
  await page.getByRole('button', { name: 'Aggiungi qualifica' }).waitFor();
  const weak: string[] = [];
  await page.locator('body').focus();
  for (let i = 0; i < 16; i++) {
    await page.keyboard.press('Tab');
    const { ring, background, name } = await focusRing(page);
    const ratio = ring === 'none' ? 0 : contrast(ring, background);
    if (ratio < 3) weak.push(`${name}: ${ring} on ${background} = ${ratio.toFixed(2)}:1`);
  }
  await screenshot(page, 'walk-phone-12-focus');

  // The shared DropdownMenu's items: the lists' 'Scarica' formats and a user row's 'Altre azioni' (with its danger item).
  await page.goto(`${portal.server.url}/registry/users/management`);
  for (const trigger of [page.getByRole('button', { name: 'Scarica' }), page.getByRole('button', { name: 'Altre azioni' }).last()]) {
    await trigger.focus();
    await page.keyboard.press('Enter');
    const items = page.getByRole('menu').getByRole('menuitem');
    await items.first().waitFor();
    for (let i = await items.count(); i > 0; i--) {
      await page.keyboard.press('Tab');
      const { ring, background, name } = await focusRing(page);
      const ratio = ring === 'none' ? 0 : contrast(ring, background);
      if (ratio < 3) weak.push(`${name}: ${ring} on ${background} = ${ratio.toFixed(2)}:1`);
    }
    await screenshot(page, `walk-phone-12-dropdown-${(await trigger.textContent())?.trim() || 'altre-azioni'}`);
    await page.keyboard.press('Escape');
  }
  assert.deepEqual(weak, []);
  await page.close();
});
