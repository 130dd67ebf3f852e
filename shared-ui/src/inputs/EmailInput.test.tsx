import { render, screen } from '@testing-library/react';
import { EmailInput } from './EmailInput';

describe('EmailInput', () => {
  it('is an e-mail field that shows no error of its own', () => {
    render(<EmailInput name="email" label="Email" value="mario@" onChange={() => {}} required />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email (obbligatorio)')).toHaveAttribute('type', 'email');
  });
});
