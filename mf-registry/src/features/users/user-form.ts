import {
  ADULT_AGE,
  FISCAL_CODE_CHECK_LETTER,
  MINOR_CATEGORY_NAME,
  hasFiscalCodeShape,
  type NamedRef,
  type User,
  type UserPayloadInput,
} from 'shared-api';
import { REQUIRED, userPayload } from 'shared-api/contract';
import { ageFrom } from 'shared-ui';
import { fiscalCodeError, normalizeFiscalCode } from './fiscal-code';

/** Values of the create/edit user form: menus hold arrays of option ids, files the newly chosen files. */
export interface UserFormValues {
  member_id: string;
  name: string;
  surname: string;
  email: string;
  phone_number: string;
  fiscal_code: string;
  birth_date: string | null;
  birth_province: string[];
  birth_place: string;
  residence_address: string;
  residence_province: string[];
  residence_place: string;
  residence_postal_code: string;
  gender: string[];
  parent_name: string;
  parent_surname: string;
  parent_fiscal_code: string;
  category: string[];
  qualifications: string[];
  reservation_rules: string[];
  mailing_list_classes: string[];
  fitet_data_code: string;
  fitet_data_category: string[];
  contract_end_date: string | null;
  notes: string;
  image: File[];
  contract_file: File[];
}

/** Spec 001 §5 User create/edit: files and reference-list limits. */
export const PHOTO_RULES = {
  accept: ['jpeg', 'jpg', 'png', 'gif', 'tiff', 'tif', 'bmp', 'webp', 'svg', 'heif', 'heic', 'ico'],
  maxSizeMB: 5,
  maxFileCount: 1,
};
export const CONTRACT_RULES = {
  accept: ['pdf', 'doc', 'docx', 'rtf', 'txt', 'zip', 'jpeg', 'jpg', 'png', 'gif', 'tiff', 'tif', 'bmp', 'webp', 'svg', 'heif', 'heic', 'ico'],
  maxSizeMB: 5,
  maxFileCount: 1,
};
export const REFERENCE_LIST_LIMIT = 300;

/** The fixed local list of federation categories (spec 001 §3 FITET record: five entries). */
export const FITET_CATEGORIES = [
  { id: '1ª categoria', name: '1ª categoria' },
  { id: '2ª categoria', name: '2ª categoria' },
  { id: '3ª categoria', name: '3ª categoria' },
  { id: '4ª categoria', name: '4ª categoria' },
  { id: '5ª categoria', name: '5ª categoria' },
];

const PARENT_FIELDS = ['parent_name', 'parent_surname', 'parent_fiscal_code'] as const;

export function emptyUserForm(): UserFormValues {
  return {
    member_id: '',
    name: '',
    surname: '',
    email: '',
    phone_number: '',
    fiscal_code: '',
    birth_date: null,
    birth_province: [],
    birth_place: '',
    residence_address: '',
    residence_province: [],
    residence_place: '',
    residence_postal_code: '',
    gender: [],
    parent_name: '',
    parent_surname: '',
    parent_fiscal_code: '',
    category: [],
    qualifications: [],
    reservation_rules: [],
    mailing_list_classes: [],
    fitet_data_code: '',
    fitet_data_category: [],
    contract_end_date: null,
    notes: '',
    image: [],
    contract_file: [],
  };
}

const one = (v: string | null | undefined) => (v ? [v] : []);
const ids = (refs: NamedRef[] | null | undefined) => (refs ?? []).map((r) => r._id);

export function userToForm(user: User): UserFormValues {
  return {
    member_id: user.member_id ?? '',
    name: user.name,
    surname: user.surname,
    email: user.email,
    phone_number: user.phone_number ?? '',
    fiscal_code: user.fiscal_code ?? '',
    birth_date: user.birth_date,
    birth_province: one(user.birth_province),
    birth_place: user.birth_place ?? '',
    residence_address: user.residence_address ?? '',
    residence_province: one(user.residence_province),
    residence_place: user.residence_place ?? '',
    residence_postal_code: user.residence_postal_code ?? '',
    gender: one(user.gender),
    parent_name: user.parent_name ?? '',
    parent_surname: user.parent_surname ?? '',
    parent_fiscal_code: user.parent_fiscal_code ?? '',
    category: one(user.category?._id),
    qualifications: ids(user.qualifications),
    reservation_rules: ids(user.reservation_rules),
    mailing_list_classes: ids(user.mailing_list_classes),
    fitet_data_code: user.fitet_data_code ?? '',
    fitet_data_category: one(user.fitet_data_category),
    contract_end_date: user.contract_end_date,
    notes: user.notes ?? '',
    image: [],
    contract_file: [],
  };
}

