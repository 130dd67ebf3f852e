import { render, screen } from '@testing-library/react';

test('a date field stands in, labelled, until react-datepicker has loaded', async () => {
  // A fresh module registry: the pickers are not loaded yet, as on the portal's first page.
  let DateInput!: typeof import('./DateInput').DateInput;
  const shared = ['react', 'react/jsx-runtime', 'react-dom'].map((name) => [name, jest.requireActual(name)] as const);
  jest.isolateModules(() => {
    // One React for the test and the isolated modules.
    for (const [name, module] of shared) jest.doMock(name, () => module);
    // jest.isolateModules is synchronous: the module must be required, not imported.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    DateInput = (require('./DateInput') as typeof import('./DateInput')).DateInput;
  });
  const { container } = render(<DateInput name="birth_date" label="Data di nascita" value="1990-07-22" onChange={() => undefined} />);
  const standIn = screen.getByLabelText('Data di nascita');
  expect(standIn).toHaveAttribute('aria-busy', 'true');
  expect(standIn).toHaveAttribute('placeholder', 'Scegli una data');
  expect(container.querySelector('.react-datepicker__input-container')).toBeNull();

  expect(await screen.findByDisplayValue('22/07/1990')).toBeInTheDocument();
  expect(screen.getByLabelText('Data di nascita')).not.toHaveAttribute('aria-busy');
});
