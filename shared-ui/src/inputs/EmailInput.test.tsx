import { render, screen } from '@testing-library/react';
import { EmailInput } from './EmailInput';

describe('EmailInput', () => {
  it("shows 'Inserisci un indirizzo email valido' for a malformed address after a submit attempt", () => {
    const { rerender } = render(<EmailInput name="email" label="Email" value="mario@" onChange={() => {}} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    rerender(<EmailInput name="email" label="Email" value="mario@" onChange={() => {}} submitAttempted />);
    expect(screen.getByRole('alert')).toHaveTextContent('Inserisci un indirizzo email valido');
  });

  it("asks for a required address with 'Campo obbligatorio' first", () => {
    render(<EmailInput name="email" label="Email" value="" onChange={() => {}} required submitAttempted />);
    expect(screen.getByRole('alert')).toHaveTextContent('Campo obbligatorio');
  });

  it('accepts a valid address', () => {
    render(<EmailInput name="email" label="Email" value="mario.rossi@club.it" onChange={() => {}} required submitAttempted />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email (obbligatorio)')).toHaveAttribute('type', 'email');
  });
});
