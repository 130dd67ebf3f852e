/**
 * @jest-environment jest-fixed-jsdom
 *
 * jsdom, not the suites' happy-dom (jest-environment.mjs): upload() sends through XMLHttpRequest for its progress,
 * and under happy-dom that request reached Node's fetch with its relative address ('Failed to parse URL from
 * /api/v1/user/fitet') instead of msw's answer.
 */
import { mockApi } from '../../../shared-ui/src/testing/api-mock';
import { nth } from '../../../shared-ui/src/testing/nth';
import { ApiError, api, buildUrl, download, errorText, fileNameFrom, assertFetchOk, saveFile, upload } from '../client/http';

describe('request conventions (spec 000 §7–8)', () => {
  test('prefixes /api/v1, skips null and undefined query parameters, sends credentials', async () => {
    const server = mockApi({ 'GET /user': { body: { data: [] } } });
    await api.get('/user', { page: 1, q: null, sortBy: undefined, onlyEnabled: true });
    const call = nth(server.callsTo('GET /user'), 0);
    expect(Object.fromEntries(call.query)).toEqual({ page: '1', onlyEnabled: 'true' });
    expect(call.credentials).toBe('include');
  });

  test('JSON bodies carry a JSON content type; multipart bodies their own', async () => {
    const server = mockApi({ 'POST /auth/login': { body: {} }, 'POST /user': { body: {} } });
    await api.post('/auth/login', { email: 'a@b.it', password: 'x' });
    const login = nth(server.callsTo('POST /auth/login'), 0);
    expect(login.headers.get('content-type')).toBe('application/json');
    expect(login.body).toEqual({ email: 'a@b.it', password: 'x' });

    const form = new FormData();
    form.append('name', 'Mario');
    await api.post('/user', form);
    const multipart = nth(server.callsTo('POST /user'), 0);
    expect(multipart.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect((multipart.body as FormData).get('name')).toBe('Mario');
  });

  test('a 204 or an empty body yields an empty object', async () => {
    mockApi({ 'DELETE /user/1': { status: 204 }, 'PATCH /user/1/activate': { status: 200, body: '' } });
    await expect(api.delete('/user/1')).resolves.toEqual({});
    await expect(api.patch('/user/1/activate')).resolves.toEqual({});
  });

  test.each([
    [{ message: 'User not found', error: 'x' }, 'User not found'],
    [{ error: 'Bad thing' }, 'Bad thing'],
    [{}, 'Request failed with status 418'],
  ])('error message from %j', async (body, message) => {
    mockApi({ 'GET /x': { status: 418, body } });
    const err = (await api.get('/x').catch((e) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(418);
    expect(err.body).toEqual(body);
    expect(err.message).toBe(message);
  });

  test('a network failure gives status 0 and the failure message', async () => {
    mockApi({ 'GET /x': 'network-error' });
    const err = (await api.get('/x').catch((e) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(0);
    expect(err.message).toBe('Failed to fetch');
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
    mockApi({
      'GET /user/export': { body: 'a;b', headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="utenti.csv"' } },
    });
    URL.createObjectURL = jest.fn(() => 'blob:1');
    URL.revokeObjectURL = jest.fn();
    const clicks: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    await expect(download('/user/export', 'utenti', { format: 'csv' })).resolves.toBe('utenti.csv');
    expect(clicks).toEqual(['utenti.csv']);
  });

  test('saveFile hands a file made in the page to the browser under its name, then lets its object URL go', async () => {
    jest.useFakeTimers();
    const blobs: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:ics';
    });
    const revoke = jest.fn();
    URL.revokeObjectURL = revoke;
    const clicked: { name: string; href: string; attached: boolean }[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ name: this.download, href: this.getAttribute('href') ?? '', attached: document.body.contains(this) });
    });
    saveFile(new Blob(['BEGIN:VCALENDAR'], { type: 'text/calendar' }), 'prenotazione-2026-03-02.ics');
    expect(clicked).toEqual([{ name: 'prenotazione-2026-03-02.ics', href: 'blob:ics', attached: true }]);
    expect(blobs[0]?.type).toBe('text/calendar');
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revoke).not.toHaveBeenCalled();
    jest.runAllTimers();
    expect(revoke).toHaveBeenCalledWith('blob:ics');
    jest.useRealTimers();
  });

  test('a failed download raises the server message', async () => {
    mockApi({ 'GET /certificate/user/1/medical/file': { status: 404, body: { message: 'Medical certificate not found' } } });
    await expect(download('/certificate/user/1/medical/file', 'certificato_1')).rejects.toThrow('Medical certificate not found');
  });
});

