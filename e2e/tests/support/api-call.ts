import type { BrowserContext, Page } from 'playwright-core';

/** The portal's address each signed-in context was given (signIn), for calls made before any page is open. */
const portalOf = new WeakMap<BrowserContext, string>();

export function rememberPortal(context: BrowserContext, baseUrl: string): void {
  portalOf.set(context, baseUrl);
}

/**
 * A call to the API with a signed-in page's session (its context's cookie, same origin, as the portal's own pages send
 * it). It goes through the context's request client, so a page that only prepares data (a session to book, a rule to
 * change) never has to load the portal.
 */
export async function apiCall<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const base = portalOf.get(page.context()) ?? new URL(page.url()).origin;
  const res = await page.request.fetch(`${base}/api/v1${path}`, {
    method,
    headers: { origin: base, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { data: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status(), body: text ? (JSON.parse(text) as T) : ({} as T) };
}
