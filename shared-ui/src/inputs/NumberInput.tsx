import { parseNumber } from 'shared-api';
import { formatNumber } from '../format/format';
import { controlProps, Field } from './Field';
import type { BaseFieldProps } from './types';

export interface NumberInputProps extends BaseFieldProps<string> {
  /** The + button stops here (the range itself is the form schema's rule). */
  max?: number;
  /** Decimals (comma separator) allowed; default false. */
  allowDecimals?: boolean;
  /** Unit shown after the field, e.g. '€'. */
  suffix?: string;
}

// What a number can look like while being typed: digits, one comma or dot, an optional leading minus.
const TYPING_PATTERN = /^-?\d*([.,]\d*)?$/;

/** A number typed as text (comma decimals), with − and + buttons: step 1, never below 0. */
export function NumberInput(props: NumberInputProps) {
  const { name, label, value, onChange, required, disabled, error, placeholder, hint, max } = props;
  const shown = error ?? null;
  const current = parseNumber(value) ?? 0;

  const step = (delta: number) => {
    const decimals = (value ?? '').split(/[.,]/)[1]?.length ?? 0;
    let next = Math.max(0, current + delta);
    if (max !== undefined) next = Math.min(max, next);
    onChange(formatNumber(next, decimals));
  };

  return (
    <Field name={name} label={label} required={required} hint={hint} error={shown}>
      <div className="ui-input-group ui-number">
        <button
          type="button"
          className="ui-btn ui-btn--secondary ui-number__step"
          aria-label="Diminuisci"
          onClick={() => step(-1)}
          disabled={disabled || current <= 0}
        >
          −
        </button>
        <input
          {...controlProps(name, shown, hint, required)}
          type="text"
          inputMode={props.allowDecimals ? 'decimal' : 'numeric'}
          className="ui-control ui-number__input"
          value={value ?? ''}
          onChange={(e) => {
            if (TYPING_PATTERN.test(e.target.value)) onChange(e.target.value);
          }}
          disabled={disabled}
          placeholder={placeholder}
          autoComplete="off"
        />
        <button
          type="button"
          className="ui-btn ui-btn--secondary ui-number__step"
          aria-label="Aumenta"
          onClick={() => step(1)}
          disabled={disabled || (max !== undefined && current >= max)}
        >
          +
        </button>
        {props.suffix && <span className="ui-input-group__suffix">{props.suffix}</span>}
      </div>
    </Field>
  );
}
