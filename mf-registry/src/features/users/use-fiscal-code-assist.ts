import { useCallback, useEffect, useRef } from 'react';
import { notify } from 'shared-ui';
import { canComputeFiscalCode, computeFiscalCode, decodeFiscalCode, normalizeFiscalCode, sameFiscalCode } from './fiscal-code';
import type { UserFormValues } from './user-form';

/** Spec 001 §9: user field changes are acted on after 400 ms without typing. */
export const FIELD_DEBOUNCE_MS = 400;

export const AUTOFILLED = 'Dati autocompletati dal codice fiscale';
export const GENERATED = 'Codice fiscale generato automaticamente';
export const REGENERATED = 'Codice fiscale rigenerato automaticamente';

/** Which edit the assistant reacts to: the code itself (auto-fill) or a personal field (generation). */
export type AssistTrigger = 'fiscal_code' | 'person';

/**
 * Codice fiscale assistance of spec 001 §5: a valid code fills birth date, gender, place and province;
 * complete personal data generate or regenerate the code. Only the user's own edits trigger it, so an
 * auto-fill never bounces back into a regeneration that would overwrite the code just typed.
 */
export function useFiscalCodeAssist(values: UserFormValues, apply: (changes: Partial<UserFormValues>) => void) {
  const latest = useRef(values);
  latest.current = values;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const run = useCallback(
    (trigger: AssistTrigger) => {
      const v = latest.current;
      if (trigger === 'fiscal_code') {
        const data = decodeFiscalCode(v.fiscal_code);
        if (!data) return;
        const unchanged =
          v.birth_date === data.birth_date &&
          v.gender[0] === data.gender &&
          v.birth_place.trim().toUpperCase() === data.birth_place.toUpperCase() &&
          v.birth_province[0] === data.birth_province;
        if (unchanged) return;
        apply({
          birth_date: data.birth_date,
          gender: [data.gender],
          birth_place: data.birth_place,
          birth_province: [data.birth_province],
        });
        notify.info(AUTOFILLED);
        return;
      }
      const person = {
        name: v.name,
        surname: v.surname,
        gender: v.gender[0] ?? '',
        birth_date: v.birth_date,
        birth_place: v.birth_place,
        birth_province: v.birth_province[0] ?? null,
      };
      if (!canComputeFiscalCode(person)) return;
      const code = computeFiscalCode(person);
      if (!code || (v.fiscal_code && sameFiscalCode(code, v.fiscal_code))) return;
      const hadCode = normalizeFiscalCode(v.fiscal_code) !== '';
      apply({ fiscal_code: code });
      notify.info(hadCode ? REGENERATED : GENERATED);
    },
    [apply],
  );

  return useCallback(
    (trigger: AssistTrigger) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => run(trigger), FIELD_DEBOUNCE_MS);
    },
    [run],
  );
}
