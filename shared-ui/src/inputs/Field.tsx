import type { ReactNode } from 'react';
import { cx } from './cx';

/** Accessibility attributes of a control: id/name for the label, invalid state, hint and error linked. */
export function controlProps(name: string, error: string | null, hint: string | undefined, required: boolean | undefined) {
  const described = [hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean).join(' ');
  return {
    id: name,
    name,
    'aria-invalid': Boolean(error),
    'aria-describedby': described || undefined,
    'aria-required': required || undefined,
  };
}

export function RequiredMark({ required }: { required?: boolean }) {
  return required ? <span className="ui-required">{' (obbligatorio)'}</span> : null;
}

export function FieldMessages({ name, hint, error }: { name: string; hint?: string; error: string | null }) {
  return (
    <>
      {hint && (
        <p id={`${name}-hint`} className="ui-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${name}-error`} className="ui-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

interface FieldProps {
  name: string;
  label: ReactNode;
  required?: boolean;
  hint?: string;
  error: string | null;
  className?: string;
  children: ReactNode;
}

/** Label above the control, hint and error below it. */
export function Field({ name, label, required, hint, error, className, children }: FieldProps) {
  return (
    <div className={cx('ui-field', error && 'ui-field--invalid', className)}>
      <label className="ui-label" htmlFor={name}>
        {label}
        <RequiredMark required={required} />
      </label>
      {children}
      <FieldMessages name={name} hint={hint} error={error} />
    </div>
  );
}

/** A group of controls (period, sections, unlock times) under one legend. */
export function FieldGroup({ name, label, required, hint, error, className, children }: FieldProps) {
  return (
    <fieldset
      className={cx('ui-fieldgroup', error && 'ui-field--invalid', className)}
      aria-describedby={[hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean).join(' ') || undefined}
    >
      <legend className="ui-label">
        {label}
        <RequiredMark required={required} />
      </legend>
      {children}
      <FieldMessages name={name} hint={hint} error={error} />
    </fieldset>
  );
}
