import type { User } from 'shared-api';
import { GENDERS, type NamedRef } from 'shared-api';
import {
  DateInput,
  EmailInput,
  FileInput,
  ITALIAN_PROVINCES,
  MenuInput,
  TextInput,
  toMenuOptions,
  type MenuOption,
  type fieldBinder,
} from 'shared-ui';
import type { AssistTrigger } from '../use-fiscal-code-assist';
import { CONTRACT_RULES, FITET_CATEGORIES, PHOTO_RULES, REFERENCE_LIST_LIMIT, type UserFormValues } from '../user-form';

const GENDER_OPTIONS: MenuOption[] = GENDERS.map((g) => ({ id: g.id, name: g.name }));
/** Births abroad carry province 'EE' in the codice fiscale (spec 001 §5: foreign birth uses a Z code). */
const RESIDENCE_PROVINCE_OPTIONS: MenuOption[] = [...ITALIAN_PROVINCES];
const BIRTH_PROVINCE_OPTIONS: MenuOption[] = [...ITALIAN_PROVINCES, { id: 'EE', name: 'Estero' }];
const PERSON_FIELDS = new Set<keyof UserFormValues>(['name', 'surname', 'gender', 'birth_date', 'birth_place', 'birth_province']);

/**
 * The props of one field of the user form: bound to the form, with its label, and an edit of the code or of the
 * personal data it is made of asks the assistant to fill or generate.
 */
export function userFieldProps(bind: ReturnType<typeof fieldBinder<UserFormValues>>, assist: (trigger: AssistTrigger) => void) {
  return <K extends keyof UserFormValues>(field: K, label: string, required = false) => {
    const bound = bind(field);
    const trigger: AssistTrigger | null = field === 'fiscal_code' ? 'fiscal_code' : PERSON_FIELDS.has(field) ? 'person' : null;
    const onChange = (value: typeof bound.value) => {
      bound.onChange(value);
      if (trigger) assist(trigger);
    };
    return { ...bound, onChange, label, required };
  };
}

type UserField = ReturnType<typeof userFieldProps>;
type CodeError = (field: 'fiscal_code' | 'parent_fiscal_code') => string | null;

export function PersonalSection({ field, codeError, user }: { field: UserField; codeError: CodeError; user?: User }) {
  return (
    <fieldset className="ui-fieldgroup">
      <legend className="ui-card__title">Dati personali</legend>
      <div className="ui-grid ui-grid--2">
        <TextInput {...field('member_id', 'Numero libro soci', true)} />
        <TextInput {...field('name', 'Nome', true)} />
        <TextInput {...field('surname', 'Cognome', true)} />
        <MenuInput {...field('gender', 'Sesso', true)} options={GENDER_OPTIONS} searchable={false} />
        <DateInput {...field('birth_date', 'Data di nascita', true)} />
        <TextInput {...field('birth_place', 'Luogo di nascita', true)} />
        <MenuInput {...field('birth_province', 'Provincia di nascita', true)} options={BIRTH_PROVINCE_OPTIONS} />
        <TextInput
          {...field('fiscal_code', 'Codice fiscale', true)}
          error={codeError('fiscal_code')}
          hint="Si compila da solo con nome, cognome, sesso, data e luogo di nascita"
        />
        <FileInput
          {...field('image', 'Foto')}
          accept={PHOTO_RULES.accept}
          maxSizeMB={PHOTO_RULES.maxSizeMB}
          maxFileCount={PHOTO_RULES.maxFileCount}
          existing={user?.image ? { name: user.image.name, url: user.image.url } : null}
        />
      </div>
    </fieldset>
  );
}

export function ContactSection({ field }: { field: UserField }) {
  return (
    <fieldset className="ui-fieldgroup">
      <legend className="ui-card__title">Contatti e residenza</legend>
      <div className="ui-grid ui-grid--2">
        <EmailInput {...field('email', 'Email', true)} />
        <TextInput {...field('phone_number', 'Telefono', true)} />
        <TextInput {...field('residence_address', 'Indirizzo di residenza', true)} />
        <TextInput {...field('residence_place', 'Comune di residenza', true)} />
        <MenuInput {...field('residence_province', 'Provincia di residenza', true)} options={RESIDENCE_PROVINCE_OPTIONS} />
        <TextInput {...field('residence_postal_code', 'CAP di residenza', true)} />
      </div>
    </fieldset>
  );
}

export function ParentSection({ field, codeError }: { field: UserField; codeError: CodeError }) {
  return (
    <fieldset className="ui-fieldgroup">
      <legend className="ui-card__title">Genitore (utente minorenne)</legend>
      <div className="ui-grid ui-grid--2">
        <TextInput {...field('parent_name', 'Nome del genitore', true)} />
        <TextInput {...field('parent_surname', 'Cognome del genitore', true)} />
        <TextInput {...field('parent_fiscal_code', 'Codice fiscale del genitore', true)} error={codeError('parent_fiscal_code')} />
      </div>
    </fieldset>
  );
}

export function AssociationSection({
  field,
  categories,
  qualifications,
  rules,
  mailingLists,
}: {
  field: UserField;
  categories: NamedRef[] | undefined;
  qualifications: NamedRef[] | undefined;
  rules: NamedRef[] | undefined;
  mailingLists: NamedRef[] | undefined;
}) {
  return (
    <fieldset className="ui-fieldgroup">
      <legend className="ui-card__title">Associazione</legend>
      <div className="ui-grid ui-grid--2">
        <MenuInput {...field('category', 'Categoria', true)} options={toMenuOptions(categories)} />
        <MenuInput {...field('qualifications', 'Qualifiche')} options={toMenuOptions(qualifications)} maxSelections={REFERENCE_LIST_LIMIT} />
        <MenuInput {...field('reservation_rules', 'Regole di prenotazione')} options={toMenuOptions(rules)} maxSelections={REFERENCE_LIST_LIMIT} />
        <MenuInput {...field('mailing_list_classes', 'Mailing list')} options={toMenuOptions(mailingLists)} maxSelections={REFERENCE_LIST_LIMIT} />
        <TextInput {...field('fitet_data_code', 'Codice FITET')} />
        <MenuInput {...field('fitet_data_category', 'Categoria FITET')} options={FITET_CATEGORIES} searchable={false} />
      </div>
    </fieldset>
  );
}

export function ContractSection({ field, user }: { field: UserField; user?: User }) {
  return (
    <fieldset className="ui-fieldgroup">
      <legend className="ui-card__title">Contratto</legend>
      <div className="ui-grid ui-grid--2">
        <FileInput
          {...field('contract_file', 'File del contratto')}
          accept={CONTRACT_RULES.accept}
          maxSizeMB={CONTRACT_RULES.maxSizeMB}
          maxFileCount={CONTRACT_RULES.maxFileCount}
          existing={user?.contract_file ? { name: user.contract_file.name, url: user.contract_file.url } : null}
        />
        <DateInput {...field('contract_end_date', 'Scadenza del contratto')} />
      </div>
    </fieldset>
  );
}