describe('error texts by code', () => {
  const refused = (code: string | undefined, message: string, status = 409) => new ApiError(message, status, code ? { code, message } : { message });

  test('the code comes from the answer body; an unknown or missing code is null', () => {
    expect(refused('EMAIL_TAKEN', 'User with this email already exists').code).toBe('EMAIL_TAKEN');
    expect(refused('NOT_A_CODE', 'x').code).toBeNull();
    expect(refused(undefined, 'x').code).toBeNull();
    expect(new ApiError('offline', 0, null).code).toBeNull();
  });

  test("a code the caller lets speak shows its Italian text; anything else the caller's fallback", () => {
    const own = { own: ['EMAIL_TAKEN'] as const };
    expect(errorText(refused('EMAIL_TAKEN', 'User with this email already exists'), 'Errore', own)).toBe('Un utente con questa email esiste già');
    // The same English phrase without the code is not matched.
    expect(errorText(refused(undefined, 'User with this email already exists'), 'Errore', own)).toBe('Errore');
    expect(errorText(refused('CATEGORY_IN_USE', 'x'), 'Errore', own)).toBe('Errore');
    expect(errorText(new Error('boom'), 'Errore', own)).toBe('Errore');
  });

  test("a detailed code appends the server's explanation to the fallback", () => {
    const error = refused('FILE_TYPE_NOT_ALLOWED', 'Tipo di file non accettato: foto.png', 400);
    expect(errorText(error, 'Errore durante la creazione', { detailed: ['FILE_TYPE_NOT_ALLOWED'] })).toBe(
      'Errore durante la creazione: Tipo di file non accettato: foto.png',
    );
    expect(errorText(error, 'Errore durante la creazione')).toBe('Errore durante la creazione');
  });

  test("a server code shows the server's own message instead of the fallback", () => {
    const error = refused('QUALIFICATION_IN_USE', 'Impossibile eliminare la qualifica: è assegnata a 2 utenti.', 409);
    expect(errorText(error, "Errore durante l'eliminazione", { server: ['QUALIFICATION_IN_USE'] })).toBe(
      'Impossibile eliminare la qualifica: è assegnata a 2 utenti.',
    );
    expect(errorText(error, "Errore durante l'eliminazione", { server: ['RESERVATION_RULE_IN_USE'] })).toBe("Errore durante l'eliminazione");
  });
});

describe('upload (multipart with progress)', () => {
  test('sends the form with credentials, reports progress up to the whole body and answers the parsed JSON', async () => {
    const server = mockApi({ 'POST /user/fitet': { body: { total: 1 } } });
    const form = new FormData();
    form.append('file', new Blob(['Codice tessera;Tipo tessera\n1;A\n']), 'fitet.csv');
    const seen: { loaded: number; total: number }[] = [];
    await expect(upload('POST', '/user/fitet', form, { onProgress: (p) => seen.push(p) })).resolves.toEqual({ total: 1 });
    const call = nth(server.callsTo('POST /user/fitet'), 0);
    expect(call.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(((call.body as FormData).get('file') as File).name).toBe('fitet.csv');
    expect(seen.length).toBeGreaterThan(0);
    const last = nth(seen, seen.length - 1);
    expect(last.loaded).toBe(last.total);
  });

  test('a refusal is an ApiError with the status, the code and the body', async () => {
    mockApi({ 'POST /user/fitet': { status: 400, body: { code: 'FITET_FILE_INVALID', message: 'Colonne mancanti nel file: Categoria' } } });
    const err = (await upload('POST', '/user/fitet', new FormData()).catch((e) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(400);
    expect(err.code).toBe('FITET_FILE_INVALID');
    expect(err.message).toBe('Colonne mancanti nel file: Categoria');
  });

  test('no answer at all gives status 0', async () => {
    mockApi({ 'POST /user/fitet': 'network-error' });
    const err = (await upload('POST', '/user/fitet', new FormData()).catch((e) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(0);
  });
});

describe('fetch checks', () => {
  test('the shared check throws the body error or Front-end fetching error', () => {
    expect(() => assertFetchOk(false, { error: 'Nope' })).toThrow('Nope');
    expect(() => assertFetchOk(false, {})).toThrow('Front-end fetching error');
    expect(() => assertFetchOk(true, {})).not.toThrow();
  });
});
