import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { nth } from '../testing/nth';
import { Controlled } from '../testing/render';
import { UnlockTimesInput, unlockTimeRows, type UnlockTimeRow } from './UnlockTimesInput';

function setup(initial: UnlockTimeRow[]) {
  const changes: UnlockTimeRow[][] = [];
  render(
    <Controlled initial={initial} onValue={(v: UnlockTimeRow[]) => changes.push(v)}>
      {(value, setValue) => <UnlockTimesInput name="unlock_times" label="Orari di sblocco" value={value} onChange={setValue} />}
    </Controlled>,
  );
  return changes;
}

describe('UnlockTimesInput', () => {
  it('starts with one empty entry', () => {
    const { rows, failed } = unlockTimeRows([]);
    expect(failed).toBe(false);
    setup(rows);
    expect(screen.getAllByRole('region', { name: /Orario di sblocco/ })).toHaveLength(1);
    expect(screen.getByLabelText('Giorno (obbligatorio)')).toHaveValue('');
  });

  it('holds each entry as typed: day, time and number of shifts', async () => {
    const changes = setup(unlockTimeRows([]).rows);
    await userEvent.selectOptions(screen.getByLabelText('Giorno (obbligatorio)'), 'Lunedì');
    await userEvent.type(screen.getByLabelText('Orario (obbligatorio)'), '20:00');
    await userEvent.type(screen.getByLabelText('Numero di turni (obbligatorio)'), '2');
    expect(changes.at(-1)).toEqual([{ day: 1, hour: '20:00', num_shifts: '2' }]);
  });

  it('adds and removes entries', async () => {
    const changes = setup(unlockTimeRows([{ day: 3, hour: '18:00', num_shifts: 1, _id: 'u1' }]).rows);
    expect(screen.getByLabelText('Giorno (obbligatorio)')).toHaveDisplayValue('Mercoledì');
    expect(screen.getByLabelText('Orario (obbligatorio)')).toHaveValue('18:00');
    await userEvent.click(screen.getByRole('button', { name: 'Aggiungi orario di sblocco' }));
    await userEvent.selectOptions(nth(screen.getAllByLabelText('Giorno (obbligatorio)'), 1), 'Sabato');
    expect(changes.at(-1)).toEqual([
      { day: 3, hour: '18:00', num_shifts: '1', _id: 'u1' },
      { day: 6, hour: null, num_shifts: '' },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Elimina Orario di sblocco 2' }));
    expect(changes.at(-1)).toEqual([{ day: 3, hour: '18:00', num_shifts: '1', _id: 'u1' }]);
  });

  it('a stored entry that cannot be read is left out, and said so', () => {
    const { rows, failed } = unlockTimeRows([
      { day: 1, hour: '08:00:00', num_shifts: 2 },
      { day: 9, hour: 'mezzogiorno', num_shifts: 'tanti' },
    ]);
    expect(failed).toBe(true);
    expect(rows).toEqual([{ day: 1, hour: '08:00', num_shifts: '2' }]);
  });

  it("shows the form's error under each field of a row", () => {
    const errors: Record<string, string> = { '0.hour': 'Campo obbligatorio', '0.num_shifts': 'Campo obbligatorio' };
    render(
      <UnlockTimesInput
        name="u"
        label="Orari di sblocco"
        value={[{ day: 2, hour: null, num_shifts: '' }]}
        onChange={() => {}}
        rowError={(index, field) => errors[`${index}.${field}`] ?? null}
      />,
    );
    expect(screen.getAllByText('Campo obbligatorio')).toHaveLength(2);
    expect(screen.getByLabelText('Giorno (obbligatorio)')).toHaveAttribute('aria-invalid', 'false');
  });
});
