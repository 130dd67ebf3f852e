import { http, HttpResponse } from 'msw';
import { apiServer } from 'shared-ui/testing/api';
import { fetchRemotesManifest, parseRemotesManifest } from './manifest';

test('keeps the well-formed entries of the manifest', () => {
  expect(
    parseRemotesManifest({
      mf_booking: '/apps/mf-booking/mf-manifest.json',
      mf_finance: ' https://cdn.example.it/finance/mf-manifest.json ',
      mf_storage: '',
      mf_registry: 42,
    }),
  ).toEqual({
    mf_booking: '/apps/mf-booking/mf-manifest.json',
    mf_finance: 'https://cdn.example.it/finance/mf-manifest.json',
  });
  expect(() => parseRemotesManifest(['x'])).toThrow('Manifest dei moduli non valido');
});

test('reads /remotes.json bypassing the HTTP cache, and fails on a bad answer', async () => {
  const requests: Request[] = [];
  let answer = () => HttpResponse.json({ mf_booking: '/b.json' });
  apiServer.use(
    http.get('*/remotes.json', ({ request }) => {
      requests.push(request);
      return answer();
    }),
  );
  await expect(fetchRemotesManifest()).resolves.toEqual({ mf_booking: '/b.json' });
  expect(requests.map((r) => r.cache)).toEqual(['no-cache']);

  answer = () => new HttpResponse('nope', { status: 500 });
  await expect(fetchRemotesManifest()).rejects.toThrow('HTTP 500');
});
