import type { components, paths } from "./api-types.ts";
import { apiRequest } from "./http.ts";

/**
 * A typed client of the API, over {@link apiRequest} (so: the session's token, `Idempotency-Key`,
 * retries, problem+json errors and the 202 "not yet visible" as before). Paths, parameters, bodies
 * and answers are those of the OpenAPI document (`api-types.ts`, generated): a route that changes
 * on the server fails the web's typecheck once the types are regenerated.
 */

export type Schemas = components["schemas"];

type Method = "get" | "post" | "put" | "patch" | "delete";
type Operation = { parameters: unknown; responses: unknown; requestBody?: unknown };

/** The paths that have an operation for `method`. */
export type PathsOf<M extends Method> = {
  [P in keyof paths]: paths[P][M] extends Operation ? P : never;
}[keyof paths];
export type OperationOf<P extends keyof paths, M extends Method> = Extract<paths[P][M], Operation>;

type JsonOf<R> = R extends { content: { "application/json": infer B } } ? B : never;
type Responses<O> = O extends { responses: infer R } ? R : never;
/**
 * What a success answers: the JSON of its 200, 201 or 202 (a 202 "not yet visible" is an error of
 * {@link apiRequest}, not an answer), nothing for a 204.
 */
export type Answer<O> =
  | JsonOf<Responses<O>[200 & keyof Responses<O>]>
  | JsonOf<Responses<O>[201 & keyof Responses<O>]>
  | Exclude<JsonOf<Responses<O>[202 & keyof Responses<O>]>, components["schemas"]["NotYetVisible"]>
  | (204 extends keyof Responses<O> ? undefined : never);
export type AnswerOf<P extends keyof paths, M extends Method> = Answer<OperationOf<P, M>>;

type ParamsIn<O, In extends "path" | "query"> = O extends { parameters: { [K in In]?: infer V } }
  ? NonNullable<V>
  : never;
type RequestContent<O> = O extends { requestBody?: { content: infer C } } ? C : never;
/** The body an operation takes: its JSON, or a FormData for a multipart upload. */
export type BodyOf<O> =
  | (RequestContent<O> extends { "application/json": infer B } ? B : never)
  | (RequestContent<O> extends { "multipart/form-data": unknown } ? FormData : never);
type BodyRequired<O> = O extends { requestBody: unknown } ? true : false;

type PathPart<O> = [ParamsIn<O, "path">] extends [never] ? unknown : { path: ParamsIn<O, "path"> };
/** A query parameter left null, undefined or empty is not sent. */
type QueryPart<O> = [ParamsIn<O, "query">] extends [never]
  ? unknown
  : { query?: { [K in keyof ParamsIn<O, "query">]?: ParamsIn<O, "query">[K] | null } };
type BodyPart<O> = [BodyOf<O>] extends [never]
  ? unknown
  : BodyRequired<O> extends true
    ? { body: BodyOf<O> }
    : { body?: BodyOf<O> };
export type CallOptions<O> = PathPart<O> & QueryPart<O> & BodyPart<O> & { signal?: AbortSignal };

/** The options may be left out when nothing in them is required. */
type Rest<O> =
  Partial<CallOptions<O>> extends CallOptions<O> ? [options?: CallOptions<O>] : [options: CallOptions<O>];

type LooseOptions = {
  path?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  signal?: AbortSignal;
};

/** `/accounting/accounts/{id}` with `{ id: "401" }`: each parameter encoded, the query appended. */
export const urlOf = (template: string, options: Pick<LooseOptions, "path" | "query"> = {}): string => {
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = options.path?.[name];
    if (value === undefined) throw new Error(`${template}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {}))
    if (value !== null && value !== undefined && value !== "") search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

const call =
  <M extends Method>(method: M) =>
  <P extends PathsOf<M>>(path: P, ...[options]: Rest<OperationOf<P, M>>): Promise<AnswerOf<P, M>> => {
    const loose = (options ?? {}) as LooseOptions;
    return apiRequest<AnswerOf<P, M>>(urlOf(path, loose), {
      method: method.toUpperCase() as Uppercase<M>,
      ...(loose.body !== undefined && { body: loose.body }),
      ...(loose.signal && { signal: loose.signal }),
    });
  };

export const api = {
  get: call("get"),
  post: call("post"),
  put: call("put"),
  patch: call("patch"),
  delete: call("delete"),
};
