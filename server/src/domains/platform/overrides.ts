/**
 * Per-developer override (issue 12): a signed-in user holding '*' points their own browser at a local build of one
 * domain app. The lines live in a cookie of that browser; /remotes.json (and the page's Content-Security-Policy)
 * apply them only for a session of a '*' user, and only towards the origins DEV_OVERRIDE_ORIGINS allows. Off (the
 * cookie ignored, the calls refused) unless configured.
 */
import type { SessionResolver } from '../../core/domain';
import { DomainError, invalidInput } from '../../core/errors';
import { SESSION_COOKIE } from '../../core/plugins/session';
import type { DomainAppRef } from './check';

export function cookiesOf(header: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0) out.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  return out;
}

/** The cookie's value: base64url of a JSON map federation name → manifest URL. */
export const encodeOverride = (lines: Record<string, string>) => Buffer.from(JSON.stringify(lines)).toString('base64url');

function decodeOverride(value: string): Record<string, string> {
  try {
    const raw = JSON.parse(Buffer.from(decodeURIComponent(value), 'base64url').toString('utf8')) as unknown;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
    return Object.fromEntries(Object.entries(raw as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

export class DevOverrides {
  constructor(
    private readonly o: {
      origins: readonly string[];
      apps: readonly DomainAppRef[];
      cookieName: string;
      sessions: () => SessionResolver | undefined;
    },
  ) {}

  get enabled(): boolean {
    return this.o.origins.length > 0;
  }

  get origins(): readonly string[] {
    return this.o.origins;
  }

  /** The lines to apply for this request's cookies, or null. */
  async overrideFor(cookieHeader: string | undefined): Promise<Record<string, string> | null> {
    if (!this.enabled || !cookieHeader) return null;
    const cookies = cookiesOf(cookieHeader);
    const value = cookies.get(this.o.cookieName);
    const token = cookies.get(SESSION_COOKIE);
    if (!value || !token) return null;
    const user = await this.o.sessions()?.find(decodeURIComponent(token));
    if (!user?.permissions.includes('*')) return null;
    const lines = Object.fromEntries(Object.entries(decodeOverride(value)).filter(([name, url]) => this.allowed(name, url)));
    return Object.keys(lines).length > 0 ? lines : null;
  }

  private allowed(federationName: string, url: string): boolean {
    if (!this.o.apps.some((a) => a.federationName === federationName)) return false;
    try {
      return this.o.origins.includes(new URL(url).origin);
    } catch {
      return false;
    }
  }

  /** The lines after pointing `app` (folder) at `url`; refused when off or towards another origin. */
  lines(current: Record<string, string>, app: string, url: string): Record<string, string> {
    if (!this.enabled) throw new DomainError('DEV_OVERRIDE_OFF');
    const ref = this.o.apps.find((a) => a.folder === app);
    if (!ref) throw invalidInput(`app: ${app} non è un'app di dominio del portale`);
    if (!this.allowed(ref.federationName, url)) throw invalidInput(`url: l'origine non è tra quelle consentite (${this.o.origins.join(', ')})`);
    return { ...current, [ref.federationName]: url };
  }

  current(cookieHeader: string | undefined): Record<string, string> {
    const value = cookieHeader ? cookiesOf(cookieHeader).get(this.o.cookieName) : undefined;
    return value ? decodeOverride(value) : {};
  }
}
