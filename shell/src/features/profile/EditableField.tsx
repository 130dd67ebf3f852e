import { useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { TEXT_MAX_LENGTHS } from 'shared-api';
import { EmailInput, TextInput, contractResolver, fieldBinder } from 'shared-ui';

type ContactField = 'phone_number' | 'email';

interface Props {
  name: ContactField;
  label: string;
  kind: 'text' | 'email';
  /** The value the server holds (or the optimistic one while a save is in flight). */
  savedValue: string;
  /** Called only with a changed, valid value. */
  onSave: (value: string) => Promise<void>;
}

/**
 * A profile value the member can change (spec 000 §2.7): focusing it shows save and cancel icons;
 * cancel, Escape or clicking elsewhere restore the saved value; save sends only a real change, checked by the
 * contract's rule for it (PATCH /user/me's updateMeBody, loaded on the first save).
 */
export function EditableField({ name, label, kind, savedValue, onSave }: Props) {
  const [editing, setEditing] = useState(false);
  const [resolver] = useState(() =>
    contractResolver<Partial<Record<ContactField, string>>>(
      (c) => c.updateMeBody,
      (values) => ({ [name]: values[name]?.trim() }),
    ),
  );
  const form = useForm<Partial<Record<ContactField, string>>>({ defaultValues: { [name]: savedValue }, resolver });
  const field = fieldBinder(form, form.formState.isSubmitted)(name);
  const containerRef = useRef<HTMLDivElement>(null);

  function startEditing() {
    if (editing) return;
    form.reset({ [name]: savedValue });
    setEditing(true);
  }

  function revert() {
    form.reset({ [name]: savedValue });
    setEditing(false);
  }

  function cancel() {
    revert();
    (document.activeElement as HTMLElement | null)?.blur();
  }

  async function save() {
    const value = (form.getValues(name) ?? '').trim();
    if (value === savedValue.trim()) {
      cancel();
      return;
    }
    await form.handleSubmit(async () => {
      revert();
      (document.activeElement as HTMLElement | null)?.blur();
      await onSave(value);
    })();
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
        {...field}
        value={editing ? (field.value ?? '') : savedValue}
        onChange={(v: string) => field.onChange(v)}
        label={label}
        maxLength={kind === 'email' ? TEXT_MAX_LENGTHS.email : TEXT_MAX_LENGTHS.phone}
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
