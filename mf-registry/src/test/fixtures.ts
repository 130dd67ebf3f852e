import type { Category, Enrollment, MailingListClass, TrainingGroup, User } from 'shared-api';
import { nth } from 'shared-ui/testing';

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const CATEGORY_ADULT = { _id: uuid(1), name: 'Socio ordinario' };
export const CATEGORY_MINOR = { _id: uuid(2), name: 'Minorenne' };
export const QUALIFICATION = { _id: uuid(11), name: 'Agonista' };
export const RULES = Array.from({ length: 7 }, (_, i) => ({ _id: uuid(21 + i), name: `Regola ${i + 1}` }));
export const MAILING_LISTS = Array.from({ length: 6 }, (_, i) => ({ _id: uuid(31 + i), name: `Lista ${i + 1}` }));

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: uuid(100),
    member_id: '17',
    name: 'Mario',
    surname: 'Rossi',
    email: 'mario.rossi@example.it',
    phone_number: '3331234567',
    fiscal_code: 'RSSMRA85T10A562S',
    image: null,
    birth_date: '1985-12-10',
    birth_province: 'PI',
    birth_place: 'San Giuliano Terme',
    residence_address: 'Via Roma 1',
    residence_province: 'PI',
    residence_place: 'Pisa',
    residence_postal_code: '56100',
    gender: 'M',
    parent_name: null,
    parent_surname: null,
    parent_fiscal_code: null,
    category: CATEGORY_ADULT,
    qualifications: [QUALIFICATION],
    reservation_rules: [],
    mailing_list_classes: [],
    fitet_data_code: null,
    fitet_data_category: null,
    contract_file: null,
    contract_end_date: null,
    notes: null,
    created_at: '2024-01-10T10:00:00.000Z',
    deactivation_status: false,
    deactivation_date_start: null,
    deactivation_date_end: null,
    has_accepted_terms: true,
    registration_completed: true,
    ...overrides,
  };
}

export function makeCategory(overrides: Partial<Category> = {}): Category {
  return {
    _id: uuid(200),
    name: 'Socio ordinario',
    description: 'Soci maggiorenni',
    permissions: ['book_session'],
    reservation_rules: [nth(RULES, 0)],
    mailing_list_classes: [],
    ...overrides,
  };
}

/**
 * A file as the page would get it from a file input. The test environment's FormData is Node's (jest-fixed-jsdom),
 * which keeps only its own File class as a file part, so tests build files from Node's File.
 */
export function testFile(content: BlobPart[] | number, name: string, type: string): File {
  const { File: NodeFile } = jest.requireActual<typeof import('node:buffer')>('node:buffer');
  const parts = typeof content === 'number' ? [new Uint8Array(content)] : content;
  return new NodeFile(parts as never, name, { type }) as unknown as File;
}

export function makeMailingList(overrides: Partial<MailingListClass> = {}): MailingListClass {
  return {
    _id: uuid(300),
    name: 'Comunicazioni del circolo',
    description: 'Avvisi e assemblee',
    type: 'INFORMATIVA',
    is_default: true,
    ...overrides,
  };
}

export const TRAINER = { _id: uuid(400), name: 'Marco', surname: 'Rossi' };

export function makeTrainingGroup(overrides: Partial<TrainingGroup> = {}): TrainingGroup {
  return {
    _id: uuid(500),
    description: 'Agonisti serie C',
    trainer: TRAINER,
    week_days: [3, 1],
    start_time: '18:00',
    end_time: '19:30',
    max_trainees: 8,
    enrollments: 1,
    ...overrides,
  };
}

export function makeEnrollment(overrides: Partial<Enrollment> = {}): Enrollment {
  return {
    _id: uuid(600),
    group_id: uuid(500),
    trainee: { _id: uuid(410), name: 'Giulia', surname: 'Bianchi', medical_certificate: { current_end_date: '2027-03-31', status: 'approved' } },
    cost: 35.5,
    enrollment_date: '2026-09-15',
    ...overrides,
  };
}

/** What GET /user?reducedDetails=true answers the group pickers. */
export const GROUP_USERS = [
  { _id: uuid(410), name: 'Giulia', surname: 'Bianchi', email: 'giulia.bianchi@example.it' },
  { _id: uuid(411), name: 'Luca', surname: 'Ferrari', email: 'luca.ferrari@example.it' },
  { ...TRAINER, email: 'marco.rossi@example.it' },
];
