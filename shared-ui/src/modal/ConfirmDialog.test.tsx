import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from './ConfirmDialog';

function deferred() {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('ConfirmDialog', () => {
  it("shows the message with 'Conferma' and 'Annulla' by default", async () => {
    const onClose = jest.fn();
    render(
      <ConfirmDialog open title="Confermi la cancellazione?" message="L'operazione non è reversibile." onConfirm={() => {}} onClose={onClose} />,
    );
    expect(screen.getByRole('dialog', { name: 'Confermi la cancellazione?' })).toHaveTextContent("L'operazione non è reversibile.");
    expect(screen.getByRole('button', { name: 'Conferma' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('disables its buttons while the confirmation runs and closes when it succeeds', async () => {
    const pending = deferred();
    const onClose = jest.fn();
    render(
      <ConfirmDialog open title="Elimina" message="Sicuro?" confirmLabel="Cancella" onConfirm={() => pending.promise} onClose={onClose} danger />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancella' }));
    expect(screen.getByRole('button', { name: 'Cancella' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Annulla' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    pending.resolve();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('Enter confirms once, as the confirm button would', async () => {
    const pending = deferred();
    const onConfirm = jest.fn(() => pending.promise);
    const onClose = jest.fn();
    render(<ConfirmDialog open title="Attiva utente" message="Sicuro?" onConfirm={onConfirm} onClose={onClose} />);
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Conferma' })).toBeDisabled();
    pending.resolve();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('Enter on Annulla cancels instead of confirming', async () => {
    const onConfirm = jest.fn();
    const onClose = jest.fn();
    render(<ConfirmDialog open title="Elimina" message="Sicuro?" onConfirm={onConfirm} onClose={onClose} />);
    screen.getByRole('button', { name: 'Annulla' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onClose).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('stays open when the confirmation fails', async () => {
    const onClose = jest.fn();
    render(<ConfirmDialog open title="Elimina" message="Sicuro?" onConfirm={() => Promise.reject(new Error('no'))} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Conferma' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Conferma' })).toBeEnabled();
  });

  it('disables the buttons for a pending request tracked by the caller', () => {
    render(<ConfirmDialog open title="Elimina" message="Sicuro?" onConfirm={() => {}} onClose={() => {}} pending />);
    expect(screen.getByRole('button', { name: 'Conferma' })).toBeDisabled();
  });
});
