import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controlled } from '../testing/render';
import { NumberInput, type NumberInputProps } from './NumberInput';

function setup(initial: string, props: Partial<NumberInputProps> = {}) {
  const changes: string[] = [];
  render(
    <Controlled initial={initial} onValue={(v: string) => changes.push(v)}>
      {(value, setValue) => <NumberInput name="qty" label="Quantità" value={value} onChange={setValue} {...props} />}
    </Controlled>,
  );
  return { changes, input: screen.getByLabelText(/Quantità/) };
}

describe('NumberInput', () => {
  it('accepts a comma as decimal separator', async () => {
    const { changes } = setup('', { allowDecimals: true });
    await userEvent.type(screen.getByLabelText('Quantità'), '12,5');
    expect(changes.at(-1)).toBe('12,5');
  });

  it('ignores letters', async () => {
    const { input } = setup('');
    await userEvent.type(input, '4a2');
    expect(input).toHaveValue('42');
  });

  it('steps by 1 with + and −', async () => {
    const { input } = setup('5');
    await userEvent.click(screen.getByRole('button', { name: 'Aumenta' }));
    expect(input).toHaveValue('6');
    await userEvent.click(screen.getByRole('button', { name: 'Diminuisci' }));
    await userEvent.click(screen.getByRole('button', { name: 'Diminuisci' }));
    expect(input).toHaveValue('4');
  });

  it('never goes below 0', async () => {
    const { input } = setup('0,5', { allowDecimals: true });
    await userEvent.click(screen.getByRole('button', { name: 'Diminuisci' }));
    expect(input).toHaveValue('0,0');
    expect(screen.getByRole('button', { name: 'Diminuisci' })).toBeDisabled();
  });

  it('keeps decimals when stepping', async () => {
    const { input } = setup('1,1', { allowDecimals: true });
    await userEvent.click(screen.getByRole('button', { name: 'Diminuisci' }));
    expect(input).toHaveValue('0,1');
  });

  it('stops + at the maximum', async () => {
    const { input } = setup('9', { max: 10 });
    await userEvent.click(screen.getByRole('button', { name: 'Aumenta' }));
    expect(input).toHaveValue('10');
    expect(screen.getByRole('button', { name: 'Aumenta' })).toBeDisabled();
  });
});
