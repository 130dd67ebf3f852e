import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { holdUpdate, updateHoldReason, useHoldUpdate, useUpdateHoldReason } from './holds';

function Form() {
  const [dirty, setDirty] = useState(false);
  useHoldUpdate(dirty, 'Modulo non salvato');
  return <input aria-label="Nome" onChange={(e) => setDirty(e.target.value !== '')} />;
}

function Reason() {
  return <p data-testid="reason">{useUpdateHoldReason() ?? 'libero'}</p>;
}

describe('update holds', () => {
  test('holdUpdate holds until released, once per hold', () => {
    expect(updateHoldReason()).toBeNull();
    const a = holdUpdate('primo');
    const b = holdUpdate('secondo');
    expect(updateHoldReason()).toBe('primo');
    a();
    a();
    expect(updateHoldReason()).toBe('secondo');
    b();
    expect(updateHoldReason()).toBeNull();
  });

  test('a page with unsaved input holds the update; saving or clearing lets it go; unmounting too', async () => {
    const { unmount } = render(
      <>
        <Form />
        <Reason />
      </>,
    );
    const user = userEvent.setup();
    expect(screen.getByTestId('reason')).toHaveTextContent('libero');
    await user.type(screen.getByLabelText('Nome'), 'Anna');
    expect(screen.getByTestId('reason')).toHaveTextContent('Modulo non salvato');
    await user.clear(screen.getByLabelText('Nome'));
    expect(screen.getByTestId('reason')).toHaveTextContent('libero');
    await user.type(screen.getByLabelText('Nome'), 'B');
    expect(updateHoldReason()).toBe('Modulo non salvato');
    act(() => unmount());
    expect(updateHoldReason()).toBeNull();
  });
});
