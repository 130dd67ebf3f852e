import { render, screen } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { CheckAnswer as Answer } from './api';
import { CHECK_TEXTS, CheckAnswer } from './CheckAnswer';

const passed = (warnings: string[]) =>
  ({ isFetching: false, isPending: false, isError: false, data: { ok: true, release: {}, warnings } }) as unknown as UseQueryResult<Answer>;

test("a passed check shows the slots the set drops as warnings, before 'Metti in linea' (issue 41)", () => {
  const line = "mf-booking 1.0.0-bbbbbbbb: non offre più lo slot 'home' che 1.0.0-aaaaaaaa offriva, i suoi blocchi spariscono da quella pagina";
  render(<CheckAnswer parsed={{ success: true }} check={passed([line])} />);
  expect(screen.getByRole('status')).toHaveTextContent(CHECK_TEXTS.passed);
  const note = screen.getByRole('note');
  expect(note).toHaveTextContent(CHECK_TEXTS.warnings);
  expect(note).toHaveTextContent(line);
});

test('without warnings only the passed line shows', () => {
  render(<CheckAnswer parsed={{ success: true }} check={passed([])} />);
  expect(screen.getByRole('status')).toHaveTextContent(CHECK_TEXTS.passed);
  expect(screen.queryByRole('note')).not.toBeInTheDocument();
});
