import type { Certificate, CertificateType, Profile } from 'shared-api';

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function makeType(overrides: Partial<CertificateType> = {}): CertificateType {
  return { _id: uuid(1), name: 'Medico agonistico', days_before_warn: [30, 7], is_medical: true, validity_months: 12, ...overrides };
}

export const MARIO = { _id: uuid(100), name: 'Mario', surname: 'Rossi', fiscal_code: 'RSSMRA85T10A562S' };
export const ANNA = { _id: uuid(101), name: 'Anna', surname: 'Bianchi', fiscal_code: 'BNCNNA90A41H501Y' };

/** A certificate of Mario's with an upload awaiting approval. */
export function makeCertificate(overrides: Partial<Certificate> = {}): Certificate {
  const _id = overrides._id ?? uuid(300);
  const user = overrides.user ?? MARIO;
  return {
    _id,
    type: { _id: uuid(1), name: 'Medico agonistico', is_medical: true },
    user,
    notes: null,
    current_end_date: null,
    active_record_content: {
      recordId: uuid(400),
      fileUrl: `/api/v1/certificate/${_id}/user/${user._id}/record/${uuid(400)}/file`,
      fileName: 'visita.pdf',
      isApproved: false,
      end_date: null,
      notes: null,
      uploaded_at: '2026-11-20T09:00:00.000Z',
    },
    is_approved: false,
    is_valid: false,
    status: 'not_approved',
    ...overrides,
  };
}

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    _id: uuid(100),
    name: 'Mario',
    surname: 'Rossi',
    birth_date: '1985-12-10',
    residence_address: 'Via Roma 1',
    fiscal_code: 'RSSMRA85T10A562S',
    phone_number: '3331234567',
    email: 'mario.rossi@example.it',
    fitet_code: null,
    fitet_type: null,
    fitet_category: null,
    created_at: '2024-01-10T10:00:00.000Z',
    medical_certificate_expiration_date: null,
    medical_certificate_status: 'not_uploaded',
    has_accepted_terms: true,
    permissions: ['book_session'],
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

/** Records the downloads the page starts (the anchor a download clicks), without a browser. */
export function captureDownloads(): HTMLAnchorElement[] {
  const clicked: HTMLAnchorElement[] = [];
  URL.createObjectURL = jest.fn(() => 'blob:file');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
  return clicked;
}
