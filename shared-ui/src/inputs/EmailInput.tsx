import { controlProps, Field } from './Field';
import type { BaseFieldProps } from './types';

export interface EmailInputProps extends BaseFieldProps<string> {
  autoComplete?: string;
  maxLength?: number;
}

export function EmailInput(props: EmailInputProps) {
  const { name, label, value, onChange, required, disabled, error, placeholder, hint } = props;
  const shown = error ?? null;
  return (
    <Field name={name} label={label} required={required} hint={hint} error={shown}>
      <input
        {...controlProps(name, shown, hint, required)}
        type="email"
        inputMode="email"
        className="ui-control"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        placeholder={placeholder}
        autoComplete={props.autoComplete ?? 'email'}
        maxLength={props.maxLength}
      />
    </Field>
  );
}
