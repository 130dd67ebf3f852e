import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controlled } from '../testing/render';
import { CheckboxInput } from './CheckboxInput';

describe('CheckboxInput', () => {
  it('toggles through its label', async () => {
    const changes: boolean[] = [];
    render(
      <Controlled initial={false} onValue={(v: boolean) => changes.push(v)}>
        {(value, setValue) => <CheckboxInput name="active" label="Attivo" value={value} onChange={setValue} />}
      </Controlled>,
    );
    await userEvent.click(screen.getByText('Attivo'));
    expect(screen.getByRole('checkbox', { name: 'Attivo' })).toBeChecked();
    expect(changes).toEqual([true]);
  });

  it("shows the form's error on a required box", () => {
    const { rerender } = render(
      <CheckboxInput name="privacy" label="Accetto la privacy" value={false} onChange={() => {}} required error="Campo obbligatorio" />,
    );
    expect(screen.getByRole('checkbox', { name: 'Accetto la privacy (obbligatorio)' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Campo obbligatorio');
    rerender(<CheckboxInput name="privacy" label="Accetto la privacy" value onChange={() => {}} required error={null} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a rich label', () => {
    render(
      <CheckboxInput
        name="privacy"
        label="Privacy"
        labelNode={
          <>
            Accetto la <a href="/privacy.pdf">privacy</a>
          </>
        }
        value={false}
        onChange={() => {}}
      />,
    );
    expect(screen.getByRole('link', { name: 'privacy' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Accetto la privacy' })).toBeInTheDocument();
  });
});
