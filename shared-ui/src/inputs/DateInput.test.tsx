import { render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { Controlled } from '../testing/render';
import { DateInput, type DateInputProps } from './DateInput';

function setup(initial: string | null, props: Partial<DateInputProps> = {}) {
  const changes: (string | null)[] = [];
  render(
    <Controlled initial={initial} onValue={(v: string | null) => changes.push(v)}>
      {(value, setValue) => <DateInput name="birth_date" label="Data di nascita" value={value} onChange={setValue} {...props} />}
    </Controlled>,
  );
  return { changes, input: screen.getByLabelText(/Data di nascita/) };
}

describe('DateInput', () => {
  it('shows the ISO value as dd/MM/yyyy', () => {
    setup('2024-03-05');
    expect(screen.getByLabelText('Data di nascita')).toHaveValue('05/03/2024');
  });

  it('has the placeholder', () => {
    const { input } = setup(null);
    expect(input).toHaveAttribute('placeholder', 'Scegli una data');
  });

  it('reads a typed dd/MM/yyyy date into ISO', async () => {
    const { changes, input } = setup(null);
    await userEvent.type(input, '15/08/1990');
    expect(changes.at(-1)).toBe('1990-08-15');
  });

  it('says what is wrong with a date it cannot take instead of clearing it silently (issue 26 item 8)', async () => {
    const { input } = setup(null, { maxDate: '2031-12-31' });
    await userEvent.type(input, '31/02/2026');
    await userEvent.tab();
    expect(await screen.findByText('Data non valida: il 31/02/2026 non esiste')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '01/01/2045');
    await userEvent.tab();
    expect(await screen.findByText('La data non può essere successiva al 31/12/2031')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '15/08/2030');
    await userEvent.tab();
    await waitFor(() => expect(screen.queryByText(/La data non può/)).not.toBeInTheDocument());
  });

  it('keeps a refused date in the field beside its message, instead of the date picked before (walk-forms-7)', async () => {
    const { input } = setup('2026-11-26', { maxDate: '2031-12-31' });
    await userEvent.clear(input);
    await userEvent.type(input, '01/01/2045');
    await userEvent.tab();
    expect(await screen.findByText('La data non può essere successiva al 31/12/2031')).toBeInTheDocument();
    expect(input).toHaveValue('01/01/2045');
    // Typing again replaces it, and an accepted date clears the message.
    await userEvent.clear(input);
    await userEvent.type(input, '15/08/2030');
    await userEvent.tab();
    await waitFor(() => expect(screen.queryByText(/La data non può/)).not.toBeInTheDocument());
    expect(input).toHaveValue('15/08/2030');
  });

  it('opens an Italian calendar with a 100-year dropdown', async () => {
    const { input } = setup('2024-03-05');
    await userEvent.click(input);
    const month = await screen.findByRole('combobox', { name: 'Mese' });
    expect(month).toHaveDisplayValue('Marzo');
    const years = within(screen.getByRole('combobox', { name: 'Anno' })).getAllByRole('option');
    expect(years).toHaveLength(100);
    expect(years[0]).toHaveTextContent(String(new Date().getFullYear() + 10));
    expect(years.at(-1)).toHaveTextContent(String(new Date().getFullYear() - 89));
  });

  it('picks a day from the calendar', async () => {
    const { changes, input } = setup('2024-03-05');
    await userEvent.click(input);
    await userEvent.click(await screen.findByRole('gridcell', { name: 'Scegli mercoledì 20 marzo 2024' }));
    expect(changes.at(-1)).toBe('2024-03-20');
  });

  it('ends the year list at the maximum date', async () => {
    const { input } = setup('2024-03-05', { maxDate: '2024-12-31' });
    await userEvent.click(input);
    const years = within(await screen.findByRole('combobox', { name: 'Anno' })).getAllByRole('option');
    expect(years[0]).toHaveTextContent('2024');
    expect(years).toHaveLength(100);
  });

  it("shows the form's error, linked to the control", () => {
    setup(null, { required: true, error: 'Campo obbligatorio' });
    expect(screen.getByLabelText('Data di nascita (obbligatorio)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Campo obbligatorio');
  });

  it('Enter typed in the field submits the form around it, with the typed date', async () => {
    const submitted: (string | null)[] = [];
    function Form() {
      const [value, setValue] = useState<string | null>(null);
      return (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submitted.push(value);
          }}
        >
          <DateInput name="end_date" label="Data di fine" value={value} onChange={setValue} />
        </form>
      );
    }
    render(<Form />);
    const input = screen.getByLabelText('Data di fine');
    await waitFor(() => expect(input).not.toHaveAttribute('aria-busy'));
    await userEvent.type(screen.getByLabelText('Data di fine'), '15/08/2030{Enter}');
    await waitFor(() => expect(submitted).toEqual(['2030-08-15']));
  });
});
