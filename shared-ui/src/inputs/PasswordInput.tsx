import { useState } from 'react';
import { controlProps, Field } from './Field';
import type { BaseFieldProps } from './types';

export interface PasswordInputProps extends BaseFieldProps<string> {
  autoComplete?: string;
}

export function PasswordInput(props: PasswordInputProps) {
  const { name, label, value, onChange, required, disabled, error, placeholder, hint } = props;
  const [visible, setVisible] = useState(false);
  const shown = error ?? null;
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
