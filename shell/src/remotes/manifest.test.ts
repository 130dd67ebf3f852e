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
  const fetchMock = jest.fn(async () => new Response(JSON.stringify({ mf_booking: '/b.json' }), { status: 200 }));
  global.fetch = fetchMock;
  await expect(fetchRemotesManifest()).resolves.toEqual({ mf_booking: '/b.json' });
  expect(fetchMock).toHaveBeenCalledWith('/remotes.json', expect.objectContaining({ cache: 'no-cache' }));

  fetchMock.mockResolvedValueOnce(new Response('nope', { status: 500 }));
  await expect(fetchRemotesManifest()).rejects.toThrow('HTTP 500');
});
