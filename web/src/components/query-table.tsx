import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { DataTable } from "./data-table.tsx";
import { QueryView } from "./query-view.tsx";

type TableProps<T> = Parameters<typeof DataTable<T>>[0];

/**
 * A list the server answers as `{ items }`: the query's skeleton or problem (`errorTestId`), then its
 * items in a DataTable, dimmed while a previous answer stands for the next; the footer and the pages
 * may read the whole answer (its totals, its count).
 */
export const QueryTable = <T, D extends { items: readonly T[] }>({
  query,
  errorTestId,
  height,
  footer,
  pagination,
  ...table
}: Omit<TableProps<T>, "rows" | "footer" | "pagination" | "dimmed"> & {
  query: UseQueryResult<D>;
  errorTestId?: string;
  /** The skeleton's height while the query loads. */
  height?: number;
  footer?: (data: D) => ReactNode;
  pagination?: (data: D) => TableProps<T>["pagination"];
}) => (
  <QueryView query={query} height={height} testId={errorTestId}>
    {(data) => (
      <DataTable
        {...table}
        rows={data.items}
        footer={footer?.(data)}
        pagination={pagination?.(data)}
        dimmed={query.isPlaceholderData}
      />
    )}
  </QueryView>
);
