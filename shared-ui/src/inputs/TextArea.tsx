import { controlProps, Field } from './Field';
import type { BaseFieldProps } from './types';

export interface TextAreaProps extends BaseFieldProps<string> {
  rows?: number;
  maxLength?: number;
}

export function TextArea(props: TextAreaProps) {
  const { name, label, value, onChange, required, disabled, error, placeholder, hint } = props;
  const shown = error ?? null;
  return (
    <Field name={name} label={label} required={required} hint={hint} error={shown}>
      <textarea
        {...controlProps(name, shown, hint, required)}
        className="ui-control ui-textarea"
        rows={props.rows ?? 4}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        placeholder={placeholder}
        maxLength={props.maxLength}
      />
    </Field>
  );
}
