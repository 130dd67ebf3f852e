import type { ReactNode } from 'react';
import { cx } from './cx';
import { controlProps, FieldMessages, RequiredMark, shownError } from './Field';
import type { BaseFieldProps } from './types';
import { validateRequired } from './validators';

export interface CheckboxInputProps extends BaseFieldProps<boolean> {
  /** Rich label (e.g. with a link to the privacy policy); `label` stays the plain text. */
  labelNode?: ReactNode;
}

/** A checkbox with its label on the right; a required one must be checked. */
export function CheckboxInput(props: CheckboxInputProps) {
  const { name, label, value, onChange, required, disabled, submitAttempted, error, hint } = props;
  const shown = shownError(error, submitAttempted, required ? validateRequired(Boolean(value)) : null);
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
