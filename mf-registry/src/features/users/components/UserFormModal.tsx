import { useCallback, useRef } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { GENDERS, type NamedRef, type User } from 'shared-api';
import {
  DateInput,
  EmailInput,
  FileInput,
  ITALIAN_PROVINCES,
  MenuInput,
  ModalForm,
  TextArea,
  TextInput,
  fieldBinder,
  schemaResolver,
  toMenuOptions,
  type MenuOption,
} from 'shared-ui';
import { useCategoryOptions } from '../../categories/api/get-categories';
import { useMailingListClassOptions } from '../../references/api/get-mailing-list-class-options';
import { useQualificationOptions } from '../../references/api/get-qualification-options';
import { useReservationRuleOptions } from '../../references/api/get-reservation-rule-options';
import { useCreateUser } from '../api/create-user';
import { useUpdateUser } from '../api/update-user';
import { fiscalCodeError } from '../fiscal-code';
import { useFiscalCodeAssist, type AssistTrigger } from '../use-fiscal-code-assist';
import {
  CONTRACT_RULES,
  FITET_CATEGORIES,
  PHOTO_RULES,
  REFERENCE_LIST_LIMIT,
  emptyUserForm,
  isMinor,
  toUserPayload,
  toUserRequestBody,
  userFormSchema,
  userToForm,
  type UserFormValues,
} from '../user-form';

const GENDER_OPTIONS: MenuOption[] = GENDERS.map((g) => ({ id: g.id, name: g.name }));
/** Births abroad carry province 'EE' in the codice fiscale (spec 001 §5: foreign birth uses a Z code). */
const RESIDENCE_PROVINCE_OPTIONS: MenuOption[] = [...ITALIAN_PROVINCES];
const BIRTH_PROVINCE_OPTIONS: MenuOption[] = [...ITALIAN_PROVINCES, { id: 'EE', name: 'Estero' }];
const PERSON_FIELDS = new Set<keyof UserFormValues>(['name', 'surname', 'gender', 'birth_date', 'birth_place', 'birth_province']);

