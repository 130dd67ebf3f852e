import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MenuInput } from '../inputs/MenuInput';
import { Modal } from './Modal';

function Page({ onClose = () => {}, children }: { onClose?: () => void; children?: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Apri
      </button>
      <Modal
        open={open}
        title="Nuovo tavolo"
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        footer={<button type="button">Salva</button>}
      >
        <label htmlFor="n">Numero</label>
        <input id="n" />
        {children}
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a labelled modal dialog that focuses its first field', async () => {
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Apri' }));
    const dialog = screen.getByRole('dialog', { name: 'Nuovo tavolo' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByLabelText('Numero')).toHaveFocus();
  });

  it('Escape closes it and focus goes back to the opener', async () => {
    const onClose = jest.fn();
    render(<Page onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Apri' }));
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apri' })).toHaveFocus();
  });

  it('locks body scrolling while open', async () => {
    document.body.style.overflow = 'auto';
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Apri' }));
    expect(document.body.style.overflow).toBe('hidden');
    await userEvent.click(screen.getByRole('button', { name: 'Chiudi' }));
    expect(document.body.style.overflow).toBe('auto');
  });

  it('Escape in an open menu closes the menu, not the modal', async () => {
    render(
      <Page>
        <MenuInput name="t" label="Tavolo" value={[]} onChange={() => {}} options={[{ id: '1', name: 'Tavolo 1' }]} />
      </Page>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Apri' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Tavolo' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('with two modals open Escape closes the top one only, and the lock lasts until both close', async () => {
    const closeOuter = jest.fn();
    const closeInner = jest.fn();
    const both = (innerOpen: boolean) => (
      <>
        <Modal open title="Esterno" onClose={closeOuter}>
          a
        </Modal>
        <Modal open={innerOpen} title="Interno" onClose={closeInner}>
          b
        </Modal>
      </>
    );
    const { rerender, unmount } = render(both(true));
    await userEvent.keyboard('{Escape}');
    expect(closeInner).toHaveBeenCalledTimes(1);
    expect(closeOuter).not.toHaveBeenCalled();
    rerender(both(false));
    expect(document.body.style.overflow).toBe('hidden');
    unmount();
    expect(document.body.style.overflow).not.toBe('hidden');
  });

  it('does not close while closing is disabled', async () => {
    const onClose = jest.fn();
    render(
      <Modal open title="Invio" onClose={onClose} closeDisabled>
        x
      </Modal>,
    );
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Chiudi' })).toBeDisabled();
  });

  it('keeps Tab inside the dialog', async () => {
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Apri' }));
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Salva' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Chiudi' })).toHaveFocus();
  });
});

describe('Modal placement', () => {
  it("'side' lays the dialog along the right edge; the default stays centred", () => {
    const { rerender } = render(
      <Modal open title="Pagamenti" onClose={() => {}} placement="side">
        <p>Elenco</p>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Pagamenti' });
    expect(dialog).toHaveClass('ui-modal--side');
    expect(dialog.parentElement).toHaveClass('ui-modal-backdrop--side');
    rerender(
      <Modal open title="Pagamenti" onClose={() => {}}>
        <p>Elenco</p>
      </Modal>,
    );
    expect(screen.getByRole('dialog', { name: 'Pagamenti' })).not.toHaveClass('ui-modal--side');
  });
});
