import type { ReactNode } from 'react';
import { cx } from './cx';
import { controlProps, FieldMessages, RequiredMark } from './Field';
import type { BaseFieldProps } from './types';

export interface CheckboxInputProps extends BaseFieldProps<boolean> {
  /** Rich label (e.g. with a link to the privacy policy); `label` stays the plain text. */
  labelNode?: ReactNode;
}

/** A checkbox with its label on the right; a required one must be checked. */
export function CheckboxInput(props: CheckboxInputProps) {
  const { name, label, value, onChange, required, disabled, error, hint } = props;
  const shown = error ?? null;
  return (
    <div className={cx('ui-field', 'ui-checkbox', shown && 'ui-field--invalid')}>
      <div className="ui-checkbox__row">
        <input
          {...controlProps(name, shown, hint, required)}
          type="checkbox"
          className="ui-checkbox__box"
          checked={Boolean(value)}
          onChange={(e) => onChange(e.target.checked)}
          disabled={disabled}
        />
        <label className="ui-checkbox__label" htmlFor={name}>
          {props.labelNode ?? label}
          <RequiredMark required={required} />
        </label>
      </div>
      <FieldMessages name={name} hint={hint} error={shown} />
    </div>
  );
}
