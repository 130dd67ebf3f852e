import { z } from 'zod';

/** Answer of calls that only confirm (PATCH /auth/updatepassword/me, POST /auth/accept-terms, POST /auth/logout). */
export const statusResponse = z.object({ status: z.literal('success') });
export type StatusResponse = z.infer<typeof statusResponse>;

/** Answer of POST /auth/forgotpassword: the same whether the address exists or not (DESIGN §3). */
export const forgotPasswordResponse = z.object({ message: z.string() });
