import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controlled } from '../testing/render';
import { TextInput } from './TextInput';

function setup(props: { required?: boolean; error?: string | null; initial?: string } = {}) {
  const changes: string[] = [];
  render(
    <Controlled initial={props.initial ?? ''} onValue={(v) => changes.push(v)}>
      {(value, setValue) => (
        <TextInput
          name="name"
          label="Nome"
          value={value}
          onChange={setValue}
          required={props.required}
          error={props.error}
          hint="Come nel documento"
        />
      )}
    </Controlled>,
  );
  return changes;
}

describe('TextInput', () => {
  it('is labelled, with (obbligatorio) when required', () => {
    setup({ required: true });
    expect(screen.getByLabelText('Nome (obbligatorio)')).toHaveAttribute('id', 'name');
  });

  it('reports what is typed', async () => {
    const changes = setup();
    await userEvent.type(screen.getByLabelText('Nome'), 'Anna');
    expect(changes.at(-1)).toBe('Anna');
    expect(screen.getByLabelText('Nome')).toHaveValue('Anna');
  });

  it("shows 'Campo obbligatorio' only after a submit attempt, and blank counts as empty", () => {
    setup({ required: true, initial: '   ' });
    expect(screen.queryByText('Campo obbligatorio')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Nome (obbligatorio)')).toHaveAttribute('aria-invalid', 'false');
  });

  it('links the error to the control', () => {
    setup({ required: true, initial: '   ', error: 'Campo obbligatorio' });
    const input = screen.getByLabelText('Nome (obbligatorio)');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Come nel documento Campo obbligatorio');
  });

  it('shows the error it is given', () => {
    setup({ error: 'Nome già in uso' });
    expect(screen.getByRole('alert')).toHaveTextContent('Nome già in uso');
  });
});