/** Create (user undefined) or edit a user: every field of spec 001 §3 with the rules of §5. */
export function UserFormModal({ user, onClose }: { user?: User; onClose: () => void }) {
  const editing = Boolean(user);
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

  const submit = () => {
    const body = toUserRequestBody(values, minor);
    return user ? updateUser.mutateAsync({ id: user._id, body }) : createUser.mutateAsync(body);
  };

  return (
    <ModalForm
      open
      size="lg"
      title={editing ? 'Modifica utente' : 'Aggiungi utente'}
      onClose={onClose}
      submitLabel={editing ? 'Salva' : 'Crea'}
      onSubmit={submit}
      validate={() => form.trigger()}
      toasts={user ? updateUser.toasts : createUser.toasts}
    >
      {({ submitAttempted }) => {
        const bind = fieldBinder(form, submitAttempted);
        // An edit of the code or of the personal data it is made of asks the assistant to fill or generate.
        const common = <K extends keyof UserFormValues>(field: K, label: string, required = false) => {
          const bound = bind(field);
          const trigger: AssistTrigger | null = field === 'fiscal_code' ? 'fiscal_code' : PERSON_FIELDS.has(field) ? 'person' : null;
          const onChange = (value: typeof bound.value) => {
            bound.onChange(value);
            if (trigger) assist(trigger);
          };
          return { ...bound, onChange, label, required };
        };
        // A complete code is checked as it is typed (docs/decisions.md, "User form: …"), before any submit attempt.
        const codeError = (field: 'fiscal_code' | 'parent_fiscal_code') =>
          bind(field).error ?? (values[field].replace(/\s/g, '').length >= 16 ? fiscalCodeError(values[field]) : null);
        return (
          <>
            <fieldset className="ui-fieldgroup">
              <legend className="ui-card__title">Dati personali</legend>
              <div className="ui-grid ui-grid--2">
                <TextInput {...common('member_id', 'Numero libro soci', true)} />
                <TextInput {...common('name', 'Nome', true)} />
                <TextInput {...common('surname', 'Cognome', true)} />
                <MenuInput {...common('gender', 'Sesso', true)} options={GENDER_OPTIONS} searchable={false} />
                <DateInput {...common('birth_date', 'Data di nascita', true)} />
                <TextInput {...common('birth_place', 'Luogo di nascita', true)} />
                <MenuInput {...common('birth_province', 'Provincia di nascita', true)} options={BIRTH_PROVINCE_OPTIONS} />
                <TextInput
                  {...common('fiscal_code', 'Codice fiscale', true)}
                  error={codeError('fiscal_code')}
                  hint="Si compila da solo con nome, cognome, sesso, data e luogo di nascita"
                />
                <FileInput
                  {...common('image', 'Foto')}
                  accept={PHOTO_RULES.accept}
                  maxSizeMB={PHOTO_RULES.maxSizeMB}
                  maxFileCount={PHOTO_RULES.maxFileCount}
                  existing={user?.image ? { name: user.image.name, url: user.image.url } : null}
                />
              </div>
            </fieldset>

            <fieldset className="ui-fieldgroup">
              <legend className="ui-card__title">Contatti e residenza</legend>
              <div className="ui-grid ui-grid--2">
                <EmailInput {...common('email', 'Email', true)} />
                <TextInput {...common('phone_number', 'Telefono', true)} />
                <TextInput {...common('residence_address', 'Indirizzo di residenza', true)} />
                <TextInput {...common('residence_place', 'Comune di residenza', true)} />
                <MenuInput {...common('residence_province', 'Provincia di residenza', true)} options={RESIDENCE_PROVINCE_OPTIONS} />
                <TextInput {...common('residence_postal_code', 'CAP di residenza', true)} />
              </div>
            </fieldset>

            {minor && (
              <fieldset className="ui-fieldgroup">
                <legend className="ui-card__title">Genitore (utente minorenne)</legend>
                <div className="ui-grid ui-grid--2">
                  <TextInput {...common('parent_name', 'Nome del genitore', true)} />
                  <TextInput {...common('parent_surname', 'Cognome del genitore', true)} />
                  <TextInput {...common('parent_fiscal_code', 'Codice fiscale del genitore', true)} error={codeError('parent_fiscal_code')} />
                </div>
              </fieldset>
            )}

            <fieldset className="ui-fieldgroup">
              <legend className="ui-card__title">Associazione</legend>
              <div className="ui-grid ui-grid--2">
                <MenuInput {...common('category', 'Categoria', true)} options={toMenuOptions(categories.data)} />
                <MenuInput
                  {...common('qualifications', 'Qualifiche')}
                  options={toMenuOptions(qualifications.data)}
                  maxSelections={REFERENCE_LIST_LIMIT}
                />
                <MenuInput
                  {...common('reservation_rules', 'Regole di prenotazione')}
                  options={toMenuOptions(rules.data)}
                  maxSelections={REFERENCE_LIST_LIMIT}
                />
                <MenuInput
                  {...common('mailing_list_classes', 'Mailing list')}
                  options={toMenuOptions(mailingLists.data)}
                  maxSelections={REFERENCE_LIST_LIMIT}
                />
                <TextInput {...common('fitet_data_code', 'Codice FITET')} />
                <MenuInput {...common('fitet_data_category', 'Categoria FITET')} options={FITET_CATEGORIES} searchable={false} />
              </div>
            </fieldset>

            <fieldset className="ui-fieldgroup">
              <legend className="ui-card__title">Contratto</legend>
              <div className="ui-grid ui-grid--2">
                <FileInput
                  {...common('contract_file', 'File del contratto')}
                  accept={CONTRACT_RULES.accept}
                  maxSizeMB={CONTRACT_RULES.maxSizeMB}
                  maxFileCount={CONTRACT_RULES.maxFileCount}
                  existing={user?.contract_file ? { name: user.contract_file.name, url: user.contract_file.url } : null}
                />
                <DateInput {...common('contract_end_date', 'Scadenza del contratto')} />
              </div>
            </fieldset>

            <TextArea {...common('notes', 'Note')} />
          </>
        );
      }}
    </ModalForm>
  );
}
