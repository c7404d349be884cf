import { Skeleton, Table } from "@mantine/core";
import type { ReactNode } from "react";
import { type Column, ColumnHead, ColumnRows } from "./data-table.tsx";

type TableProps<T> = {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** The page a row opens (its first link stays a real link). */
  rowLink?: (row: T) => string;
  rowProps?: Parameters<typeof ColumnRows<T>>[0]["rowProps"];
  testId?: string;
  /** Past this width the table scrolls sideways; without it the table does not scroll. */
  minWidth?: number;
  highlight?: boolean;
  striped?: boolean;
  /** What follows the table in its scroller (« older events »). */
  children?: ReactNode;
};

/**
 * A short list declared by the kit's columns, in an airier table than DataTable's and without its card,
 * sorting or pages: for a card that holds more than the list (a platform section, a few people).
 */
export const PlainTable = <T,>({
  columns,
  rows,
  rowKey,
  rowLink,
  rowProps,
  testId,
  minWidth,
  highlight = false,
  striped = false,
  children,
}: TableProps<T>) => {
  const table = (
    <Table
      className="registre-table"
      verticalSpacing="sm"
      horizontalSpacing="md"
      highlightOnHover={highlight}
      striped={striped}
      data-testid={testId}
    >
      <ColumnHead columns={columns} />
      <Table.Tbody>
        <ColumnRows rows={rows} columns={columns} rowKey={rowKey} rowLink={rowLink} rowProps={rowProps} />
      </Table.Tbody>
    </Table>
  );
  if (minWidth === undefined)
    return (
      <>
        {table}
        {children}
      </>
    );
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      {table}
      {children}
    </Table.ScrollContainer>
  );
};

/** A plain table while it loads: its header, then rows of placeholders, one per column. */
export const TableSkeleton = <T,>({
  columns,
  rows = 4,
}: {
  columns: readonly Column<T>[];
  rows?: number;
}) => (
  <Table className="registre-table" verticalSpacing="sm" horizontalSpacing="md">
    <ColumnHead columns={columns} />
    <Table.Tbody>
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity.
        <Table.Tr key={row}>
          {columns.map((column, cell) => (
            <Table.Td key={column.key}>
              <Skeleton height={12} radius="sm" width={cell === 0 ? "70%" : "50%"} />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </Table.Tbody>
  </Table>
);
