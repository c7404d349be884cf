/** The OpenAPI document's parts the API help screen reads, and how it reads them. */

export type SchemaObject = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, SchemaObject>;
  required?: string[];
  items?: SchemaObject;
  enum?: unknown[];
  description?: string;
  example?: unknown;
  format?: string;
  anyOf?: SchemaObject[];
  allOf?: SchemaObject[];
  maxLength?: number;
  minimum?: number;
  maximum?: number;
};
export type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  "x-registre-access"?: string;
  parameters?: {
    name: string;
    in: string;
    required?: boolean;
    schema?: SchemaObject;
    description?: string;
  }[];
  requestBody?: { content?: Record<string, { schema?: SchemaObject }> };
  responses?: Record<string, { description?: string }>;
};
export type OpenApiDoc = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, SchemaObject> };
};
export type Call = { method: string; path: string; entity: string; action: string; operation: Operation };

/** The entity of a path: its first segment (`/contacts/{id}/phones` → `contacts`). */
export const entityOf = (path: string): string => path.split("/").filter(Boolean)[0] ?? "";

/** Every call of the document: its entity, and its action (the operation's id). */
export const callsOf = (doc: OpenApiDoc): Call[] =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => ["get", "post", "put", "patch", "delete"].includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        entity: entityOf(path),
        action: operation.operationId ?? `${method}${path}`,
        operation,
      })),
  );

export const resolve = (doc: OpenApiDoc, schema: SchemaObject | undefined, depth = 0): SchemaObject => {
  if (!schema || depth > 8) return {};
  if (schema.$ref)
    return resolve(doc, doc.components?.schemas?.[schema.$ref.split("/").at(-1) ?? ""], depth + 1);
  if (schema.allOf) {
    const parts = schema.allOf.map((s) => resolve(doc, s, depth + 1));
    return {
      type: "object",
      properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})),
      required: parts.flatMap((p) => p.required ?? []),
    };
  }
  return schema;
};

export type Field = { name: string; type: string; required: boolean; description: string };

const typeName = (doc: OpenApiDoc, schema: SchemaObject): string => {
  const s = resolve(doc, schema);
  if (s.enum) return s.enum.map(String).join(" | ");
  if (s.anyOf) return s.anyOf.map((x) => typeName(doc, x)).join(" | ");
  const type = Array.isArray(s.type) ? s.type.join(" | ") : (s.type ?? "object");
  if (type === "array") return `${typeName(doc, s.items ?? {})}[]`;
  return s.format ? `${type} (${s.format})` : type;
};

/** A body's fields, one level deep, in the document's order. */
export const fieldsOf = (doc: OpenApiDoc, schema: SchemaObject | undefined): Field[] => {
  const s = resolve(doc, schema);
  return Object.entries(s.properties ?? {}).map(([name, field]) => ({
    name,
    type: typeName(doc, field),
    required: (s.required ?? []).includes(name),
    description: resolve(doc, field).description ?? "",
  }));
};

/** An example of a schema: its own example, or one made of its fields' types. */
export const exampleOf = (doc: OpenApiDoc, schema: SchemaObject | undefined, depth = 0): unknown => {
  const s = resolve(doc, schema);
  if (s.example !== undefined) return s.example;
  if (depth > 4) return null;
  if (s.enum) return s.enum[0];
  if (s.anyOf?.[0]) return exampleOf(doc, s.anyOf[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case "string":
      return s.format === "uuid" ? "0190c4d2-7c3e-4a8b-9c3d-5e6f7a8b9c0d" : "…";
    case "integer":
    case "number":
      return s.minimum ?? 0;
    case "boolean":
      return false;
    case "array":
      return [exampleOf(doc, s.items, depth + 1)];
    default:
      return Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([name, field]) => [name, exampleOf(doc, field, depth + 1)]),
      );
  }
};
