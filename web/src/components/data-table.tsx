import "./kit.css";
import { Group, Pagination, Paper, Table, type TableTdProps, Text, UnstyledButton } from "@mantine/core";
import { useElementSize } from "@mantine/hooks";
import { type ComponentProps, type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRowLink } from "./row-link.ts";

/** The height of the application's bar: a sticky header stops under it. */
const stickyOffset = "var(--app-shell-header-height, 0px)";

/**
 * A table's card: scrolls sideways only when the table is wider than the card, so that otherwise its
 * header can stick under the application's bar while the page scrolls.
 */
export const TableFrame = ({
  children,
  minWidth = 720,
  testId,
  caption,
  highlight = true,
  stickyHeader = true,
  className,
  tableRef,
}: {
  children: ReactNode;
  minWidth?: number;
  testId?: string;
  caption?: string;
  highlight?: boolean;
  stickyHeader?: boolean;
  className?: string;
  tableRef?: React.Ref<HTMLTableElement>;
}) => {
  const { ref, width } = useElementSize();
  const scroll = width > 0 && width < minWidth;
  return (
    <Paper p={0} className="kit-table-card">
      <div
        ref={ref}
        className="kit-table-scroll"
        data-scroll={scroll || undefined}
        style={{ "--kit-table-min-width": `${minWidth}px` } as React.CSSProperties}
      >
        <Table
          ref={tableRef}
          className={`registre-table${className ? ` ${className}` : ""}`}
          verticalSpacing={6}
          horizontalSpacing="sm"
          highlightOnHover={highlight}
          striped={false}
          stickyHeader={stickyHeader && !scroll}
          stickyHeaderOffset={stickyOffset}
          data-testid={testId}
          aria-label={caption}
        >
          {children}
        </Table>
      </div>
    </Paper>
  );
};

/** A row saying there is nothing to show, across the table. */
export const EmptyRow = ({
  colSpan,
  py = "lg",
  children,
}: {
  colSpan: number;
  /** The room above and below the sentence. */
  py?: "md" | "lg";
  children: ReactNode;
}) => (
  <Table.Tr>
    <Table.Td colSpan={colSpan}>
      <Text size="sm" c="dimmed" ta="center" py={py}>
        {children}
      </Text>
    </Table.Td>
  </Table.Tr>
);

type DataAttributes = { [key: `data-${string}`]: string | number | boolean | undefined };

export type Column<T> = {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** A fixed width in pixels; the other columns share what is left (and wrap, never truncated). */
  width?: number;
  /** Figures: right-aligned, tabular, never wrapped. */
  numeric?: boolean;
  align?: "left" | "center" | "right";
  /** How two rows compare: the column's header sorts the rows shown. */
  sort?: (a: T, b: T) => number;
  /** Attributes of each of the column's cells (a class, a test id). */
  cellProps?: (row: T) => Omit<TableTdProps, "children"> & DataAttributes;
};

export type SortState = { key: string; direction: "asc" | "desc" };

const SortArrow = ({ direction }: { direction: "asc" | "desc" | null }) => (
  <svg
    className="kit-sort-arrow"
    width={10}
    height={10}
    viewBox="0 0 10 10"
    aria-hidden="true"
    focusable="false"
    fill="currentColor"
  >
    {direction !== "desc" ? <path d="M5 1 8.5 4.5h-7z" /> : null}
    {direction !== "asc" ? <path d="M5 9 1.5 5.5h7z" /> : null}
  </svg>
);

const alignOf = <T,>(column: Column<T>) => (column.numeric ? "right" : column.align);

type RowProps<T> = (row: T) => Omit<ComponentProps<typeof Table.Tr>, "children"> & DataAttributes;

/**
 * The header of a table declared by its columns; the columns that say how to compare sort the rows
 * when `onSort` is given.
 */
export const ColumnHead = <T,>({
  columns,
  sort = null,
  onSort,
}: {
  columns: readonly Column<T>[];
  sort?: SortState | null;
  onSort?: (key: string) => void;
}) => (
  <Table.Thead>
    <Table.Tr>
      {columns.map((column) => {
        const active = sort?.key === column.key ? sort.direction : null;
        return (
          <Table.Th
            key={column.key}
            w={column.width}
            ta={alignOf(column)}
            aria-sort={active ? (active === "asc" ? "ascending" : "descending") : undefined}
          >
            {column.sort && onSort ? (
              <UnstyledButton
                className="kit-sort"
                data-active={active ? true : undefined}
                onClick={() => onSort(column.key)}
                data-testid={`sort-${column.key}`}
              >
                {column.header}
                <SortArrow direction={active} />
              </UnstyledButton>
            ) : (
              column.header
            )}
          </Table.Th>
        );
      })}
    </Table.Tr>
  </Table.Thead>
);

