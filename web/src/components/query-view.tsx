import { Skeleton } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ErrorAlert } from "./error-alert.tsx";

/** What a query shows while it loads or when it fails; the content once it has data. */
export const QueryView = <T,>({
  query,
  children,
  height = 220,
  testId,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  height?: number;
  testId?: string;
}) => {
  if (query.isError)
    return <ErrorAlert error={query.error} onRetry={() => void query.refetch()} testId={testId} />;
  if (query.data === undefined) return <Skeleton height={height} radius="md" />;
  return <>{children(query.data)}</>;
};
