import { useState } from 'react';
import { controlProps, Field, shownError } from './Field';
import type { BaseFieldProps } from './types';
import { firstError, validatePassword, validateRequired } from './validators';

export interface PasswordInputProps extends BaseFieldProps<string> {
  /** Check the 8-character minimum (off for an old password being verified). */
  checkLength?: boolean;
  autoComplete?: string;
}

export function PasswordInput(props: PasswordInputProps) {
  const { name, label, value, onChange, required, disabled, submitAttempted, error, placeholder, hint } = props;
  const [visible, setVisible] = useState(false);
  const own = firstError([required && validateRequired(value), props.checkLength !== false && validatePassword(value)]);
  const shown = shownError(error, submitAttempted, own);
  return (
    <Field name={name} label={label} required={required} hint={hint} error={shown}>
      <div className="ui-password">
        <input
          {...controlProps(name, shown, hint, required)}
          type={visible ? 'text' : 'password'}
          className="ui-control"
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value)}
          disabled={disabled}
          placeholder={placeholder}
          autoComplete={props.autoComplete ?? 'current-password'}
        />
        <button
          type="button"
          className="ui-btn ui-btn--ghost ui-password__toggle"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-controls={name}
          disabled={disabled}
        >
          {visible ? 'Nascondi' : 'Mostra'}
          <span className="ui-visually-hidden"> password</span>
        </button>
      </div>
    </Field>
  );
}
