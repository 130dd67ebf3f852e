import { controlProps, Field } from './Field';
import type { BaseFieldProps } from './types';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectInputProps extends BaseFieldProps<string> {
  options: readonly SelectOption[];
}

/** A short fixed choice as a native select (weekday, month, gender); '' is "nothing chosen". */
export function SelectInput(props: SelectInputProps) {
  const { name, label, value, onChange, options, required, disabled, error, placeholder, hint } = props;
  const shown = error ?? null;
  return (
    <Field name={name} label={label} required={required} hint={hint} error={shown}>
      <select
        {...controlProps(name, shown, hint, required)}
        className="ui-control ui-select"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
      >
        <option value="">{placeholder ?? 'Seleziona...'}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
