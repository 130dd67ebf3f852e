/**
 * The HTTP client with the spec's request conventions (spec 000 §7–8, 002 §7–8):
 * /api/v1 base, credentials on every call, null/undefined query parameters skipped,
 * JSON content type unless multipart, 204 or empty body → {}, errors carrying status and parsed body.
 */
import { API_ERRORS, isApiErrorCode, type ApiErrorCode } from '../contract/errors';

export const API_BASE = '/api/v1';

/**
 * A refused or failed call. `status` 0 means no answer at all (network down); `code` is the stable error
 * code of the answer's body (API_ERRORS), or null when the answer had none.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly code: ApiErrorCode | null;
  constructor(message: string, status: number, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
    this.code = isApiErrorCode(code) ? code : null;
  }
}

export interface ErrorTextOptions {
  /** Codes whose own Italian text (API_ERRORS) replaces the fallback, because it tells the user what to change. */
  own?: readonly ApiErrorCode[];
  /** Codes whose server message is appended to the fallback ('fallback: message'), e.g. which file was refused. */
  detailed?: readonly ApiErrorCode[];
  /** Codes whose server message replaces the fallback: it is already Italian and says more, e.g. who still holds a row. */
  server?: readonly ApiErrorCode[];
}

/**
 * The Italian text to show for a failed action: the caller's fallback (the spec's wording for that action)
 * unless the error's code is one the caller lets speak for itself. Decided by code, never by the message.
 */
export function errorText(error: unknown, fallback: string, { own = [], detailed = [], server = [] }: ErrorTextOptions = {}): string {
  const code = error instanceof ApiError ? error.code : null;
  if (code && own.includes(code)) return API_ERRORS[code].text;
  if (code && server.includes(code) && error instanceof ApiError && error.message) return error.message;
  if (code && detailed.includes(code) && error instanceof ApiError && error.message) return `${fallback}: ${error.message}`;
  return fallback;
}

/** True when the call got no answer at all (offline, server down), as opposed to an answer that refused it. */
export const isNetworkError = (error: unknown): boolean => error instanceof ApiError && error.status === 0;

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
}

export function buildUrl(path: string, query?: QueryParams): string {
  // Paths that already start with /api/ (file URLs the server hands out) are rewritten onto the base.
  const clean = path.startsWith('/api/v1/') ? path.slice(API_BASE.length) : path;
  const url = `${API_BASE}${clean.startsWith('/') ? '' : '/'}${clean}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

export function errorMessageFrom(body: unknown, status: number): string {
  if (body && typeof body === 'object') {
    const b = body as { message?: unknown; error?: unknown };
    if (typeof b.message === 'string' && b.message) return b.message;
    if (typeof b.error === 'string' && b.error) return b.error;
  }
  return `Request failed with status ${status}`;
}

async function parseBody(res: Response): Promise<unknown> {
  if (res.status === 204) return {};
  const text = await res.text();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

async function send(method: string, path: string, opts: RequestOptions = {}): Promise<Response> {
  const isMultipart = typeof FormData !== 'undefined' && opts.body instanceof FormData;
  const headers: Record<string, string> = {};
  let body: BodyInit | undefined;
  if (opts.body !== undefined) {
    if (isMultipart) body = opts.body as FormData;
    else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
  }
  try {
    return await fetch(buildUrl(path, opts.query), { method, headers, body, credentials: 'include', signal: opts.signal });
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    throw new ApiError((err as Error)?.message || 'Unknown error occurred', 0, null);
  }
}

export async function request<T = unknown>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await send(method, path, opts);
  const body = await parseBody(res);
  if (!res.ok) throw new ApiError(errorMessageFrom(body, res.status), res.status, body);
  return body as T;
}

export const api = {
  get: <T = unknown>(path: string, query?: QueryParams, signal?: AbortSignal) => request<T>('GET', path, { query, signal }),
  post: <T = unknown>(path: string, body?: unknown) => request<T>('POST', path, { body }),
  put: <T = unknown>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
  patch: <T = unknown>(path: string, body?: unknown) => request<T>('PATCH', path, { body }),
  delete: <T = unknown>(path: string, body?: unknown) => request<T>('DELETE', path, { body }),
};

export interface UploadProgress {
  /** Bytes of the request body sent so far. */
  loaded: number;
  /** Bytes of the whole body (0 when the browser cannot tell). */
  total: number;
}

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

function parseText(status: number, text: string): unknown {
  if (status === 204 || !text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

/**
 * Sends a multipart body with the conventions of `request` (base, credentials, errors carrying status and body,
 * 204 or empty → {}), through XMLHttpRequest because fetch reports no upload progress: `onProgress` hears how
 * much of the file has left the browser, for a progress bar.
 */
export function upload<T = unknown>(
  method: 'POST' | 'PATCH' | 'PUT',
  path: string,
  body: FormData,
  { onProgress, signal }: UploadOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, buildUrl(path));
    xhr.withCredentials = true;
    if (onProgress) xhr.upload.onprogress = (e) => onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : 0 });
    xhr.onload = () => {
      const parsed = parseText(xhr.status, xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(parsed as T);
      else reject(new ApiError(errorMessageFrom(parsed, xhr.status), xhr.status, parsed));
    };
    xhr.onerror = () => reject(new ApiError('Unknown error occurred', 0, null));
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    if (signal?.aborted) return reject(new DOMException('The upload was aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
    return undefined;
  });
}

const EXTENSION_BY_TYPE: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpeg',
};

/** File name from content-disposition (RFC 5987 filename* first), else fallback + extension from the type. */
export function fileNameFrom(headers: Headers, fallback: string): string {
  const cd = headers.get('content-disposition') ?? '';
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(cd)?.[1];
  if (star) return decodeURIComponent(star.trim().replace(/^"|"$/g, ''));
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(cd)?.[1];
  if (plain) return plain.trim();
  const [type = ''] = (headers.get('content-type') ?? '').split(';');
  const ext = EXTENSION_BY_TYPE[type.trim()];
  return ext ? `${fallback}.${ext}` : fallback;
}

/**
 * Hands a file to the browser as a download under `name` (an object URL clicked through an anchor, revoked a moment
 * later): the one place the front ends save a file, whether fetched (`download`) or made in the page.
 */
export function saveFile(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** GET a file and hand it to the browser as a download. Returns the name it was saved under. */
export async function download(path: string, fallbackName: string, query?: QueryParams): Promise<string> {
  const res = await send('GET', path, { query });
  if (!res.ok) {
    const body = await parseBody(res);
    throw new ApiError(errorMessageFrom(body, res.status), res.status, body);
  }
  const name = fileNameFrom(res.headers, fallbackName);
  saveFile(await res.blob(), name);
  return name;
}

/** Shared check of spec 000 §8: throws the body's error text or 'Front-end fetching error'. */
export function assertFetchOk(ok: boolean, body: unknown): void {
  if (ok) return;
  const err = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  throw new Error(typeof err === 'string' && err ? err : 'Front-end fetching error');
}
