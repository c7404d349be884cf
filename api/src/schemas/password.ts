import { z } from "@hono/zod-openapi";

/** Password renewal by e-mail link (/api/password/renew). */
export const RenewalRequest = z.object({ email: z.string().max(254) });
export const RenewalSent = z.object({ detail: z.string() });
export const RenewalConfirmation = z.object({ token: z.string().max(200), password: z.string().max(200) });