/** The rows of a table declared by its columns, each opening `rowLink`'s page when given. */
export const ColumnRows = <T,>({
  rows,
  columns,
  rowKey,
  rowLink,
  rowProps,
}: {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  rowLink?: (row: T) => string;
  rowProps?: RowProps<T>;
}) => {
  const link = useRowLink();
  return rows.map((row) => {
    const path = rowLink?.(row);
    return (
      <Table.Tr
        key={rowKey(row)}
        className={path ? "registre-row" : undefined}
        onClick={path ? link(path) : undefined}
        {...rowProps?.(row)}
      >
        {columns.map((column) => {
          const props = column.cellProps?.(row);
          return (
            <Table.Td
              key={column.key}
              ta={alignOf(column)}
              {...props}
              className={
                [column.numeric ? "kit-num" : "", props?.className ?? ""].join(" ").trim() || undefined
              }
            >
              {column.cell(row)}
            </Table.Td>
          );
        })}
      </Table.Tr>
    );
  });
};

/**
 * A list of records: columns declared once, sortable by the columns that say how, a sticky header,
 * an empty line, an optional footer, and pages (those of the server, or `pageSize` rows at a time).
 */
export const DataTable = <T,>({
  rows,
  columns,
  rowKey,
  rowLink,
  rowProps,
  empty,
  footer,
  caption,
  testId,
  minWidth,
  highlight,
  initialSort,
  pageSize,
  pagination,
  dimmed = false,
  className,
}: {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  /** The page a row opens (its first link stays a real link). */
  rowLink?: (row: T) => string;
  rowProps?: RowProps<T>;
  empty: ReactNode;
  footer?: ReactNode;
  caption?: string;
  testId?: string;
  minWidth?: number;
  highlight?: boolean;
  initialSort?: SortState;
  /** Shows the rows by pages of this size (rows the server sent all at once). */
  pageSize?: number;
  /** The pages of the server: the current one and how many there are. */
  pagination?: { page: number; pages: number; onChange: (page: number) => void; summary?: ReactNode };
  /** The rows are a previous answer while the next loads. */
  dimmed?: boolean;
  className?: string;
}) => {
  const { t } = useTranslation("common");
  const [sort, setSort] = useState<SortState | null>(initialSort ?? null);
  const [localPage, setLocalPage] = useState(1);
  const sorted = useMemo(() => {
    const column = sort ? columns.find((c) => c.key === sort.key) : undefined;
    if (!sort || !column?.sort) return rows;
    const compare = column.sort;
    const factor = sort.direction === "asc" ? 1 : -1;
    return [...rows].sort((a, b) => factor * compare(a, b));
  }, [rows, columns, sort]);
  const localPages = pageSize ? Math.max(1, Math.ceil(sorted.length / pageSize)) : 1;
  const current = Math.min(localPage, localPages);
  const shown = pageSize ? sorted.slice((current - 1) * pageSize, current * pageSize) : sorted;
  const pages: { page: number; pages: number; onChange: (page: number) => void; summary?: ReactNode } | null =
    pagination ?? (pageSize ? { page: current, pages: localPages, onChange: setLocalPage } : null);
  const toggle = (key: string) =>
    setSort((now) =>
      now?.key === key
        ? { key, direction: now.direction === "asc" ? "desc" : "asc" }
        : { key, direction: "asc" },
    );
  return (
    <div style={dimmed ? { opacity: 0.6 } : undefined}>
      <TableFrame
        testId={testId}
        caption={caption}
        minWidth={minWidth}
        highlight={highlight}
        className={className}
      >
        <ColumnHead columns={columns} sort={sort} onSort={toggle} />
        <Table.Tbody>
          {shown.length === 0 ? <EmptyRow colSpan={columns.length}>{empty}</EmptyRow> : null}
          <ColumnRows rows={shown} columns={columns} rowKey={rowKey} rowLink={rowLink} rowProps={rowProps} />
        </Table.Tbody>
        {footer && shown.length > 0 ? <Table.Tfoot>{footer}</Table.Tfoot> : null}
      </TableFrame>
      {pages && (pages.pages > 1 || pages.summary) ? (
        <Group justify="space-between" mt="sm">
          {pages.summary ?? <span />}
          {pages.pages > 1 ? (
            <Pagination
              total={pages.pages}
              value={Math.min(pages.page, pages.pages)}
              onChange={pages.onChange}
              size="sm"
              aria-label={t("table.pagination")}
              data-testid={testId ? `${testId}-pagination` : undefined}
            />
          ) : null}
        </Group>
      ) : null}
    </div>
  );
};
