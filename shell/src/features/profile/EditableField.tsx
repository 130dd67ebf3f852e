import { useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { EmailInput, TextInput } from 'shared-ui';
import { loadContactCheck, type Check } from './contract-checks';

interface Props {
  name: 'phone_number' | 'email';
  label: string;
  kind: 'text' | 'email';
  /** The value the server holds (or the optimistic one while a save is in flight). */
  savedValue: string;
  /** Called only with a changed, valid value. */
  onSave: (value: string) => Promise<void>;
}

/**
 * A profile value the member can change (spec 000 §2.7): focusing it shows save and cancel icons;
 * cancel, Escape or clicking elsewhere restore the saved value; save sends only a real change.
 */
export function EditableField({ name, label, kind, savedValue, onSave }: Props) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(savedValue);
  const [submitAttempted, setSubmitAttempted] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);

  // The contract's rule for this field, loaded on the first save.
  const check = useRef<Check | null>(null);
  const problemWith = (value: string) => check.current?.(value) ?? null;

  function startEditing() {
    if (editing) return;
    setDraft(savedValue);
    setEditing(true);
  }

  function revert() {
    setDraft(savedValue);
    setSubmitAttempted(false);
    setEditing(false);
  }

  function cancel() {
    revert();
    (document.activeElement as HTMLElement | null)?.blur();
  }

  async function save() {
    const value = draft.trim();
    if (value === savedValue.trim()) {
      cancel();
      return;
    }
    check.current ??= await loadContactCheck(name);
    setSubmitAttempted(true);
    if (problemWith(value)) return;
    setSubmitAttempted(false);
    setEditing(false);
    (document.activeElement as HTMLElement | null)?.blur();
    await onSave(value);
  }

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    if (!containerRef.current?.contains(event.relatedTarget)) revert();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    }
  }

  const Input = kind === 'email' ? EmailInput : TextInput;
  return (
    <div
      ref={containerRef}
      className={`shell-editable${editing ? ' shell-editable--editing' : ''}`}
      onFocus={startEditing}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
      data-testid={`editable-${name}`}
    >
      <Input
        name={name}
        label={label}
        value={editing ? draft : savedValue}
        onChange={setDraft}
        error={submitAttempted ? problemWith(draft.trim()) : null}
      />
      {editing && (
        <div className="shell-editable__actions">
          {/* mousedown would move the focus away and revert the edit before the click lands */}
          <button
            type="button"
            className="shell-icon-button shell-icon-button--save"
            aria-label="Salva modifiche"
            title="Salva"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => void save()}
          >
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
              <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
          <button
            type="button"
            className="shell-icon-button shell-icon-button--cancel"
            aria-label="Annulla modifiche"
            title="Annulla"
            onMouseDown={(e) => e.preventDefault()}
            onClick={cancel}
          >
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
              <path d="M4 4l8 8M12 4l-8 8" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
        </div>
      )}
    </div>
  );
}
