import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
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

  it('with reduced motion a toast starts its timer as it appears and leaves the page as it closes, no animation awaited', async () => {
    const matchMedia = jest.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: query === '(prefers-reduced-motion: reduce)',
          media: query,
          addEventListener() {},
          removeEventListener() {},
        }) as unknown as MediaQueryList,
    );
    try {
      render(<ToastHost />);
      let id!: string | number;
      act(() => {
        window.dispatchEvent(new Event('focus'));
        id = notify.error("Errore durante l'accesso.");
      });
      const card = (await screen.findByText("Errore durante l'accesso.")).closest('.Toastify__toast')!;
      expect((document.querySelector('.Toastify__progress-bar') as HTMLElement).style.animationPlayState).toBe('running');
      act(() => notify.dismiss(id));
      await waitFor(() => expect(card).not.toBeInTheDocument());
    } finally {
      matchMedia.mockRestore();
    }
  });

  it("a host taking over from another (the portal after the sign-in page) shows its toast whole, not in the leaving host's closing toast", async () => {
    /** The portal's first render: its host, and the welcome toast raised as it mounts (shell/src/login/portal.tsx). */
    function Portal() {
      useEffect(() => void notify.success('Accesso effettuato con successo!'), []);
      return (
        <main>
          <ToastHost />
        </main>
      );
    }
    const { rerender } = render(
      <div>
        <ToastHost />
      </div>,
    );
    await act(async () => void notify.error("Errore durante l'accesso.", { toastId: 'login-1' }));
    await screen.findByText("Errore durante l'accesso.");
    // A new attempt takes the error off the screen; its exit animation is still running when the portal takes over.
    act(() => notify.dismiss('login-1'));
    rerender(<Portal />);
    const welcome = (await screen.findByText('Accesso effettuato con successo!')).closest('.Toastify__toast') as HTMLElement;
    // The welcome toast's icon ends its entrance (an animationend that bubbles to the toast), then two frames pass.
    act(() => void welcome.querySelector('.Toastify__toast-icon')!.dispatchEvent(new Event('animationend', { bubbles: true })));
    await act(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
    expect(welcome).toBeInTheDocument();
    expect(welcome.style.height).not.toBe('0px');
    expect(screen.queryByText("Errore durante l'accesso.")).not.toBeInTheDocument();
  });
});
