import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { ApiMutation } from '../mutation/create-mutation';
import { RecordFormModal, type FieldBind } from './RecordFormModal';

export interface CategoryFormModalProps<V extends FieldValues, P> {
  /** The category edited; none to create one. */
  category?: { _id: string };
  /** The app's react-hook-form form, resolved by the contract's schema (the app brings react-hook-form and the resolver). */
  form: UseFormReturn<V>;
  /** The payload of the validated values (the contract schema's parse). */
  toPayload: (values: V) => P;
  create: ApiMutation<P, unknown>;
  update: ApiMutation<{ id: string; body: P }, unknown>;
  onClose: () => void;
  /** The fields, each bound to the form by `bind(name)`. */
  children: (bind: FieldBind<V>) => ReactNode;
}

/**
 * 'Aggiungi categoria' / 'Modifica categoria' (spec 001 §5): the create-or-edit modal of a category list — user
 * categories (mf-registry) and item categories (mf-storage) — around the app's own fields: 'Crea' or 'Salva', the
 * schema's validation on submit, then the create or update mutation inside its toasts.
 */
export function CategoryFormModal<V extends FieldValues, P>({
  category,
  form,
  toPayload,
  create,
  update,
  onClose,
  children,
}: CategoryFormModalProps<V, P>) {
  return (
    <RecordFormModal
      form={form}
      confirmDiscard={false}
      record={category}
      noun="categoria"
      create={create}
      update={update}
      body={() => toPayload(form.getValues())}
      onClose={onClose}
    >
      {children}
    </RecordFormModal>
  );
}
