import { Skeleton } from "@mantine/core";
import type { UseInfiniteQueryResult, UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ErrorAlert } from "./error-alert.tsx";

/**
 * What a query shows while it loads (`loading`, else a skeleton) or when it fails (`error`, else the
 * kit's alert with « retry »); `empty` when its answer has nothing to show; the content once it has data.
 */
export const QueryView = <T,>({
  query,
  children,
  height = 220,
  testId,
  loading,
  error,
  isEmpty,
  empty = null,
}: {
  query: UseQueryResult<T> | UseInfiniteQueryResult<T>;
  children: (data: T) => ReactNode;
  height?: number;
  testId?: string;
  loading?: ReactNode;
  /** The problem as this screen says it (given the error and a retry). */
  error?: (error: unknown, retry: () => void) => ReactNode;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
}) => {
  if (query.isError) {
    const retry = () => void query.refetch();
    return error ? (
      error(query.error, retry)
    ) : (
      <ErrorAlert error={query.error} onRetry={retry} testId={testId} />
    );
  }
  if (query.data === undefined) return loading ?? <Skeleton height={height} radius="md" />;
  if (isEmpty?.(query.data)) return empty;
  return <>{children(query.data)}</>;
};
