import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { fieldBinder } from '../form/schema-form';
import { ModalForm, type ModalFormContext, type ModalFormProps } from './ModalForm';

export type FieldBind<V extends FieldValues> = ReturnType<typeof fieldBinder<V>>;

export interface FormModalProps<V extends FieldValues, T = unknown> extends Omit<ModalFormProps<T>, 'open' | 'validate' | 'dirty' | 'children'> {
  /**
   * The app's react-hook-form form, resolved by the contract's schema: validated on submit (trigger), and while it
   * holds changes not saved closing the modal by Escape or '×' asks first.
   */
  form: UseFormReturn<V>;
  /** False: closing never asks, whatever the form holds. */
  confirmDiscard?: boolean;
  /** The fields, each bound to the form by `bind(name)` (errors shown once a submit was attempted). */
  children?: (bind: FieldBind<V>, ctx: ModalFormContext) => ReactNode;
}

/** A ModalForm around a react-hook-form form: its validation, its unsaved changes and its fields' binder. */
export function FormModal<V extends FieldValues, T = unknown>({ form, confirmDiscard = true, children, ...modal }: FormModalProps<V, T>) {
  return (
    <ModalForm<T> {...modal} open validate={() => form.trigger()} dirty={confirmDiscard && form.formState.isDirty}>
      {children && ((ctx) => children(fieldBinder(form, ctx.submitAttempted), ctx))}
    </ModalForm>
  );
}
