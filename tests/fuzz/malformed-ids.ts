import fc from "fast-check";
import { expect } from "vitest";
import type { Operation, openApiSession } from "./api-session.ts";
import { expectAnswered } from "./checks.ts";
import { type Components, type JsonSchema, merged } from "./schema-arbitrary.ts";

/**
 * Issue 21's walk: every path parameter, every query parameter and every body field whose name ends in
 * `Id`, of every operation of the OpenAPI document, sent malformed. An id is taken exactly as sent, so
 * a real id with a space before or after is refused as malformed (422 naming it) — never trimmed into
 * that record's id — and so is one that is no id at all, except where the shape is a free word.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed value, and whether it must be refused as malformed: 422 naming its field. */
export type Malformed = { readonly value: string; readonly named: boolean };

/**
 * Ids whose shape admits a word such as `not-a-uuid`: a document's line id (`L1`, or a client's own),
 * a contact meta's key, the dashboard's kind of figures, a read model's name, a platform's flow id. They
 * are still never taken with a space.
 */
const freeForm = new Set([
  "originLineId",
  "/contacts/{id}/metas/{recordId} recordId",
  "/dashboard/stats/{type} type",
  "/registre/projections/{name}/resume name",
  // The approved platform's flow id (its standard's NotOnlyUuid: any text up to 36 characters).
  "/einvoicing/webhook/{orgId} flowId",
  // The client id the approved platform gave the organisation (OAuth2's: any printable text).
  "/einvoicing/connection clientId",
]);

/**
 * The malformed values from a real value `base`: no id at all, one character more (a uuid so
 * lengthened is no uuid; a code or a key may still be one, of nothing), a space after or before.
 */
export const malformedValues = (base: string, free: boolean): Malformed[] => [
  { value: "not-a-uuid", named: !free },
  { value: `${base}x`, named: !free && UUID.test(base) },
  { value: `${base} `, named: true },
  { value: ` ${base}`, named: true },
];

export const isFreeForm = (op: Operation, name: string) =>
  freeForm.has(name) || freeForm.has(`${op.path} ${name}`);

/** Whether a text has the shape a (string) schema gives: what a real id of that field looks like. */
export const fits = (value: string, schema: JsonSchema, components: Components): boolean => {
  const s = merged(schema, components);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return alternatives.some((a) => fits(value, a, components));
  if (s.enum) return s.enum.includes(value);
  if (s.format === "uuid") return UUID.test(value);
  if (s.maxLength !== undefined && value.length > s.maxLength) return false;
  return s.pattern ? new RegExp(s.pattern).test(value) : false;
};

/**
 * A value that passes the schema, chosen rather than drawn (the walk must not fail on another field):
 * the schema's example, an enum's first value, a uuid, the required members of an object.
 */
export const plausible = (schema: JsonSchema, components: Components, depth = 0): unknown => {
  const s = merged(schema, components) as JsonSchema & { example?: unknown };
  if (depth > 8) return null;
  if (s.enum) return s.enum[0];
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) {
    const first = alternatives.find((a) => merged(a, components).type !== "null") ?? alternatives[0];
    return plausible(first ?? {}, components, depth + 1);
  }
  const types = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
  const type = types.find((t) => t !== "null") ?? (s.properties ? "object" : "string");
  switch (type) {
    case "string": {
      if (typeof s.example === "string" && (!s.pattern || new RegExp(s.pattern).test(s.example)))
        return s.example;
      if (s.format === "uuid") return crypto.randomUUID();
      if (s.format === "email") return "walk@exemple.fr";
      if (s.pattern) {
        const [drawn] = fc.sample(
          fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? 1000)),
          { numRuns: 1, seed: 21 },
        );
        return drawn;
      }
      return "x".repeat(Math.max(s.minLength ?? 1, 1));
    }
    case "integer":
    case "number": {
      const low = Math.max(s.minimum ?? 1, 1);
      return s.maximum === undefined ? low : Math.min(low, s.maximum);
    }
    case "boolean":
      return false;
    case "array":
      return (s.minItems ?? 0) > 0 ? [plausible(s.items ?? {}, components, depth + 1)] : [];
    case "object": {
      const out: Record<string, unknown> = {};
      for (const key of s.required ?? [])
        out[key] = plausible(s.properties?.[key] ?? {}, components, depth + 1);
      return out;
    }
    default:
      return null;
  }
};

