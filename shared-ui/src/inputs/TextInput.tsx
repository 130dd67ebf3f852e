import { controlProps, Field } from './Field';
import type { BaseFieldProps } from './types';

export interface TextInputProps extends BaseFieldProps<string> {
  type?: 'text' | 'tel' | 'url' | 'search';
  autoComplete?: string;
  maxLength?: number;
}

export function TextInput(props: TextInputProps) {
  const { name, label, value, onChange, required, disabled, error, placeholder, hint } = props;
  const shown = error ?? null;
  return (
    <Field name={name} label={label} required={required} hint={hint} error={shown}>
      <input
        {...controlProps(name, shown, hint, required)}
        type={props.type ?? 'text'}
        className="ui-control"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        placeholder={placeholder}
        autoComplete={props.autoComplete}
        maxLength={props.maxLength}
      />
    </Field>
  );
}
