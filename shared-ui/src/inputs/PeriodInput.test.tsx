import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controlled } from '../testing/render';
import { matchPreset, PeriodInput, presetRange, seasonStartYear, type Period } from './PeriodInput';

function setup(initial: Period, props: { required?: boolean; error?: string } = {}) {
  const changes: Period[] = [];
  render(
    <Controlled initial={initial} onValue={(v: Period) => changes.push(v)}>
      {(value, setValue) => <PeriodInput name="period" label="Periodo" value={value} onChange={setValue} {...props} />}
    </Controlled>,
  );
  return changes;
}

describe('PeriodInput', () => {
  it('offers the four presets', () => {
    setup({ start_date: null, end_date: null });
    const labels = Array.from(screen.getByLabelText<HTMLSelectElement>('Periodo predefinito').options).map((o) => o.text);
    expect(labels).toEqual(['Personalizzato', 'Dodici mesi', 'Primo pentamestre', 'Secondo pentamestre', 'Anno intero']);
  });

  it('a preset fills the range of the season of the start date', async () => {
    const changes = setup({ start_date: '2025-10-10', end_date: null });
    await userEvent.selectOptions(screen.getByLabelText('Periodo predefinito'), 'Primo pentamestre');
    expect(changes.at(-1)).toEqual({ start_date: '2025-09-01', end_date: '2026-01-31' });
    await userEvent.selectOptions(screen.getByLabelText('Periodo predefinito'), 'Secondo pentamestre');
    expect(changes.at(-1)).toEqual({ start_date: '2026-02-01', end_date: '2026-06-30' });
    await userEvent.selectOptions(screen.getByLabelText('Periodo predefinito'), 'Anno intero');
    expect(changes.at(-1)).toEqual({ start_date: '2025-09-01', end_date: '2026-06-30' });
    await userEvent.selectOptions(screen.getByLabelText('Periodo predefinito'), 'Dodici mesi');
    expect(changes.at(-1)).toEqual({ start_date: '2025-09-01', end_date: '2026-08-31' });
    expect(screen.getByLabelText('Data inizio (obbligatorio)')).toHaveValue('01/09/2025');
    expect(screen.getByLabelText('Data fine')).toHaveValue('31/08/2026');
  });

  it('a range equal to a preset displays as that preset', () => {
    setup({ start_date: '2024-09-01', end_date: '2025-01-31' });
    expect(screen.getByLabelText('Periodo predefinito')).toHaveDisplayValue('Primo pentamestre');
  });

  it('any other range displays as custom', () => {
    setup({ start_date: '2024-09-02', end_date: '2025-01-31' });
    expect(screen.getByLabelText('Periodo predefinito')).toHaveDisplayValue('Personalizzato');
  });

  it("shows the form's error on the whole period", () => {
    setup({ start_date: '2025-09-10', end_date: '2025-09-01' }, { error: 'La data di fine non può precedere la data di inizio' });
    expect(screen.getByRole('alert')).toHaveTextContent('La data di fine non può precedere la data di inizio');
  });

  it('season helpers', () => {
    expect(seasonStartYear(new Date(2025, 7, 31))).toBe(2024);
    expect(seasonStartYear(new Date(2025, 8, 1))).toBe(2025);
    expect(matchPreset(presetRange('second_pentamestre', 2030))).toBe('second_pentamestre');
    expect(matchPreset({ start_date: '2030-02-01', end_date: null })).toBeNull();
  });
});
