import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MenuInput } from '../inputs/MenuInput';
import { act, waitFor } from '@testing-library/react';
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

/** A list of bookings, each with its 'Annulla' opening a dialog; confirming removes the booking at once or later. */
function Bookings({ removeAfter }: { removeAfter: number | null }) {
  const [items, setItems] = useState(['Lunedì', 'Martedì', 'Mercoledì']);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const confirm = () => {
    const item = cancelling;
    setCancelling(null);
    const remove = () => setItems((list) => list.filter((i) => i !== item));
    if (removeAfter === null) remove();
    else setTimeout(remove, removeAfter);
  };
  return (
    <main>
      <h1>Le mie prenotazioni</h1>
      <ul>
        {items.map((item) => (
          <li key={item}>
            {item}
            <button type="button" onClick={() => setCancelling(item)}>
              Annulla {item}
            </button>
          </li>
        ))}
      </ul>
      <Modal open={cancelling !== null} title="Annulla prenotazione" onClose={() => setCancelling(null)}>
        <button type="button" onClick={confirm}>
          Conferma
        </button>
      </Modal>
    </main>
  );
}

describe('Modal', () => {
  it.each([
    ['at once', null],
    ['when the list reloads after the dialog closed', 200],
  ])('the focus stays in the page when what opened the dialog is gone (%s; issue 44 item 8)', async (_, removeAfter) => {
    const user = userEvent.setup();
    render(<Bookings removeAfter={removeAfter} />);
    await user.click(screen.getByRole('button', { name: 'Annulla Martedì' }));
    await user.click(screen.getByRole('button', { name: 'Conferma' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Annulla Martedì' })).not.toBeInTheDocument());
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(document.activeElement).not.toBe(document.body);
    // The first control of the list it was in.
    expect(screen.getByRole('button', { name: 'Annulla Lunedì' })).toHaveFocus();
  });

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

describe('a long body with nothing to focus (issue 44 item 8: the audit entry axe found)', () => {
  /** jsdom lays nothing out: the body measures as `content` px tall in a box of 300. */
  function measure(content: number) {
    jest.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('ui-modal__body') ? content : 0;
    });
    jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('ui-modal__body') ? 300 : 0;
    });
  }
  afterEach(() => jest.restoreAllMocks());

  function Entry({ withButton = false }: { withButton?: boolean }) {
    return (
      <Modal open title="Modifica — Prenotazioni" onClose={() => {}} dismissible={false}>
        <dl>
          <dt>Campo</dt>
          <dd>Valore</dd>
        </dl>
        {withButton && <button type="button">Copia</button>}
      </Modal>
    );
  }

  it('takes the focus itself, as a region named by the title, so the keyboard scrolls it', async () => {
    measure(2000);
    render(<Entry />);
    const region = screen.getByRole('region', { name: 'Modifica — Prenotazioni' });
    expect(region).toHaveAttribute('tabindex', '0');
    await userEvent.tab();
    expect(region).toHaveFocus();
  });

  it('is left as it is when it fits, or when a control in it takes the focus', () => {
    measure(200);
    const { unmount } = render(<Entry />);
    expect(document.querySelector('.ui-modal__body')).not.toHaveAttribute('tabindex');
    unmount();
    measure(2000);
    render(<Entry withButton />);
    expect(document.querySelector('.ui-modal__body')).not.toHaveAttribute('tabindex');
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
