import { useRef, useState } from 'react';
import { DEFAULT_MAX_FILE_COUNT, DEFAULT_MAX_SIZE_MB, fileSelectionProblem } from 'shared-api';
import { formatNumber } from '../format/format';
import { controlProps, Field } from './Field';
import type { BaseFieldProps } from './types';

export interface FileInputProps extends BaseFieldProps<File[]> {
  /** Accepted extensions, e.g. ['pdf', 'png']. */
  accept: readonly string[];
  /** Default 1. */
  maxFileCount?: number;
  /** Default 1 MB. */
  maxSizeMB?: number;
  /** The file already stored, shown until a new one is chosen. */
  existing?: { name: string; url?: string } | null;
}

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${formatNumber(Math.round(bytes / 104857.6) / 10)} MB`;

/**
 * File picker with the count, type and size rules of spec 000 §5 (the contract's fileSelectionProblem). A
 * selection that breaks a rule is refused at once with its message (the chosen files stay as they were), so
 * what the form holds always passes them; the form's schema says what else is wrong (a missing file).
 */
export function FileInput(props: FileInputProps) {
  const { name, label, value, onChange, accept, required, disabled, error, hint } = props;
  const rules = { accept, maxFileCount: props.maxFileCount ?? DEFAULT_MAX_FILE_COUNT, maxSizeMB: props.maxSizeMB ?? DEFAULT_MAX_SIZE_MB };
  const files = value ?? [];
  const [rejection, setRejection] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // A refused choice is the latest news; the form's error (a missing file) speaks otherwise.
  const shown = rejection || error || null;
  const defaultHint = `${accept.length ? `Formati accettati: ${accept.map((a) => a.toUpperCase()).join(', ')}. ` : ''}Dimensione massima ${formatNumber(rules.maxSizeMB)} MB${rules.maxFileCount > 1 ? `, al massimo ${rules.maxFileCount} file` : ''}.`;
  const hintText = hint ?? defaultHint;

  const select = (chosen: File[]) => {
    if (chosen.length === 0) return;
    // One file replaces the current one; with more allowed the new ones are added.
    const next = rules.maxFileCount === 1 && chosen.length === 1 ? chosen : [...files, ...chosen];
    const problem = fileSelectionProblem(next, rules);
    setRejection(problem);
    if (!problem) onChange(next);
  };

  return (
    <Field name={name} label={label} required={required} hint={hintText} error={shown}>
      <div className="ui-file">
        <div className="ui-file__picker">
          <input
            {...controlProps(name, shown, hintText, required)}
            ref={inputRef}
            type="file"
            className="ui-file__input"
            accept={accept.map((ext) => `.${ext.replace(/^\./, '')}`).join(',')}
            multiple={rules.maxFileCount > 1}
            disabled={disabled}
            onChange={(e) => {
              select(Array.from(e.target.files ?? []));
              // Lets the same file be chosen again after a removal.
              e.target.value = '';
            }}
          />
          {/* The browser's own button speaks the browser's language; this one is Italian. Keyboard focus stays on the input. */}
          <button
            type="button"
            className="ui-btn ui-btn--secondary ui-btn--sm ui-file__button"
            tabIndex={-1}
            aria-hidden="true"
            disabled={disabled}
            onClick={() => inputRef.current?.click()}
          >
            {rules.maxFileCount > 1 ? 'Scegli i file' : 'Scegli un file'}
          </button>
          <span className="ui-file__status" aria-hidden="true">
            {files.length === 0 ? 'Nessun file selezionato' : files.length === 1 ? '1 file selezionato' : `${files.length} file selezionati`}
          </span>
        </div>
        {files.length > 0 ? (
          <ul className="ui-file__list" aria-label="File selezionati">
            {files.map((file, index) => (
              <li key={`${file.name}-${index}`} className="ui-file__item">
                <span className="ui-file__name">{file.name}</span>
                <span className="ui-file__size">{sizeText(file.size)}</span>
                <button
                  type="button"
                  className="ui-btn ui-btn--ghost ui-btn--sm"
                  aria-label={`Rimuovi ${file.name}`}
                  disabled={disabled}
                  onClick={() => {
                    setRejection(null);
                    onChange(files.filter((_, i) => i !== index));
                  }}
                >
                  Rimuovi
                </button>
              </li>
            ))}
          </ul>
        ) : (
          props.existing && (
            <p className="ui-file__existing">
              File attuale:{' '}
              {props.existing.url ? (
                <a href={props.existing.url} target="_blank" rel="noreferrer">
                  {props.existing.name}
                </a>
              ) : (
                props.existing.name
              )}
            </p>
          )
        )}
      </div>
    </Field>
  );
}
