import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { nth } from '../testing/nth';
import { Controlled } from '../testing/render';
import { ToastHost } from '../toast/ToastHost';
import { UnlockTimesInput, type UnlockTime } from './UnlockTimesInput';

function setup(
  initial: unknown[],
  props: { required?: boolean; submitAttempted?: boolean; onIncompleteChange?: (incomplete: boolean) => void } = {},
) {
  const changes: UnlockTime[][] = [];
  render(
    <>
      <ToastHost />
      <Controlled initial={initial as UnlockTime[]} onValue={(v: UnlockTime[]) => changes.push(v)}>
        {(value, setValue) => <UnlockTimesInput name="unlock_times" label="Orari di sblocco" value={value} onChange={setValue} {...props} />}
      </Controlled>
    </>,
  );
  return changes;
}

afterEach(() => toast.dismiss());

describe('UnlockTimesInput', () => {
  it('starts with one empty entry', () => {
    const changes = setup([]);
    expect(screen.getAllByRole('region', { name: /Orario di sblocco/ })).toHaveLength(1);
    expect(screen.getByLabelText('Giorno (obbligatorio)')).toHaveValue('');
    expect(changes).toHaveLength(0);
  });

  it('emits an entry only once day, time and number of shifts are all given', async () => {
    const changes = setup([]);
    await userEvent.selectOptions(screen.getByLabelText('Giorno (obbligatorio)'), 'Lunedì');
    await userEvent.type(screen.getByLabelText('Orario (obbligatorio)'), '20:00');
    expect(changes).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Numero di turni (obbligatorio)'), '2');
    expect(changes.at(-1)).toEqual([{ day: 1, hour: '20:00', num_shifts: 2 }]);
  });

  it('keeps an incomplete added entry out of the value', async () => {
    const changes = setup([{ day: 3, hour: '18:00', num_shifts: 1, _id: 'u1' }]);
    expect(screen.getByLabelText('Giorno (obbligatorio)')).toHaveDisplayValue('Mercoledì');
    expect(screen.getByLabelText('Orario (obbligatorio)')).toHaveValue('18:00');
    await userEvent.click(screen.getByRole('button', { name: 'Aggiungi orario di sblocco' }));
    await userEvent.selectOptions(nth(screen.getAllByLabelText('Giorno (obbligatorio)'), 1), 'Sabato');
    expect(changes).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Elimina Orario di sblocco 2' }));
    expect(changes).toHaveLength(0);
  });

  it('tells the form while a started entry is incomplete', async () => {
    const reports: boolean[] = [];
    setup([], { onIncompleteChange: (incomplete) => reports.push(incomplete) });
    expect(reports.at(-1)).toBe(false);
    await userEvent.selectOptions(screen.getByLabelText('Giorno (obbligatorio)'), 'Lunedì');
    expect(reports.at(-1)).toBe(true);
    await userEvent.type(screen.getByLabelText('Orario (obbligatorio)'), '20:00');
    await userEvent.type(screen.getByLabelText('Numero di turni (obbligatorio)'), '2');
    expect(reports.at(-1)).toBe(false);
  });

  it("a stored entry that cannot be read shows 'Errore nella decodifica dell'orario di sblocco.' and is left out", async () => {
    const changes = setup([
      { day: 1, hour: '08:00:00', num_shifts: 2 },
      { day: 9, hour: 'mezzogiorno', num_shifts: 'tanti' },
    ]);
    expect(await screen.findByText("Errore nella decodifica dell'orario di sblocco.")).toBeInTheDocument();
    expect(changes.at(-1)).toEqual([{ day: 1, hour: '08:00', num_shifts: 2 }]);
    expect(screen.getAllByRole('region', { name: /Orario di sblocco/ })).toHaveLength(1);
  });

  it('after a submit attempt a started entry shows what is missing', async () => {
    render(
      <UnlockTimesInput name="u" label="Orari di sblocco" value={[{ day: 2, hour: null, num_shifts: null }]} onChange={() => {}} submitAttempted />,
    );
    expect(screen.getAllByText('Campo obbligatorio')).toHaveLength(2);
  });

  it('an untouched entry of an optional field is not flagged', () => {
    render(<UnlockTimesInput name="u" label="Orari di sblocco" value={[]} onChange={() => {}} submitAttempted />);
    expect(screen.queryByText('Campo obbligatorio')).not.toBeInTheDocument();
  });
});
