import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controlled } from '../testing/render';
import { MonthPeriodInput, type MonthPeriod } from './MonthPeriodInput';

function setup(initial: MonthPeriod, props: { required?: boolean; error?: string } = {}) {
  const changes: MonthPeriod[] = [];
  render(
    <Controlled initial={initial} onValue={(v: MonthPeriod) => changes.push(v)}>
      {(value, setValue) => <MonthPeriodInput name="period" label="Periodo" value={value} onChange={setValue} {...props} />}
    </Controlled>,
  );
  return changes;
}

describe('MonthPeriodInput', () => {
  it('starts the year at the current one', () => {
    const changes = setup({ month: null, year: null });
    const year = new Date().getFullYear();
    expect(changes).toEqual([{ month: null, year }]);
    expect(screen.getByLabelText('Anno')).toHaveDisplayValue(String(year));
  });

  it('keeps a given year', () => {
    const changes = setup({ month: 4, year: 2023 });
    expect(changes).toHaveLength(0);
    expect(screen.getByLabelText('Mese')).toHaveDisplayValue('Aprile');
    expect(screen.getByLabelText('Anno')).toHaveDisplayValue('2023');
  });

  it('reports the month as 1-12', async () => {
    const changes = setup({ month: null, year: 2025 });
    await userEvent.selectOptions(screen.getByLabelText('Mese'), 'Dicembre');
    expect(changes.at(-1)).toEqual({ month: 12, year: 2025 });
  });
});
