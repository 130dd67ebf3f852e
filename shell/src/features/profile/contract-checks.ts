/**
 * The profile's fields are checked with the contract's schemas (the same the server applies to PATCH
 * /user/me and PATCH /auth/updatepassword/me), loaded when first needed: the shell's first pages carry no zod.
 */
export type Check = (value: string) => string | null;

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

/** The rule of one contact field of PATCH /user/me (phone number or e-mail). */
export const loadContactCheck = (field: 'phone_number' | 'email'): Promise<Check> =>
  import('shared-api/contract').then(
    ({ updateMeBody }) =>
      (value) =>
        firstIssue(updateMeBody.safeParse({ [field]: value })),
  );

/** The rule of a new password (PATCH /auth/updatepassword/me). */
export const loadNewPasswordCheck = (): Promise<Check> =>
  import('shared-api/contract').then(
    ({ updatePasswordBody }) =>
      (value) =>
        firstIssue(updatePasswordBody.safeParse({ newPassword: value })),
  );
