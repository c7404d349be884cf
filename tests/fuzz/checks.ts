import { expect } from "vitest";
import type { Sent } from "./api-session.ts";

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
