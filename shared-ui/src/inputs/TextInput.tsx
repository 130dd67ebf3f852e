import { controlProps, Field, shownError } from './Field';
import type { BaseFieldProps } from './types';
import { validateRequired } from './validators';

export interface TextInputProps extends BaseFieldProps<string> {
  type?: 'text' | 'tel' | 'url' | 'search';
  autoComplete?: string;
  maxLength?: number;
}

export function TextInput(props: TextInputProps) {
  const { name, label, value, onChange, required, disabled, submitAttempted, error, placeholder, hint } = props;
  const shown = shownError(error, submitAttempted, required ? validateRequired(value) : null);
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
