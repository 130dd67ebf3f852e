/**
 * The one API-mock layer of the front-end tests: msw intercepts every fetch at the network boundary and
 * answers from a table of `METHOD /path` handlers (paths under /api/v1, without the query string), recording
 * each request the code under test sent. Each domain declares its own handlers (mf-registry/src/test/handlers.ts,
 * shell/src/testing/handlers.ts); a test adds or overrides the answers it is about.
 * jest.setup.ts starts the server once per test file and drops the handlers after each test.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

export const apiServer = setupServer();

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  /** Parsed JSON, the FormData of a multipart request, or undefined without a body. */
  body: unknown;
  headers: Headers;
  /** The request's credentials mode ('include' sends the session cookie). */
  credentials: RequestCredentials;
}

/** An answer: status (default 200), JSON body, headers; or no answer at all. */
export type Answer = { status?: number; body?: unknown; headers?: Record<string, string> } | 'network-error';
export type Handler = Answer | ((call: ApiCall) => Answer | Promise<Answer>);
export type Handlers = Record<string, Handler>;

export interface MockApi {
  calls: ApiCall[];
  /** Adds or replaces the answer to `METHOD /path`. */
  on: (route: string, handler: Handler) => void;
  /** Calls to `METHOD /path`, in the order they were sent. */
  callsTo: (route: string) => ApiCall[];
}

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('multipart/form-data')) return request.formData();
  const text = await request.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function reply(answer: Exclude<Answer, 'network-error'>): Response {
  const status = answer.status ?? 200;
  const headers = { 'content-type': 'application/json', ...answer.headers };
  if (status === 204 || answer.body === undefined) return new HttpResponse(null, { status, headers });
  const body = typeof answer.body === 'string' || answer.body instanceof Blob ? answer.body : JSON.stringify(answer.body);
  return new HttpResponse(body, { status, headers });
}

/** Answers the API from `routes`; a call with no handler gets a 404, as from a server without that route. */
export function mockApi(routes: Handlers = {}): MockApi {
  const handlers = new Map(Object.entries(routes));
  const calls: ApiCall[] = [];
  apiServer.use(
    http.all('*/api/v1/*', async ({ request }) => {
      const url = new URL(request.url);
      const method = request.method.toUpperCase();
      const path = url.pathname.replace(/^\/api\/v1/, '');
      const call: ApiCall = {
        method,
        path,
        query: url.searchParams,
        body: await readBody(request.clone()),
        headers: request.headers,
        credentials: request.credentials,
      };
      calls.push(call);
      const handler = handlers.get(`${method} ${path}`);
      const answer = typeof handler === 'function' ? await handler(call) : handler;
      if (answer === 'network-error') return HttpResponse.error();
      if (!answer) return HttpResponse.json({ message: `no mock for ${method} ${path}` }, { status: 404 });
      return reply(answer);
    }),
  );
  return {
    calls,
    on: (route, handler) => void handlers.set(route, handler),
    callsTo: (route) => {
      const [method, path] = route.split(' ');
      return calls.filter((c) => c.method === method && c.path === path);
    },
  };
}

/** The answer of a list endpoint: `{ data, meta }` of one page holding every row. */
export const listAnswer = <T>(data: T[]) => ({
  body: { data, meta: { totalItems: data.length, totalPages: 1, currentPage: 1, itemsPerPage: 10 } },
});
