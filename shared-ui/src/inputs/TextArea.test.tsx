import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controlled } from '../testing/render';
import { TextArea } from './TextArea';

describe('TextArea', () => {
  it('takes several lines', async () => {
    let last = '';
    render(
      <Controlled initial="" onValue={(v: string) => (last = v)}>
        {(value, setValue) => <TextArea name="notes" label="Note" value={value} onChange={setValue} />}
      </Controlled>,
    );
    await userEvent.type(screen.getByLabelText('Note'), 'prima riga{Enter}seconda');
    expect(last).toBe('prima riga\nseconda');
  });

  it("shows the form's error, linked to the control", () => {
    render(<TextArea name="notes" label="Note" value={'  \n '} onChange={() => {}} required error="Campo obbligatorio" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Campo obbligatorio');
    expect(screen.getByLabelText('Note (obbligatorio)')).toHaveAttribute('aria-invalid', 'true');
  });
});
