import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controlled } from '../testing/render';
import { Modal } from '../modal/Modal';
import { MenuInput, type MenuInputProps, type MenuOption } from './MenuInput';
import { resetTestClock } from '../testing/clock';

const TABLES: MenuOption[] = [
  { id: 't1', name: 'Tavolo 1', description: 'Vicino alla finestra' },
  { id: 't2', name: 'Tavolo 2', description: 'Centrale' },
  { id: 't3', name: 'Tavolo 3', description: 'Sala piccola' },
];

function setup(initial: string[], props: Partial<MenuInputProps> = {}) {
  const changes: string[][] = [];
  render(
    <Controlled initial={initial} onValue={(v: string[]) => changes.push(v)}>
      {(value, setValue) => <MenuInput name="tables" label="Tavoli" value={value} onChange={setValue} options={TABLES} {...props} />}
    </Controlled>,
  );
  return { changes, trigger: screen.getByRole('combobox', { name: /Tavoli/ }) };
}

const options = () => within(screen.getByRole('listbox')).queryAllByRole('option');

describe('MenuInput', () => {
  it('an option marked disabled shows its note and cannot be chosen, by click or by Enter', async () => {
    const { changes, trigger } = setup([], {
      options: [{ id: 'x', name: 'Tavolo rotto', note: 'In riparazione', disabled: true }, ...TABLES],
    });
    await userEvent.click(trigger);
    const broken = screen.getByRole('option', { name: /^Tavolo rotto In riparazione/ });
    expect(broken).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(broken);
    await userEvent.keyboard('{Enter}');
    expect(changes).toEqual([]);
    expect(screen.getByRole('listbox')).toBeInTheDocument();
  });

  it('Enter on the closed menu submits the form around it once something is chosen; before, it opens the menu', async () => {
    const submitted = jest.fn((e: React.FormEvent) => e.preventDefault());
    render(
      <Controlled initial={[] as string[]}>
        {(value, setValue) => (
          <form onSubmit={submitted}>
            <MenuInput name="tables" label="Tavoli" value={value} onChange={setValue} options={TABLES} />
          </form>
        )}
      </Controlled>,
    );
    const trigger = screen.getByRole('combobox', { name: /Tavoli/ });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    expect(submitted).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('option', { name: /Tavolo 2/ }));
    expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('single choice replaces the current one and closes', async () => {
    const { changes, trigger } = setup(['t1']);
    expect(trigger).toHaveTextContent('Tavolo 1');
    await userEvent.click(trigger);
    await userEvent.click(screen.getByRole('option', { name: /Tavolo 2/ }));
    expect(changes.at(-1)).toEqual(['t2']);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(trigger).toHaveTextContent('Tavolo 2');
  });

  it('draws tick boxes only where several options can be chosen', async () => {
    const { trigger } = setup(['t1']);
    await userEvent.click(trigger);
    expect(document.querySelectorAll('.ui-menu__check')).toHaveLength(0);
    expect(document.querySelectorAll('.ui-menu__tick')).toHaveLength(3);
  });

  it('multiple choice draws a tick box per option', async () => {
    const { trigger } = setup([], { maxSelections: 2 });
    await userEvent.click(trigger);
    expect(document.querySelectorAll('.ui-menu__check')).toHaveLength(3);
  });

  it('shows descriptions under the names', async () => {
    const { trigger } = setup([]);
    await userEvent.click(trigger);
    expect(screen.getByRole('option', { name: /Tavolo 3/ })).toHaveTextContent('Sala piccola');
  });

  it('multiple choice stops at the maximum and closes when reached', async () => {
    const { changes, trigger } = setup([], { maxSelections: 2, options: [...TABLES, { id: 't4', name: 'Tavolo 4' }] });
    await userEvent.click(trigger);
    await userEvent.click(screen.getByRole('option', { name: /Tavolo 1/ }));
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: /Tavolo 3/ }));
    expect(changes.at(-1)).toEqual(['t1', 't3']);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await userEvent.click(trigger);
    expect(screen.getByRole('option', { name: /Tavolo 2/ })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('option', { name: /Tavolo 2/ }));
    expect(changes.at(-1)).toEqual(['t1', 't3']);
  });

  it('a chosen option can be removed again', async () => {
    const { changes, trigger } = setup(['t1', 't2'], { maxSelections: 3 });
    await userEvent.click(trigger);
    await userEvent.click(screen.getByRole('option', { name: /Tavolo 1/ }));
    expect(changes.at(-1)).toEqual(['t2']);
    await userEvent.click(screen.getByRole('button', { name: 'Rimuovi Tavolo 2' }));
    expect(changes.at(-1)).toEqual([]);
  });

  it('offers select-all and clear-all only when the maximum covers every option', async () => {
    const { trigger } = setup([], { maxSelections: 2 });
    await userEvent.click(trigger);
    expect(screen.queryByRole('button', { name: 'Seleziona tutto' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deseleziona tutto' })).not.toBeInTheDocument();
  });

  it('select-all takes the first maxSelections options and clear-all empties', async () => {
    const { changes, trigger } = setup([], { maxSelections: 5 });
    await userEvent.click(trigger);
    await userEvent.click(screen.getByRole('button', { name: 'Seleziona tutto' }));
    expect(changes.at(-1)).toEqual(['t1', 't2', 't3']);
    await userEvent.click(screen.getByRole('button', { name: 'Deseleziona tutto' }));
    expect(changes.at(-1)).toEqual([]);
  });

  it('select-all closes the menu when it reaches the maximum', async () => {
    const { changes, trigger } = setup([], { maxSelections: 3 });
    await userEvent.click(trigger);
    await userEvent.click(screen.getByRole('button', { name: 'Seleziona tutto' }));
    expect(changes.at(-1)).toEqual(['t1', 't2', 't3']);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('has no select-all for a single choice', async () => {
    const { trigger } = setup([], { options: TABLES.slice(0, 1) });
    await userEvent.click(trigger);
    expect(screen.queryByRole('button', { name: 'Seleziona tutto' })).not.toBeInTheDocument();
  });

  it('drops values that are not among the options', async () => {
    const { changes, trigger } = setup(['gone', 't2'], { maxSelections: 3 });
    expect(trigger).toHaveTextContent('Tavolo 2');
    expect(trigger).not.toHaveTextContent('gone');
    await userEvent.click(trigger);
    await userEvent.click(screen.getByRole('option', { name: /Tavolo 3/ }));
    expect(changes.at(-1)).toEqual(['t2', 't3']);
  });

  it('searches name or description, 300 ms after typing stops', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      const { trigger } = setup([]);
      await user.click(trigger);
      await user.type(screen.getByRole('searchbox', { name: 'Cerca in Tavoli' }), 'centr');
      act(() => jest.advanceTimersByTime(299));
      expect(options()).toHaveLength(3);
      act(() => jest.advanceTimersByTime(1));
      expect(options().map((o) => o.textContent)).toEqual(['Tavolo 2Centrale']);

      await user.clear(screen.getByRole('searchbox'));
      await user.type(screen.getByRole('searchbox'), 'tavolo 3');
      act(() => jest.advanceTimersByTime(300));
      expect(options()).toHaveLength(1);
      expect(options()[0]).toHaveTextContent('Tavolo 3');
    } finally {
      resetTestClock();
    }
  });

  it('works from the keyboard and Escape closes without choosing', async () => {
    const { changes, trigger } = setup([]);
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('searchbox')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(changes.at(-1)).toEqual(['t2']);
    expect(trigger).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(changes).toHaveLength(1);
  });

  it('Enter right after typing picks the first option matching what was typed, before the list narrows (issue 28)', async () => {
    jest.useFakeTimers();
    try {
      const { changes, trigger } = setup([], { maxSelections: 1 });
      trigger.focus();
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await user.keyboard('{ArrowDown}');
      await user.keyboard('piccola{Enter}');
      expect(changes.at(-1)).toEqual(['t3']);
    } finally {
      resetTestClock();
    }
  });

  it('closes on a click outside', async () => {
    const { trigger } = setup([]);
    await userEvent.click(trigger);
    await userEvent.click(document.body);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it("shows the form's error, linked to the control", () => {
    setup([], { required: true, error: 'Campo obbligatorio' });
    expect(screen.getByRole('combobox', { name: 'Tavoli (obbligatorio)' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Campo obbligatorio');
  });

  it.each(['Seleziona tutto', 'Deseleziona tutto'])(
    "Escape after '%s' closes the menu only, not the modal around it (issue 44 item 3)",
    async (bulk) => {
      const user = userEvent.setup();
      const onClose = jest.fn();
      render(
        <Modal open title="Aggiungi utente" onClose={onClose}>
          <Controlled initial={['t1']}>
            {(value, setValue) => <MenuInput name="tables" label="Tavoli" value={value} onChange={setValue} options={TABLES} maxSelections={5} />}
          </Controlled>
        </Modal>,
      );
      const trigger = screen.getByRole('combobox', { name: /Tavoli/ });
      await user.click(trigger);
      await user.click(screen.getByRole('button', { name: bulk }));
      expect(screen.getByRole('button', { name: bulk })).toHaveFocus();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
      expect(onClose).not.toHaveBeenCalled();
      expect(trigger).toHaveFocus();
    },
  );
});
