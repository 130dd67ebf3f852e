import type { FieldValues } from 'react-hook-form';
import type { ApiMutation } from '../mutation/create-mutation';
import { FormModal, type FormModalProps } from './FormModal';

export interface RecordFormModalProps<V extends FieldValues, C, U = C, P extends object = Record<never, never>> extends Omit<
  FormModalProps<V>,
  'title' | 'submitLabel' | 'onSubmit' | 'toasts'
> {
  /** The record edited; none to create one. */
  record?: { _id: string } | null;
  /** What the modal adds or edits, as its title says it: 'tavolo' → 'Aggiungi tavolo' / 'Modifica tavolo'. */
  noun: string;
  /** The create button's label ('Crea' unless said). Editing always says 'Salva'. */
  createLabel?: string;
  create: ApiMutation<C, unknown>;
  update: ApiMutation<{ id: string; body: U } & P, unknown>;
  /**
   * A nested record's parent ids, sent with the update beside its own id: a charge's payment, `{ chargeId }` →
   * `update({ chargeId, id, body })`. A creation's path ids are part of what `body` returns.
   */
  parent?: P;
  /**
   * What the creation sends, from the validated form (the contract schema's parse), run once the form is valid: the
   * request body, or the create mutation's variables when its path needs ids (`{ groupId, userId, body }`).
   */
  body: () => C;
  /** The edit's body, where an edit sends another payload than a creation (e.g. one user instead of several). */
  editBody?: () => U;
}

/**
 * The create-or-edit modal of a list's record (spec 001 §2 Generic modal form behaviour): 'Aggiungi …' with 'Crea'
 * runs the create mutation, 'Modifica …' with 'Salva' the update of the record's id, each inside its own toasts; the
 * modal closes on success and stays open with what was typed on an error. The fields are the app's own.
 */
export function RecordFormModal<V extends FieldValues, C, U = C, P extends object = Record<never, never>>(props: RecordFormModalProps<V, C, U, P>) {
  const { record, noun, createLabel = 'Crea', create, update, parent, body, editBody, ...modal } = props;
  const submit = (): Promise<unknown> =>
    // Without an editBody the edit sends the creation's payload: U is C (its default).
    record
      ? update.mutateAsync({ ...(parent as P), id: record._id, body: (editBody ?? (body as unknown as () => U))() })
      : create.mutateAsync(body());

  return (
    <FormModal<V>
      {...modal}
      title={`${record ? 'Modifica' : 'Aggiungi'} ${noun}`}
      submitLabel={record ? 'Salva' : createLabel}
      onSubmit={submit}
      toasts={record ? update.toasts : create.toasts}
    />
  );
}
