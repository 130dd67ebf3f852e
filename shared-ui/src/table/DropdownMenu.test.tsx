import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Modal } from '../modal/Modal';
import { nth } from '../testing/nth';
import { DropdownMenu, placeMenu } from './DropdownMenu';

/** A table of three rows, each with its 'Altre azioni' menu; the choice made is written under it. */
function Rows() {
  const [done, setDone] = useState('');
  return (
    <>
      <div className="ui-table-wrap" style={{ overflow: 'auto' }}>
        <table>
          <tbody>
            {['Rossi', 'Bianchi', 'Verdi'].map((name) => (
              <tr key={name}>
                <td>{name}</td>
                <td className="ui-table__actions">
                  <DropdownMenu
                    trigger="⋯"
                    triggerLabel="Altre azioni"
                    triggerClassName="ui-btn"
                    menuLabel="Altre azioni"
                    items={[
                      { label: 'Scarica dati', onClick: () => setDone(`Scarica dati ${name}`) },
                      { label: 'Anonimizza', onClick: () => setDone(`Anonimizza ${name}`), danger: true },
                    ]}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>Fatto: {done}</p>
    </>
  );
}

const rect = (top: number, left: number, width: number, height: number): DOMRect => ({
  top,
  left,
  width,
  height,
  right: left + width,
  bottom: top + height,
  x: left,
  y: top,
  toJSON: () => ({}),
});

/** Every element measures as `box`, the menu as 180×80 (jsdom lays nothing out). */
function layout(button: DOMRect) {
  jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return this.getAttribute('role') === 'menu' ? rect(0, 0, 180, 80) : button;
  });
}

afterEach(() => jest.restoreAllMocks());

describe('DropdownMenu (issue 44 item 1: a row menu over the table)', () => {
  it('draws the menu outside the table, in the body, fixed by its button', async () => {
    layout(rect(300, 900, 32, 32));
    const user = userEvent.setup();
    render(<Rows />);
    const middle = nth(screen.getAllByRole('button', { name: 'Altre azioni' }), 1);
    await user.click(middle);
    const menu = screen.getByRole('menu', { name: 'Altre azioni' });
    // Not inside the table (whose sticky cells and scrolling box would paint over it or cut it).
    expect(menu.closest('table')).toBeNull();
    expect(menu.parentElement).toBe(document.body);
    expect(getComputedStyle(menu).visibility).not.toBe('hidden');
    // Under the button, its right edge on the button's.
    expect(menu.style.top).toBe('336px');
    expect(menu.style.left).toBe(`${932 - 180}px`);
    // The item chosen acts on the row whose button opened the menu.
    await user.click(within(menu).getByRole('menuitem', { name: 'Anonimizza' }));
    expect(screen.getByText('Fatto: Anonimizza Bianchi')).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(middle).toHaveFocus();
  });

  it('opens upwards by the bottom of the window', async () => {
    layout(rect(window.innerHeight - 40, 900, 32, 32));
    const user = userEvent.setup();
    render(<Rows />);
    await user.click(nth(screen.getAllByRole('button', { name: 'Altre azioni' }), 2));
    const menu = screen.getByRole('menu');
    expect(menu.style.top).toBe(`${window.innerHeight - 40 - 4 - 80}px`);
    expect(menu).toHaveClass('ui-dropdown__menu--up');
  });

  it('is used by keyboard: Tab or ArrowDown enters it, arrows move, Escape closes it and gives the focus back', async () => {
    layout(rect(300, 900, 32, 32));
    const user = userEvent.setup();
    render(<Rows />);
    const first = nth(screen.getAllByRole('button', { name: 'Altre azioni' }), 0);
    first.focus();
    // Enter opens it with the focus left on the button; Tab goes into it.
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(first).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('menuitem', { name: 'Scarica dati' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Anonimizza' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Scarica dati' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Anonimizza' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(first).toHaveFocus();
    // Tab walks the items, then leaves the menu for what follows its button; Shift+Tab from the first item goes
    // back to the button.
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Scarica dati' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('menuitem', { name: 'Anonimizza' })).toHaveFocus();
    await user.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(nth(screen.getAllByRole('button', { name: 'Altre azioni' }), 1)).toHaveFocus();
    first.focus();
    await user.keyboard('{ArrowDown}');
    await user.tab({ shift: true });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(first).toHaveFocus();
    // Enter on the chosen item acts on its row.
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByText('Fatto: Anonimizza Rossi')).toBeInTheDocument();
  });

  it('follows its button when the page scrolls or the window is resized; closes once the button has left the window', async () => {
    let button = rect(300, 900, 32, 32);
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return this.getAttribute('role') === 'menu' ? rect(0, 0, 180, 80) : button;
    });
    const user = userEvent.setup();
    render(<Rows />);
    await user.click(nth(screen.getAllByRole('button', { name: 'Altre azioni' }), 1));
    button = rect(200, 900, 32, 32);
    act(() => {
      fireEvent.scroll(document.querySelector('.ui-table-wrap')!);
    });
    await waitFor(() => expect(screen.getByRole('menu').style.top).toBe('236px'));
    button = rect(300, 700, 32, 32);
    act(() => {
      fireEvent(window, new Event('resize'));
    });
    await waitFor(() => expect(screen.getByRole('menu').style.left).toBe(`${732 - 180}px`));
    button = rect(-100, 700, 32, 32);
    act(() => {
      fireEvent.scroll(document.querySelector('.ui-table-wrap')!);
    });
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('in a modal: Escape closes only the menu, a click outside closes it', async () => {
    layout(rect(300, 900, 32, 32));
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(
      <Modal open title="Elenco" onClose={onClose}>
        <Rows />
      </Modal>,
    );
    await user.click(nth(screen.getAllByRole('button', { name: 'Altre azioni' }), 0));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(nth(screen.getAllByRole('button', { name: 'Altre azioni' }), 0));
    await user.click(screen.getByText('Rossi'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('placeMenu keeps the menu inside the window', () => {
    const view = { width: 400, height: 800 };
    // A button at the left edge: the menu starts at the edge instead of leaving the window.
    expect(placeMenu(rect(100, 10, 32, 32), { width: 180, height: 80 }, view)).toEqual({ top: 136, left: 8, up: false });
    // No room below nor above for a tall menu: it goes where there is more room.
    expect(placeMenu(rect(700, 300, 32, 32), { width: 180, height: 900 }, view).up).toBe(true);
    expect(placeMenu(rect(700, 300, 32, 32), { width: 180, height: 900 }, view).top).toBe(8);
  });
});
