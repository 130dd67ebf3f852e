import { fireEvent, render, screen } from '@testing-library/react';
import { Controlled } from '../testing/render';
import { ColorInput } from './ColorInput';

describe('ColorInput', () => {
  it('defaults an empty value to #000000', () => {
    const changes: string[] = [];
    render(
      <Controlled initial="" onValue={(v: string) => changes.push(v)}>
        {(value, setValue) => <ColorInput name="color" label="Colore" value={value} onChange={setValue} />}
      </Controlled>,
    );
    expect(changes).toEqual(['#000000']);
    expect(screen.getByLabelText('Colore')).toHaveValue('#000000');
    expect(screen.getByText('#000000')).toBeInTheDocument();
  });

  it('reports the chosen colour', () => {
    const changes: string[] = [];
    render(
      <Controlled initial="#000000" onValue={(v: string) => changes.push(v)}>
        {(value, setValue) => <ColorInput name="color" label="Colore" value={value} onChange={setValue} />}
      </Controlled>,
    );
    fireEvent.input(screen.getByLabelText('Colore'), { target: { value: '#1a5fb4' } });
    expect(changes).toEqual(['#1a5fb4']);
    expect(screen.getByText('#1A5FB4')).toBeInTheDocument();
  });
});
