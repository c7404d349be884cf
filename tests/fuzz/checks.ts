import { expect } from "vitest";
import type { Operation, Sent } from "./api-session.ts";
import type { JsonSchema } from "./schema-arbitrary.ts";

/** What a hostile client gets from any route: a quick 2xx or a problem, never a 5xx. */
const ANSWER_MS = 2000;

/** A fast answer: 2xx/3xx, or a problem+json 4xx with a code. */
export const expectAnswered = (sent: Sent, what: string) => {
  expect([`${what} → ${sent.status} ${sent.text.slice(0, 200)}`, sent.status < 500]).toEqual([
    `${what} → ${sent.status} ${sent.text.slice(0, 200)}`,
    true,
  ]);
  expect([what, sent.ms <= ANSWER_MS]).toEqual([what, true]);
  if (sent.status >= 400) {
    expect([what, sent.contentType]).toEqual([what, expect.stringMatching(/^application\/problem\+json/)]);
    expect([what, typeof JSON.parse(sent.text).code]).toEqual([what, "string"]);
  }
};

export const ID_KEYS: ReadonlySet<string> = new Set([
  "id",
  "mvt",
  "number",
  "code",
  "userId",
  "itemId",
  "yearId",
  "openingMvt",
]);

/** Every value under an id-like key of a JSON answer. */
export const collectIds = (value: unknown, into: Set<string>, keys = ID_KEYS) => {
  if (Array.isArray(value)) for (const item of value) collectIds(item, into, keys);
  else if (value !== null && typeof value === "object")
    for (const [key, item] of Object.entries(value)) {
      if (keys.has(key) && (typeof item === "string" || typeof item === "number")) into.add(String(item));
      else collectIds(item, into, keys);
    }
};

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path parameter's schema lets `value` through (a string parameter's format, pattern, enum, length). */
const fitsSchema = (schema: JsonSchema, value: string): boolean =>
  (schema.enum === undefined || schema.enum.includes(value)) &&
  (schema.format !== "uuid" || UUID_SHAPE.test(value)) &&
  (schema.pattern === undefined || new RegExp(schema.pattern, "u").test(value)) &&
  (schema.maxLength === undefined || value.length <= schema.maxLength) &&
  (schema.minLength === undefined || value.length >= schema.minLength);

/**
 * Whether `value` in every path parameter of `op` passes the operation's declared validation. One that
 * does not is refused with a 422 before any handler reads anything (the malformed-ids walk proves every
 * declared pattern is enforced), so the walks that look for what a handler does with an id skip it.
 */
export const fitsPathParameters = (op: Operation, value: string): boolean =>
  op.parameters.filter((p) => p.in === "path").every((p) => fitsSchema(p.schema, value));