/** Whether `along` (property names, `0` for an array's item) leads somewhere in the schema. */
const reaches = (schema: JsonSchema, along: readonly string[], components: Components): boolean => {
  const s = merged(schema, components);
  if (along.length === 0) return true;
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return alternatives.some((a) => reaches(a, along, components));
  const [head, ...rest] = along;
  if (head === "0") return s.items !== undefined && reaches(s.items, rest, components);
  const next = s.properties?.[head ?? ""];
  return next !== undefined && reaches(next, rest, components);
};

/** A plausible value of the schema with `leaf` at `along`: the alternatives taken are those that lead there. */
export const buildWith = (
  schema: JsonSchema,
  along: readonly string[],
  leaf: unknown,
  components: Components,
): unknown => {
  if (along.length === 0) return leaf;
  const s = merged(schema, components);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) {
    const way = alternatives.find((a) => reaches(a, along, components)) ?? {};
    return buildWith(way, along, leaf, components);
  }
  const [head = "", ...rest] = along;
  if (head === "0") return [buildWith(s.items ?? {}, rest, leaf, components)];
  const base = (plausible(s, components) ?? {}) as Record<string, unknown>;
  return { ...base, [head]: buildWith(s.properties?.[head] ?? {}, rest, leaf, components) };
};

/** Every field of a body schema whose name ends in `Id`, as paths (`lines.0.originLineId`), and its schema. */
export const idFields = (
  schema: JsonSchema,
  components: Components,
  prefix: readonly string[] = [],
  depth = 0,
): { along: string[]; schema: JsonSchema }[] => {
  if (depth > 8) return [];
  const s = merged(schema, components);
  const alternatives = s.anyOf ?? s.oneOf;
  const found = alternatives
    ? alternatives.flatMap((a) => idFields(a, components, prefix, depth + 1))
    : s.items
      ? idFields(s.items, components, [...prefix, "0"], depth + 1)
      : Object.entries(s.properties ?? {}).flatMap(([name, property]) =>
          /Id$/.test(name)
            ? [{ along: [...prefix, name], schema: property }]
            : idFields(property, components, [...prefix, name], depth + 1),
        );
  const seen = new Set<string>();
  return found.filter((f) => {
    const key = f.along.join(".");
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

type ApiSession = Awaited<ReturnType<typeof openApiSession>>;

/**
 * Sends every path parameter, every query parameter ending in `Id` and every body field ending in
 * `Id` of every operation malformed (the others plausible, the ids real ones of the organisation where
 * it has them), and every `min…`/`max…` query filter negative. Each answers a 4xx problem — 422 naming
 * the field where the value is malformed for any id — and appends nothing. Answers what it walked,
 * `<METHOD> <path> <field>`.
 */
export const walkMalformedIds = async (api: ApiSession, known: ReadonlySet<string>): Promise<string[]> => {
  const { components } = api;
  const walked = new Set<string>();
  const real = new Map<string, string>();

  /**
   * A real value of each path parameter where the organisation has one — the record's own GET (the
   * path up to the parameter: `/docs/{id}` for `/docs/{id}/pdf`) answers it —, else one of its shape.
   */
  const realValues = async (op: Operation) => {
    const values: Record<string, string> = {};
    for (const p of op.parameters.filter((p) => p.in === "path")) {
      const record = op.path.slice(0, op.path.indexOf(`{${p.name}}`) + p.name.length + 2);
      const key = `${record} ${p.name}`;
      if (!real.has(key)) {
        const candidates = [...known].filter((v) => fits(v, p.schema, components));
        let chosen = candidates[0];
        const getter =
          !/\{[^}]+\}.*\{/.test(record) &&
          api.operations.some((o) => o.method === "GET" && o.path === record);
        if (getter)
          for (const v of candidates.slice(0, 8)) {
            const url = record.replace(`{${p.name}}`, encodeURIComponent(v));
            if ((await api.request("GET", url, { token: api.token() })).status === 200) {
              chosen = v;
              break;
            }
          }
        real.set(key, chosen ?? String(plausible(p.schema, components)));
      }
      values[p.name] = real.get(key) as string;
    }
    return values;
  };
  const urlOf = (op: Operation, values: Record<string, string>, query: Record<string, string>) => {
    const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ""));
    const search = new URLSearchParams(query).toString();
    return search ? `${path}?${search}` : path;
  };
  const requiredQuery = (op: Operation) =>
    Object.fromEntries(
      op.parameters
        .filter((p) => p.in === "query" && p.required)
        .map((p) => [p.name, String(plausible(p.schema, components))]),
    );
  const plausibleBody = (op: Operation) =>
    op.body?.type === "application/json" ? plausible(op.body.schema, components) : undefined;

  const check = async (op: Operation, field: string, sent: { url: string; body?: unknown }, m: Malformed) => {
    walked.add(`${op.method} ${op.path} ${field}`);
    const token = api.token();
    const body = sent.body === undefined ? undefined : JSON.stringify(sent.body);
    const answer = await api.request(op.method, sent.url, {
      token,
      body,
      type: body === undefined ? undefined : "application/json",
    });
    const what = `${op.operationId} ${op.method} ${sent.url} ${field}=${JSON.stringify(m.value)} ${body?.slice(0, 200) ?? ""}`;
    expectAnswered(answer, what);
    expect([what, answer.status >= 400]).toEqual([what, true]);
    if (m.named) {
      const errors = answer.status === 422 ? (JSON.parse(answer.text).errors ?? []) : [];
      const paths = errors.map((e: { path: string }) => e.path);
      expect([what, answer.status, paths]).toEqual([what, 422, expect.arrayContaining([field])]);
    }
    await api.keepSignedIn(answer, token);
  };

  for (const op of api.operations) {
    const values = await realValues(op);
    const query = requiredQuery(op);
    // Counted once per operation (every request below is refused: none may append).
    const before = op.method === "GET" ? 0 : await api.eventCount();
    for (const p of op.parameters.filter((p) => p.in === "path")) {
      const free = isFreeForm(op, p.name);
      for (const m of malformedValues(values[p.name] ?? "", free))
        await check(
          op,
          p.name,
          { url: urlOf(op, { ...values, [p.name]: m.value }, query), body: plausibleBody(op) },
          m,
        );
    }
    for (const p of op.parameters.filter((p) => p.in === "query")) {
      if (/Id$/.test(p.name)) {
        const base =
          [...known].find((v) => fits(v, p.schema, components)) ?? String(plausible(p.schema, components));
        for (const m of malformedValues(base, isFreeForm(op, p.name)))
          await check(op, p.name, { url: urlOf(op, values, { ...query, [p.name]: m.value }) }, m);
      }
      // A bound of an amount or a count is never negative.
      if (/^(min|max)[A-Z]/.test(p.name))
        await check(
          op,
          p.name,
          { url: urlOf(op, values, { ...query, [p.name]: "-1" }) },
          { value: "-1", named: true },
        );
    }
    if (op.body?.type !== "application/json") continue;
    for (const field of idFields(op.body.schema, components)) {
      const name = field.along.join(".");
      const base = String(plausible(field.schema, components));
      for (const m of malformedValues(base, isFreeForm(op, field.along.at(-1) ?? "")))
        await check(
          op,
          name,
          {
            url: urlOf(op, values, query),
            body: buildWith(op.body.schema, field.along, m.value, components),
          },
          m,
        );
    }
    if (op.method !== "GET")
      expect([op.operationId, await api.eventCount()]).toEqual([op.operationId, before]);
  }
  return [...walked];
};
