import type { UseQueryResult } from '@tanstack/react-query';
import type { CheckAnswer as Answer } from './api';
import { reasonText } from './release-text';

/** The texts of the whole-set check's answer. */
export const CHECK_TEXTS = {
  running: "Controllo dell'insieme in corso...",
  passed: "Controllo dell'insieme superato: queste versioni possono andare in linea insieme.",
  refused: "L'insieme non può andare in linea:",
  failed: 'Il controllo non ha risposto: riprova tra poco.',
  warnings: 'Attenzione, prima di metterlo in linea:',
} as const;

/**
 * The answer shown before 'Metti in linea': what the form still lacks (the contract's message), the check running,
 * passed, or refused with every reason the server gave.
 */
export function CheckAnswer({
  parsed,
  check,
}: {
  parsed: { success: boolean; error?: { issues: { message: string }[] } };
  check: UseQueryResult<Answer>;
}) {
  if (!parsed.success)
    return (
      <p className="ui-alert ui-alert--info" role="status">
        {parsed.error?.issues[0]?.message}
      </p>
    );
  if (check.isFetching || check.isPending)
    return (
      <p className="ui-alert ui-alert--info" role="status">
        {CHECK_TEXTS.running}
      </p>
    );
  if (check.isError)
    return (
      <p className="ui-alert ui-alert--error" role="alert">
        {CHECK_TEXTS.failed}
      </p>
    );
  if (check.data.ok)
    return (
      <>
        <p className="ui-alert ui-alert--success" role="status">
          {CHECK_TEXTS.passed}
        </p>
        {check.data.warnings.length > 0 && (
          // What the check noticed without refusing (issue 41): a slot the live set offered and this one drops.
          <div className="ui-alert ui-alert--warning" role="note">
            <p>{CHECK_TEXTS.warnings}</p>
            <ul className="shell-releases__lines">
              {check.data.warnings.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        )}
      </>
    );
  return (
    <div className="ui-alert ui-alert--error" role="alert">
      <p>{CHECK_TEXTS.refused}</p>
      <ul className="shell-releases__lines">
        {(check.data.reasons.length > 0 ? check.data.reasons.map(reasonText) : [check.data.message]).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
