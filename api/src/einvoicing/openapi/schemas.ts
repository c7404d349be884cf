/**
 * The answers of the e-invoicing standard's services, checked against their OpenAPI documents: each
 * named schema of `components/schemas` made a zod schema by `z.fromJSONSchema` (OpenAPI 3.0 mode:
 * `nullable`, `example`, local `$ref`s), lazily and once. The adapter refuses an answer off its
 * schema as a non-transient `INVALID_ANSWER`, so nothing downstream works on a shape the standard
 * does not describe. Extra properties pass (the standard's objects are open).
 */
import { type ZodType, z } from "zod";
import directoryDocument from "./afnor-directory-service-1.1.0.json" with { type: "json" };
import flowDocument from "./afnor-flow-service-1.1.0.json" with { type: "json" };

type Document = { readonly components: { readonly schemas: Record<string, unknown> } };

/** The document's schemas, their `#/components/schemas/X` references pointed at `#/definitions/X`. */
const definitionsOf = (document: Document): Record<string, unknown> =>
  JSON.parse(
    JSON.stringify(document.components.schemas).replaceAll('"#/components/schemas/', '"#/definitions/'),
  ) as Record<string, unknown>;

const made = new Map<string, ZodType>();

const schemaOf = (service: "flow" | "directory", name: string): ZodType => {
  const key = `${service}:${name}`;
  const known = made.get(key);
  if (known) return known;
  const document = (service === "flow" ? flowDocument : directoryDocument) as unknown as Document;
  if (!(name in document.components.schemas)) throw new Error(`no schema ${name} in the ${service} service`);
  const schema = z.fromJSONSchema(
    { $ref: `#/definitions/${name}`, definitions: definitionsOf(document) },
    { defaultTarget: "openapi-3.0" },
  );
  made.set(key, schema);
  return schema;
};

/** The flow service's schemas that answers are checked against. */
export type FlowSchemaName =
  | "FullFlowInfo"
  | "Flow"
  | "SearchFlowContent"
  | "Error"
  | "WebhookCallbackContent";
/** The directory service's schemas that answers are checked against. */
export type DirectorySchemaName =
  | "legalUnitPayloadHistory"
  | "facilityPayloadHistory"
  | "directoryLineSearchPost200Response";

/** Where a value is off its schema: the first issues, each as `path: message`. */
export type SchemaCheck<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly why: string };

const check = <T>(schema: ZodType, value: unknown): SchemaCheck<T> => {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: value as T };
  const why = parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join(".") || "(answer)"}: ${issue.message}`)
    .join("; ");
  return { ok: false, why };
};

/** Checks a value against a schema of the flow service (the value itself is kept, not zod's copy). */
export const checkFlowSchema = <T>(name: FlowSchemaName, value: unknown): SchemaCheck<T> =>
  check<T>(schemaOf("flow", name), value);

/** Checks a value against a schema of the directory service. */
export const checkDirectorySchema = <T>(name: DirectorySchemaName, value: unknown): SchemaCheck<T> =>
  check<T>(schemaOf("directory", name), value);
