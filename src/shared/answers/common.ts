import { z } from 'zod';

/**
 * Pieces of the answer schemas: what the API sends back, as zod, from which the shared types are inferred and
 * the OpenAPI document is generated (docs/decisions/036-openapi-contract.md). The server imports these modules;
 * the client only their types, so no page ships them.
 */

/** Money leaves the server as a two-decimal string ("125.00"), never a binary float. */
export const money = z.string().regex(/^-?\d+\.\d{2}$/);

/** An instant, as an ISO 8601 string. */
export const timestamp = z.string();

/** The error body of every refusal: the English message, a stable code, and field messages on a 400. */
export const ApiErrorAnswer = z
  .object({
    message: z.string(),
    code: z.string(),
    errors: z.array(z.object({ path: z.string(), message: z.string(), code: z.string().optional() })).optional(),
  })
  .meta({ id: 'ApiError' });

/** A plain acknowledgement: `{ "ok": true }` (202 of forgot-password and resend-verification). */
export const OkAnswer = z.object({ ok: z.literal(true) });

/** An answer with no body: a 204, or a redirect (the description says where to). */
export const noBody = (description: string) => z.undefined().describe(description);

/** `{ "status": … }` of the health checks. */
export const StatusAnswer = z.object({ status: z.string() });
