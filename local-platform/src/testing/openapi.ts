import { readFileSync } from "node:fs";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { expect } from "vitest";

/**
 * The answers checked against the two OpenAPI documents (fixtures/einvoicing/openapi) with Ajv: each
 * document is added whole, its components referred to by JSON pointer. OpenAPI 3.0's draft-4 leftovers
 * (a boolean exclusiveMaximum, `nullable`) are made JSON Schema first; its unknown keywords (example)
 * are ignored. The flow document's ReasonCode is `oneOf: [ReasonCodeEnum, {type: string}]`, which no
 * value of the enum can pass (it matches both): it is read as the `anyOf` it means (the set "+ ability
 * to extend this set").
 */
export const FIXTURES = new URL("../../../../shared/fixtures/einvoicing/", import.meta.url);

const load = (name: string): unknown => {
  const doc = JSON.parse(readFileSync(new URL(`openapi/${name}`, FIXTURES), "utf8"));
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node !== "object" || node === null) return node;
    const o = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)])) as Record<
      string,
      unknown
    >;
    if (o.exclusiveMaximum === true && typeof o.maximum === "number") {
      o.exclusiveMaximum = o.maximum;
      delete o.maximum;
    }
    const loose = (s: unknown) => JSON.stringify(s) === '{"type":"string"}';
    if (Array.isArray(o.oneOf) && o.oneOf.some(loose)) {
      o.anyOf = o.oneOf;
      delete o.oneOf;
    }
    if (o.nullable === true && typeof o.type === "string") {
      o.type = [o.type, "null"];
      delete o.nullable;
    }
    return o;
  };
  return walk(doc);
};

const ajv = new Ajv({ strict: false, allErrors: true, formats: { int32: true, binary: true } });
addFormats(ajv);
ajv.addSchema(load("afnor-flow-service-1.1.0.json") as object, "flow");
ajv.addSchema(load("afnor-directory-service-1.1.0.json") as object, "directory");

/** Asserts that `value` is valid against the component schema `name` of the service's document. */
export const expectSchema = (service: "flow" | "directory", name: string, value: unknown) => {
  const validate = ajv.getSchema(`${service}#/components/schemas/${name}`);
  if (!validate) throw new Error(`No schema ${name} in the ${service} document.`);
  const valid = validate(value);
  expect(valid ? [] : ajv.errorsText(validate.errors).split(", "), `${service} ${name}`).toEqual([]);
};
