/**
 * Fake server at the network boundary: tests declare answers per "METHOD /path" (path under /api/v1,
 * without the query string) and read back every call the portal made.
 */
export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export type Answer = { status?: number; body?: unknown } | 'network-error';
export type Handler = Answer | ((call: ApiCall) => Answer | Promise<Answer>);

export interface MockApi {
  calls: ApiCall[];
  on: (route: string, handler: Handler) => void;
  callsTo: (route: string) => ApiCall[];
}

export function mockApi(routes: Record<string, Handler> = {}): MockApi {
  const handlers = new Map(Object.entries(routes));
  const calls: ApiCall[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const call: ApiCall = { method, path, query: url.searchParams, body };
    calls.push(call);
    const handler = handlers.get(`${method} ${path}`);
    const answer = typeof handler === 'function' ? await handler(call) : handler;
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    if (!answer) return new Response(JSON.stringify({ message: `no mock for ${method} ${path}` }), { status: 404 });
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  global.fetch = fetchMock;
  return {
    calls,
    on: (route, handler) => handlers.set(route, handler),
    callsTo: (route) => {
      const [method, path] = route.split(' ');
      return calls.filter((c) => c.method === method && c.path === path);
    },
  };
}
