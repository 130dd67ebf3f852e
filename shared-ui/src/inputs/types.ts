/** Props every input of the kit shares (API.md). Inputs are controlled: value + onChange. */
export interface BaseFieldProps<T> {
  /** id and name of the control; the label points at it. */
  name: string;
  /** Shown with ' (obbligatorio)' appended when required. */
  label: string;
  value: T;
  onChange: (value: T) => void;
  required?: boolean;
  disabled?: boolean;
  /** Errors of the input's own rules show only after a submit attempt. */
  submitAttempted?: boolean;
  /** An external error (server, cross-field) shown regardless of submitAttempted. */
  error?: string | null;
  placeholder?: string;
  hint?: string;
}
