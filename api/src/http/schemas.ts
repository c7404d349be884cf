import { z } from "@hono/zod-openapi";

export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    code: z.string().openapi({ example: "organisation.invalidSiren" }),
    detail: z.string(),
    params: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .optional()
      .openapi({ description: "The values the detail was worded from, e.g. the line of an entry" }),
    errors: z.array(z.object({ path: z.string(), code: z.string(), message: z.string() })).optional(),
    duplicates: z
      .array(z.object({ id: z.string(), name: z.string(), reasons: z.array(z.string()) }))
      .optional()
      .openapi({
        description:
          "`contact.duplicate(s)`: the contacts the new one may duplicate; send it again with `acknowledgeDuplicates: true` to go on",
      }),
  })
  .openapi("Problem");

const problemDescriptions = {
  400: "Bad request",
  401: "Not signed in",
  402: "`subscription.readOnly`: the organisation's subscription has ended — reads and exports still answer, writes wait for a payment (`/account/paymentmode`)",
  403: "No right",
  404: "Not found",
  409: "Conflict or business rule",
  413: "The file is too large",
  422: "Invalid input",
  424: "The mail server refused the message or could not be reached: nothing was recorded, send it again",
  429: "Too many attempts",
  503: "The database cannot be reached for a moment: try again after `Retry-After` seconds",
} as const;
type ProblemStatus = keyof typeof problemDescriptions;

type ProblemResponse = {
  description: string;
  content: { "application/problem+json": { schema: typeof ProblemSchema } };
};

/** OpenAPI responses for the problems a route may answer. */
export const problemResponses = <S extends ProblemStatus>(...statuses: S[]): Record<S, ProblemResponse> => {
  const out = {} as Record<S, ProblemResponse>;
  for (const s of statuses)
    out[s] = {
      description: problemDescriptions[s],
      content: { "application/problem+json": { schema: ProblemSchema } },
    };
  return out;
};

export const NotYetVisibleSchema = z
  .object({
    code: z.literal("command.notYetVisible"),
    detail: z.string(),
  })
  .openapi("NotYetVisible");

/**
 * The answer of a command that was stored but that a read model it answers from does not show yet
 * (lagging, or stopped for the organisation): read again after `Retry-After` seconds.
 */
export const notYetVisibleResponse = {
  description:
    "Stored, not visible yet: a read model the answer comes from is behind. Read again after `Retry-After`.",
  headers: { "Retry-After": { description: "Seconds to wait", schema: { type: "integer" as const } } },
  content: { "application/json": { schema: NotYetVisibleSchema } },
};
