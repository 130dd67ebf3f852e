import { ApiError, api, buildUrl, download, fileNameFrom, listItems, assertFetchOk } from '../client/http';

const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), { status, headers });

describe('request conventions (spec 000 §7–8)', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock;
  });

  test('prefixes /api/v1, skips null and undefined query parameters, sends credentials', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: [] }));
    await api.get('/user', { page: 1, q: null, sortBy: undefined, onlyEnabled: true });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/user?page=1&onlyEnabled=true');
    expect(init.credentials).toBe('include');
    expect(init.method).toBe('GET');
  });

  test('JSON bodies carry a JSON content type; multipart bodies do not', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, {}));
    await api.post('/auth/login', { email: 'a@b.it', password: 'x' });
    expect(fetchMock.mock.calls[0][1].headers['Content-Type']).toBe('application/json');
    expect(fetchMock.mock.calls[0][1].body).toBe('{"email":"a@b.it","password":"x"}');

    const form = new FormData();
    form.append('name', 'Mario');
    await api.post('/user', form);
    expect(fetchMock.mock.calls[1][1].headers['Content-Type']).toBeUndefined();
    expect(fetchMock.mock.calls[1][1].body).toBe(form);
  });

  test('a 204 or an empty body yields an empty object', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(api.delete('/user/1')).resolves.toEqual({});
    fetchMock.mockResolvedValueOnce(jsonResponse(200, ''));
    await expect(api.patch('/user/1/activate')).resolves.toEqual({});
  });

  test.each([
    [{ message: 'User not found', error: 'x' }, 'User not found'],
    [{ error: 'Bad thing' }, 'Bad thing'],
    [{}, 'Request failed with status 418'],
  ])('error message from %j', async (body, message) => {
    fetchMock.mockResolvedValue(jsonResponse(418, body));
    const err = (await api.get('/x').catch((e) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(418);
    expect(err.body).toEqual(body);
    expect(err.message).toBe(message);
  });

  test('a network failure gives status 0 and the original message or Unknown error occurred', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const e1 = (await api.get('/x').catch((e) => e)) as ApiError;
    expect([e1.status, e1.message]).toEqual([0, 'Failed to fetch']);
    fetchMock.mockRejectedValueOnce({});
    const e2 = (await api.get('/x').catch((e) => e)) as ApiError;
    expect([e2.status, e2.message]).toEqual([0, 'Unknown error occurred']);
  });

  test('file URLs that already carry /api/v1 are rewritten onto the base once', () => {
    expect(buildUrl('/api/v1/files/abc')).toBe('/api/v1/files/abc');
    expect(buildUrl('user/me')).toBe('/api/v1/user/me');
  });
});

describe('downloads', () => {
  test('name from content-disposition, else from the content type', () => {
    expect(fileNameFrom(new Headers({ 'content-disposition': 'attachment; filename="utenti.xlsx"' }), 'x')).toBe('utenti.xlsx');
    expect(fileNameFrom(new Headers({ 'content-disposition': "attachment; filename*=UTF-8''contratto%20rossi.pdf" }), 'x')).toBe(
      'contratto rossi.pdf',
    );
    expect(fileNameFrom(new Headers({ 'content-type': 'application/pdf' }), 'modulo')).toBe('modulo.pdf');
    expect(fileNameFrom(new Headers({ 'content-type': 'image/png' }), 'foto')).toBe('foto.png');
    expect(fileNameFrom(new Headers({ 'content-type': 'image/jpeg' }), 'foto')).toBe('foto.jpeg');
    expect(fileNameFrom(new Headers({ 'content-type': 'text/plain' }), 'nota')).toBe('nota');
  });

  test('download saves the body under the server-given name', async () => {
    global.fetch = jest.fn().mockResolvedValue(
      new Response('a;b', { status: 200, headers: { 'content-disposition': 'attachment; filename="utenti.csv"' } }),
    );
    URL.createObjectURL = jest.fn(() => 'blob:1');
    URL.revokeObjectURL = jest.fn();
    const clicks: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    await expect(download('/user/export', 'utenti', { format: 'csv' })).resolves.toBe('utenti.csv');
    expect(clicks).toEqual(['utenti.csv']);
  });

  test('a failed download raises the server message', async () => {
    global.fetch = jest.fn().mockResolvedValue(jsonResponse(404, { message: 'Medical certificate not found' }));
    await expect(download('/certificate/user/1/medical/file', 'certificato_1')).rejects.toThrow('Medical certificate not found');
  });
});

describe('list responses', () => {
  test('bare array, data array, or the first array found', () => {
    expect(listItems([1, 2])).toEqual([1, 2]);
    expect(listItems({ data: [3], meta: {} })).toEqual([3]);
    expect(listItems({ status: 'ok', sessions: [4] })).toEqual([4]);
    expect(listItems({ status: 'ok' })).toEqual([]);
  });

  test('the shared check throws the body error or Front-end fetching error', () => {
    expect(() => assertFetchOk(false, { error: 'Nope' })).toThrow('Nope');
    expect(() => assertFetchOk(false, {})).toThrow('Front-end fetching error');
    expect(() => assertFetchOk(true, {})).not.toThrow();
  });
});
