import { useEffect, useEffectEvent } from 'react';
import { controlProps, Field } from './Field';
import type { BaseFieldProps } from './types';

export const DEFAULT_COLOR = '#000000';

/** A colour as #rrggbb; an empty value becomes the default #000000 (spec 001 §5). */
export function ColorInput(props: BaseFieldProps<string>) {
  const { name, label, value, onChange, required, disabled, error, hint } = props;
  const shown = error ?? null;
  const colour = value || DEFAULT_COLOR;

  // The form's payload carries the default, not only the swatch; only the value decides whether it is needed
  // (a new onChange from the parent's render is no reason to emit again).
  const fillDefault = useEffectEvent(() => onChange(DEFAULT_COLOR));
  useEffect(() => {
    if (!value) fillDefault();
  }, [value]);

  return (
    <Field name={name} label={label} required={required} hint={hint} error={shown}>
      <div className="ui-color">
        <input
          {...controlProps(name, shown, hint, required)}
          type="color"
          className="ui-color__swatch"
          value={colour}
          onChange={(e) => onChange(e.target.value.toLowerCase())}
          disabled={disabled}
        />
        <code className="ui-color__code">{colour.toUpperCase()}</code>
      </div>
    </Field>
  );
}
