import { type QueryKey, queryOptions } from "@tanstack/react-query";
import { type AnswerOf, type CallOptions, type OperationOf, type PathsOf, urlOf } from "./api-client.ts";
import { apiRequest } from "./http.ts";

type GetOptions<P extends PathsOf<"get">> = Omit<CallOptions<OperationOf<P, "get">>, "signal">;

/**
 * A query that reads one path of the API under `queryKey`: its parameters given once (typed by the
 * OpenAPI document as `api.get` types them), the query's signal passed on (the request is cancelled
 * when the query is).
 */
export const getQuery = <P extends PathsOf<"get">, const K extends QueryKey>(
  queryKey: K,
  path: P,
  options?: GetOptions<P>,
) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) =>
      apiRequest<AnswerOf<P, "get">>(urlOf(path, (options ?? {}) as Parameters<typeof urlOf>[1]), { signal }),
  });
