/**
 * Rules of the form inputs that are not schemas, free of zod (the kit's inputs read them at run time through
 * 'shared-api'): how a typed number reads, and which files an upload takes. The schemas of 'shared-api/contract'
 * build on them (typedNumber, uploadForm); the server says the same texts of a refused file.
 */

const TYPED_NUMBER = /^-?(\d+\.?\d*|\.\d+)$/;

/** A number as typed in a form, with a comma (or a dot) as decimal separator: '12', '1,5', ' 3 '; null when the text is none. */
export function parseNumber(text: string | null | undefined): number | null {
  const normalised = (text ?? '').trim().replace(',', '.');
  return TYPED_NUMBER.test(normalised) ? Number(normalised) : null;
}

/** What an upload takes (spec 000 §5): the extensions it accepts (none: any), how many files, how large each. */
export interface UploadRules {
  /** Accepted extensions, e.g. ['pdf', 'png']; empty accepts any type. */
  accept: readonly string[];
  maxFileCount?: number;
  maxSizeMB?: number;
}

/** Spec 000 §9: one file of at most 1 MB unless a form says otherwise. */
export const DEFAULT_MAX_FILE_COUNT = 1;
export const DEFAULT_MAX_SIZE_MB = 1;

/** The uploads of the spec: a certificate (spec 000 §5, 001 §5) and the federation's FITET file (spec 001 §5). */
export const UPLOAD_RULES = {
  certificate: { accept: ['png', 'jpeg', 'jpg', 'pdf'], maxFileCount: 1, maxSizeMB: 5 },
  fitet: { accept: ['xlsx', 'xls', 'csv'], maxFileCount: 1, maxSizeMB: 5 },
} as const satisfies Record<string, UploadRules>;

const megabytes = (mb: number) => String(mb).replace('.', ',');

/** What a refused file is told, in the browser and by the server. */
export const FILE_MESSAGES = {
  tooMany: (max: number) => `Puoi caricare al massimo ${max} file`,
  wrongType: (name: string) => `Tipo di file non accettato: ${name}`,
  tooLarge: (name: string, maxSizeMB: number) => `Il file ${name} supera la dimensione massima di ${megabytes(maxSizeMB)} MB`,
} as const;

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The first rule a choice of files breaks, or null: how many, which type (by extension), how large. */
export function fileSelectionProblem(files: readonly { name: string; size: number }[], rules: UploadRules): string | null {
  const maxFileCount = rules.maxFileCount ?? DEFAULT_MAX_FILE_COUNT;
  const maxSizeMB = rules.maxSizeMB ?? DEFAULT_MAX_SIZE_MB;
  if (files.length > maxFileCount) return FILE_MESSAGES.tooMany(maxFileCount);
  const accepted = rules.accept.map((ext) => ext.replace(/^\./, '').toLowerCase());
  const wrongType = accepted.length ? files.find((f) => !accepted.includes(fileExtension(f.name))) : undefined;
  if (wrongType) return FILE_MESSAGES.wrongType(wrongType.name);
  const tooBig = files.find((f) => f.size > maxSizeMB * 1024 * 1024);
  return tooBig ? FILE_MESSAGES.tooLarge(tooBig.name, maxSizeMB) : null;
}
