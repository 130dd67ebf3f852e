import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controlled } from '../testing/render';
import { TimeInput, type TimeInputProps } from './TimeInput';

function setup(initial: string | null, props: Partial<TimeInputProps> = {}) {
  const changes: (string | null)[] = [];
  render(
    <Controlled initial={initial} onValue={(v: string | null) => changes.push(v)}>
      {(value, setValue) => <TimeInput name="start_time" label="Ora di inizio" value={value} onChange={setValue} {...props} />}
    </Controlled>,
  );
  return { changes, input: screen.getByLabelText(/Ora di inizio/) };
}

const listedTimes = () => Array.from(document.querySelectorAll('.react-datepicker__time-list-item')).map((li) => li.textContent);

describe('TimeInput', () => {
  it('shows HH:mm', () => {
    const { input } = setup('09:05');
    expect(input).toHaveValue('09:05');
  });

  it('reads a typed time', async () => {
    const { changes, input } = setup(null);
    await userEvent.type(input, '18:30');
    expect(changes.at(-1)).toBe('18:30');
  });

  it('offers times in 15-minute steps by default', async () => {
    const { input } = setup(null);
    await userEvent.click(input);
    const times = listedTimes();
    expect(times.slice(0, 5)).toEqual(['00:00', '00:15', '00:30', '00:45', '01:00']);
    expect(times).toHaveLength(96);
  });

  it('uses the given step and picks a time', async () => {
    const { changes, input } = setup(null, { stepMinutes: 10 });
    await userEvent.click(input);
    expect(listedTimes().slice(0, 3)).toEqual(['00:00', '00:10', '00:20']);
    await userEvent.click(screen.getByText('16:40'));
    expect(changes.at(-1)).toBe('16:40');
  });

  it('disables times outside min and max', async () => {
    const { input } = setup(null, { min: '16:00', max: '23:00' });
    await userEvent.click(input);
    const item = (t: string) => Array.from(document.querySelectorAll('.react-datepicker__time-list-item')).find((li) => li.textContent === t)!;
    expect(item('15:45')).toHaveClass('react-datepicker__time-list-item--disabled');
    expect(item('16:00')).not.toHaveClass('react-datepicker__time-list-item--disabled');
    expect(item('23:15')).toHaveClass('react-datepicker__time-list-item--disabled');
  });
});
