/** axe-core in the composed portal: the serious and critical violations of a page as it is now. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** Every serious or critical violation axe finds on the page as it is now, described for the failure message. */
export async function seriousViolations(page: Page, where: string): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the portal's Content-Security-Policy (no inline scripts) does not block.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // Colours are judged as they end up: let opening animations (a dialog fading in) finish first. Not a toast's
  // progress bar: it runs the toast's whole 5 s and changes no colour.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .filter((a) => !((a.effect as KeyframeEffect | null)?.target as Element | null)?.classList.contains('Toastify__progress-bar'))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return (violations as Violation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}) ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}

/** Waits until the page has loaded its data: no request in flight and no loading text. */
export async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page
    .getByText(/Caricamento in corso|Verifica autenticazione in corso/)
    .first()
    .waitFor({ state: 'hidden' });
}
