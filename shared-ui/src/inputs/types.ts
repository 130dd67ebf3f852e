/**
 * Props every input of the kit shares (API.md). Inputs are controlled: value + onChange; they check nothing
 * themselves: the form's schema (the contract's) says what is wrong, through `error`.
 */
export interface BaseFieldProps<T> {
  /** id and name of the control; the label points at it. */
  name: string;
  /** Shown with ' (obbligatorio)' appended when required. */
  label: string;
  value: T;
  onChange: (value: T) => void;
  required?: boolean;
  disabled?: boolean;
  /** What is wrong with the value: the form's schema says it (fieldBinder shows it after a submit attempt). */
  error?: string | null;
  placeholder?: string;
  hint?: string;
}

/** One choice of a MenuInput (spec 001 §5 Menu). */
export interface MenuOption {
  id: string;
  name: string;
  description?: string;
  /** Shown but not offered: it cannot be chosen (e.g. a partner who cannot play); `note` says why. */
  disabled?: boolean;
  /** A short mark after the option, e.g. why it is not offered. */
  note?: string;
}
