import { act, fireEvent, render, screen } from '@testing-library/react';
import { toast } from 'react-toastify';
import { ToastHost } from './ToastHost';
import { notify, toastPromise } from './notify';

afterEach(() => {
  act(() => toast.dismiss());
});

describe('ToastHost and notify', () => {
  it('shows notifications top-right, 320 px wide', async () => {
    render(<ToastHost />);
    act(() => {
      notify.success('Utente creato con successo!');
    });
    const message = await screen.findByText('Utente creato con successo!');
    const container = message.closest('.Toastify__toast-container') as HTMLElement;
    expect(container).toHaveClass('Toastify__toast-container--top-right');
    expect(container.style.getPropertyValue('--toastify-toast-width')).toBe('320px');
  });

  it('can sit bottom-right for the finance area', async () => {
    render(<ToastHost position="bottom-right" />);
    act(() => {
      notify.error('Errore');
    });
    expect((await screen.findByText('Errore')).closest('.Toastify__toast-container')).toHaveClass('Toastify__toast-container--bottom-right');
  });

  it('counts down 5 seconds before closing, paused while hovered or while the window has no focus', async () => {
    render(<ToastHost />);
    act(() => {
      notify.info('Promemoria');
    });
    const card = (await screen.findByText('Promemoria')).closest('.Toastify__toast')!;
    const bar = document.querySelector('.Toastify__progress-bar') as HTMLElement;
    expect(bar.style.animationDuration).toBe('5000ms');
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(bar.style.animationPlayState).toBe('running');
    fireEvent.mouseEnter(card);
    expect(bar.style.animationPlayState).toBe('paused');
    fireEvent.mouseLeave(card);
    expect(bar.style.animationPlayState).toBe('running');
    act(() => {
      window.dispatchEvent(new Event('blur'));
    });
    expect(bar.style.animationPlayState).toBe('paused');
  });

  it('toastPromise turns the progress toast into the success toast and resolves with the result', async () => {
    render(<ToastHost />);
    let finish!: (v: number) => void;
    let result: Promise<number>;
    act(() => {
      result = toastPromise(new Promise<number>((r) => (finish = r)), { pending: 'Salvataggio in corso...', success: 'Salvato!', error: 'Errore' });
    });
    expect(await screen.findByText('Salvataggio in corso...')).toBeInTheDocument();
    await act(async () => finish(42));
    await expect(result!).resolves.toBe(42);
    expect(await screen.findByText('Salvato!')).toBeInTheDocument();
    expect(screen.queryByText('Salvataggio in corso...')).not.toBeInTheDocument();
  });

  it('toastPromise shows the error text chosen from the error and rejects with it', async () => {
    render(<ToastHost />);
    const failure = new Error('Invalid or expired token');
    let outcome: Promise<unknown>;
    await act(async () => {
      outcome = toastPromise(Promise.reject(failure), {
        pending: 'Reset in corso...',
        success: 'Fatto',
        error: (e) =>
          e.message.includes('Invalid or expired token') ? 'Token non valido o scaduto, riprova a richiedere il reset della password' : 'Errore',
      }).catch((e) => e);
    });
    await expect(outcome!).resolves.toBe(failure);
    expect(await screen.findByText('Token non valido o scaduto, riprova a richiedere il reset della password')).toBeInTheDocument();
  });
});
