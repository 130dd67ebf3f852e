import { useCallback, useRef } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import type { NamedRef, User } from 'shared-api';
import { RecordFormModal, TextArea, schemaResolver } from 'shared-ui';
import { useCategoryOptions } from '../../categories/api/get-categories';
import { useMailingListClassOptions } from '../../references/api/get-mailing-list-class-options';
import { useQualificationOptions } from '../../references/api/get-qualification-options';
import { useReservationRuleOptions } from '../../references/api/get-reservation-rule-options';
import { useCreateUser } from '../api/create-user';
import { useUpdateUser } from '../api/update-user';
import { fiscalCodeError } from '../fiscal-code';
import { useFiscalCodeAssist } from '../use-fiscal-code-assist';
import { emptyUserForm, isMinor, toUserPayload, toUserRequestBody, userFormSchema, userToForm, type UserFormValues } from '../user-form';
import { AssociationSection, ContactSection, ContractSection, ParentSection, PersonalSection, userFieldProps } from './UserFormSections';

/** Create (user undefined) or edit a user: every field of spec 001 §3 with the rules of §5. */
export function UserFormModal({ user, onClose }: { user?: User; onClose: () => void }) {
  const categories = useCategoryOptions();
  const qualifications = useQualificationOptions();
  const rules = useReservationRuleOptions();
  const mailingLists = useMailingListClassOptions();

  // The values are checked as the payload they become, with the rules of an adult or of a minor.
  const categoryList = useRef<NamedRef[]>([]);
  categoryList.current = categories.data ?? [];
  const form = useForm<UserFormValues>({
    defaultValues: user ? userToForm(user) : emptyUserForm(),
    resolver: (values, context, options) => {
      const minor = isMinor(values, categoryList.current);
      return schemaResolver(userFormSchema(minor), (v: UserFormValues) => toUserPayload(v, minor))(values, context, options);
    },
  });
  const values = form.watch();
  const minor = isMinor(values, categories.data ?? []);

  const apply = useCallback(
    (changes: Partial<UserFormValues>) => {
      for (const [field, value] of Object.entries(changes)) form.setValue(field as FieldPath<UserFormValues>, value, { shouldValidate: true });
    },
    [form],
  );
  const assist = useFiscalCodeAssist(values, apply);

  const createUser = useCreateUser();
  const updateUser = useUpdateUser();

  return (
    <RecordFormModal
      form={form}
      record={user}
      noun="utente"
      create={createUser}
      update={updateUser}
      body={() => toUserRequestBody(values, minor)}
      size="lg"
      onClose={onClose}
    >
      {(bind) => {
        const field = userFieldProps(bind, assist);
        // A complete code is checked as it is typed (docs/decisions.md, "User form: …"), before any submit attempt.
        const codeError = (name: 'fiscal_code' | 'parent_fiscal_code') =>
          bind(name).error ?? (values[name].replace(/\s/g, '').length >= 16 ? fiscalCodeError(values[name]) : null);
        return (
          <>
            <PersonalSection field={field} codeError={codeError} user={user} />
            <ContactSection field={field} />
            {minor && <ParentSection field={field} codeError={codeError} />}
            <AssociationSection
              field={field}
              categories={categories.data}
              qualifications={qualifications.data}
              rules={rules.data}
              mailingLists={mailingLists.data}
            />
            <ContractSection field={field} user={user} />
            <TextArea {...field('notes', 'Note')} />
          </>
        );
      }}
    </RecordFormModal>
  );
}
