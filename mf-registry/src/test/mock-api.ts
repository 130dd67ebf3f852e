/**
 * Network boundary of the page tests: global.fetch answers from a table of `METHOD /path` handlers
 * (paths without the /api/v1 prefix) and records every request the page sent.
 */
export interface SentRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface Reply {
  status?: number;
  body?: unknown;
}

type Handler = Reply | ((req: SentRequest) => Reply);

export function mockApi(handlers: Record<string, Handler>) {
  const requests: SentRequest[] = [];
  const fetchMock = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const raw = init?.body;
    const body = typeof raw === 'string' ? JSON.parse(raw) : raw;
    const req = { method, path, query: url.searchParams, body };
    requests.push(req);
    const handler = handlers[`${method} ${path}`];
    if (!handler) return new Response(JSON.stringify({ message: `No handler for ${method} ${path}` }), { status: 404 });
    const reply = typeof handler === 'function' ? handler(req) : handler;
    const status = reply.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(reply.body ?? {}), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return {
    fetchMock,
    requests,
    /** Requests with this method and path, in the order they were sent. */
    sent: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
  };
}

export const list = <T>(data: T[]) => ({
  body: { data, meta: { totalItems: data.length, totalPages: 1, currentPage: 1, itemsPerPage: 10 } },
});

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * A file as the page would get it from a file input. The test environment's FormData is Node's (jest-fixed-jsdom),
 * which keeps only its own File class as a file part, so tests build files from Node's File.
 */
export function testFile(content: BlobPart[] | number, name: string, type: string): File {
  const { File: NodeFile } = jest.requireActual<typeof import('node:buffer')>('node:buffer');
  const parts = typeof content === 'number' ? [new Uint8Array(content)] : content;
  return new NodeFile(parts as never, name, { type }) as unknown as File;
}