/** Spec 001 §4: a minor is in the category named 'Minorenne' or younger than 18 by birth date. */
export function isMinor(values: Pick<UserFormValues, 'category' | 'birth_date'>, categories: NamedRef[]): boolean {
  const category = categories.find((c) => c._id === values.category[0]);
  if (category?.name === MINOR_CATEGORY_NAME) return true;
  const age = ageFrom(values.birth_date);
  return age !== null && age < ADULT_AGE;
}

/**
 * The rules of spec 001 §5: the contract's userPayload (what the server checks too) plus what only the form
 * knows: the check letter of a codice fiscale (codice-fiscale-js, loaded with the form) and the parent data a
 * minor needs. The form's values are checked as the payload they become (toUserPayload).
 */
export function userFormSchema(minor: boolean) {
  return userPayload.superRefine((user, ctx) => {
    for (const field of ['fiscal_code', 'parent_fiscal_code'] as const) {
      const code = user[field];
      if (code && hasFiscalCodeShape(code) && fiscalCodeError(code))
        ctx.addIssue({ code: 'custom', path: [field], message: FISCAL_CODE_CHECK_LETTER });
    }
    if (!minor) return;
    for (const field of PARENT_FIELDS) if (!user[field]) ctx.addIssue({ code: 'custom', path: [field], message: REQUIRED });
  });
}

const text = (v: string) => (v.trim() === '' ? null : v.trim());

/** The userPayload of shared-api; parent fields are cleared for adults so no stale data stays on the record. */
export function toUserPayload(values: UserFormValues, minor: boolean): UserPayloadInput {
  return {
    member_id: values.member_id.trim(),
    name: values.name.trim(),
    surname: values.surname.trim(),
    email: values.email.trim(),
    phone_number: values.phone_number.trim(),
    fiscal_code: normalizeFiscalCode(values.fiscal_code),
    birth_date: values.birth_date ?? '',
    birth_province: values.birth_province[0] ?? '',
    birth_place: values.birth_place.trim(),
    residence_address: values.residence_address.trim(),
    residence_province: values.residence_province[0] ?? '',
    residence_place: values.residence_place.trim(),
    residence_postal_code: values.residence_postal_code.trim(),
    gender: (values.gender[0] ?? '') as UserPayloadInput['gender'],
    parent_name: minor ? text(values.parent_name) : null,
    parent_surname: minor ? text(values.parent_surname) : null,
    parent_fiscal_code: minor ? normalizeFiscalCode(values.parent_fiscal_code) || null : null,
    category: values.category[0] ?? '',
    qualifications: values.qualifications,
    reservation_rules: values.reservation_rules,
    mailing_list_classes: values.mailing_list_classes,
    fitet_data_code: text(values.fitet_data_code),
    fitet_data_category: values.fitet_data_category[0] ?? null,
    contract_end_date: values.contract_end_date || null,
    notes: text(values.notes),
  };
}

const LIST_FIELDS = new Set(['qualifications', 'reservation_rules', 'mailing_list_classes']);

/**
 * JSON when no file is attached; multipart (photo in field image, contract in contract_file) otherwise,
 * with the list fields JSON-encoded and empty values as '' (the server reads '' as null).
 */
export function toUserRequestBody(values: UserFormValues, minor: boolean): UserPayloadInput | FormData {
  const payload = toUserPayload(values, minor);
  const photo = values.image[0];
  const contract = values.contract_file[0];
  if (!photo && !contract) return payload;
  const form = new FormData();
  for (const [key, value] of Object.entries(payload)) {
    if (LIST_FIELDS.has(key) || Array.isArray(value)) form.append(key, JSON.stringify(value ?? []));
    // Text, date and id fields; an empty optional field travels as '' (the contract reads it as null).
    else form.append(key, typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '');
  }
  if (photo) form.append('image', photo);
  if (contract) form.append('contract_file', contract);
  return form;
}
