import { toast } from 'react-toastify';
import { toastPromise } from './notify';

describe('toastPromise', () => {
  afterEach(() => jest.restoreAllMocks());

  it('passes autoClose to the toasts that follow the operation, and nothing when not given', async () => {
    const promise = jest.spyOn(toast, 'promise').mockImplementation((p) => (typeof p === 'function' ? p() : p));
    await toastPromise(Promise.resolve(1), { pending: 'In corso...', success: 'Fatto!', error: 'Errore', autoClose: 8000 });
    await toastPromise(Promise.resolve(2), { pending: 'In corso...', success: 'Fatto!', error: 'Errore' });
    expect(promise.mock.calls.map((call) => call[2])).toEqual([{ autoClose: 8000 }, undefined]);
  });
});
