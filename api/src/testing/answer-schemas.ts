import type { OpenAPIHono, z } from "@hono/zod-openapi";

type ZodType = z.ZodType;

/** One declared operation: its method, the regular expression of its path, its answers' schemas by status. */
type Declared = {
  readonly method: string;
  readonly path: string;
  readonly pattern: RegExp;
  readonly schemas: ReadonlyMap<number, ZodType>;
};

type RouteDefinition = {
  readonly type: string;
  readonly route?: {
    readonly method: string;
    readonly path: string;
    readonly responses?: Record<string, { readonly content?: Record<string, { readonly schema?: unknown }> }>;
  };
};

const isZod = (schema: unknown): schema is ZodType =>
  typeof schema === "object" && schema !== null && "safeParse" in schema;

/** `/api/docs/{type}/{id}` -> a pattern matching `/api/docs/sales.invoice/42`, whole. */
const patternOf = (path: string): RegExp =>
  new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`);

/** The app's declared operations (`app.openapi(route, …)`, mounted by prefix), in the order they were registered. */
const declaredOf = (app: OpenAPIHono): Declared[] =>
  (app.openAPIRegistry.definitions as readonly RouteDefinition[]).flatMap((definition) => {
    const route = definition.route;
    if (definition.type !== "route" || !route) return [];
    const schemas = new Map<number, ZodType>();
    for (const [status, response] of Object.entries(route.responses ?? {})) {
      const content = response.content ?? {};
      const schema = content["application/json"]?.schema ?? content["application/problem+json"]?.schema;
      if (isZod(schema)) schemas.set(Number(status), schema);
    }
    return [
      { method: route.method.toUpperCase(), path: route.path, pattern: patternOf(route.path), schemas },
    ];
  });

/**
 * Holds an answer to its route's declared schema: the answer of the route that takes `method` and
 * `path` (the first registered whose path matches, as Hono routes), for its status. A JSON body that
 * its schema does not parse throws, naming the route, the status and each field that differs; so does
 * a success (2xx) whose status the route does not declare. A path no route declares (the web's, a
 * 404 of the router) and an answer that is not JSON (a PDF, a CSV) are not checked.
 */
export const answerChecker = (app: OpenAPIHono) => {
  let declared: Declared[] | undefined;
  return (method: string, url: string, status: number, body: unknown): void => {
    declared ??= declaredOf(app);
    const path = url.split("?")[0] ?? url;
    const route = declared.find((d) => d.method === method.toUpperCase() && d.pattern.test(path));
    if (!route || status === 204 || status === 304) return;
    const schema = route.schemas.get(status);
    if (!schema) {
      if (status >= 200 && status < 300)
        throw new Error(`${method} ${route.path} answered ${status}, which the route does not declare`);
      return;
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      throw new Error(
        `${method} ${route.path} answered ${status} off its schema:\n${parsed.error.issues
          .map((issue) => `  ${issue.path.join(".") || "(the body)"}: ${issue.message}`)
          .join("\n")}`,
      );
  };
};
