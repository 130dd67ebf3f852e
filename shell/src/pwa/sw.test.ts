/**
 * @jest-environment node
 */
/**
 * The service worker's /remotes.json (issue 40): the answer depends on who asks (a preview's audience, a developer's
 * own lines), so only an answer the server marks as the set everyone gets (x-remotes-shared: 1) is kept, and offline
 * the kept copy answers only if it is such a one. sw.js runs here on a fake worker scope: its caches and fetch.
 */
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

type Handler = (event: { request: Request; respondWith(p: Promise<Response>): void }) => void;

function loadWorker(network: (request: Request) => Promise<Response>) {
  const stores = new Map<string, Map<string, Response>>();
  const keyOf = (k: string | Request) => new URL(typeof k === 'string' ? k : k.url, 'https://club.example').pathname;
  const open = async (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const store = stores.get(name)!;
    return {
      match: async (k: string | Request) => store.get(keyOf(k))?.clone(),
      put: async (k: string | Request, r: Response) => void store.set(keyOf(k), r.clone()),
      addAll: async () => undefined,
    };
  };
  const caches = { open, delete: async (name: string) => stores.delete(name) };
  const listeners = new Map<string, Handler>();
  const self = {
    location: { origin: 'https://club.example' },
    addEventListener: (type: string, fn: Handler) => listeners.set(type, fn),
    skipWaiting: () => undefined,
    clients: { claim: async () => undefined },
  };
  const code = fs.readFileSync(path.join(__dirname, '../../public/sw.js'), 'utf8');
  vm.runInNewContext(code, { self, caches, fetch: network, URL, Response, Promise, Array, TypeError });
  const get = async (url: string): Promise<Response> => {
    let answer: Promise<Response> | undefined;
    listeners.get('fetch')!({
      request: new Request(`https://club.example${url}`),
      respondWith: (p) => {
        answer = p;
      },
    });
    return answer!;
  };
  return { get, stores };
}

const answer = (body: Record<string, string>, shared: boolean) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json', 'x-remotes-shared': shared ? '1' : '0' } });

test("a member's own /remotes.json is never kept: offline, another visitor gets the shared copy or nothing", async () => {
  let next: () => Promise<Response> = async () => answer({ mf_booking: '/releases/mf-booking/1/mf-manifest.json' }, true);
  const worker = loadWorker(() => next());
  // The set everyone gets: kept.
  expect(await (await worker.get('/remotes.json')).json()).toEqual({ mf_booking: '/releases/mf-booking/1/mf-manifest.json' });
  // A preview member's own answer: passed through, not kept.
  next = async () => answer({ mf_booking: '/releases/mf-booking/2/mf-manifest.json' }, false);
  expect(await (await worker.get('/remotes.json')).json()).toEqual({ mf_booking: '/releases/mf-booking/2/mf-manifest.json' });
  // Offline: the kept copy is the shared one, never the preview member's.
  next = () => Promise.reject(new TypeError('offline'));
  expect(await (await worker.get('/remotes.json')).json()).toEqual({ mf_booking: '/releases/mf-booking/1/mf-manifest.json' });
});

test('a browser that only ever got its own answer has nothing kept: offline, /remotes.json fails', async () => {
  let next: () => Promise<Response> = async () => answer({ mf_booking: '/releases/mf-booking/2/mf-manifest.json' }, false);
  const worker = loadWorker(() => next());
  await worker.get('/remotes.json');
  next = () => Promise.reject(new TypeError('offline'));
  await expect(worker.get('/remotes.json')).rejects.toThrow('offline');
});
