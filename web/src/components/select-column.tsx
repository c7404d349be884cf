import { Checkbox } from "@mantine/core";
import type { Column } from "./data-table.tsx";

/**
 * The column of a table whose rows are chosen for an action on several at once: a box per row and one
 * in the header for all the rows shown (checked, unchecked, or half when some are). A click on a box
 * does not open its row.
 */
export const selectColumn = <T extends { id: string }>({
  rows,
  selected,
  onChange,
  allLabel,
  rowLabel,
  allTestId,
  testId,
  disabled,
}: {
  rows: readonly T[];
  selected: ReadonlySet<string>;
  onChange: (selected: ReadonlySet<string>) => void;
  allLabel: string;
  rowLabel: (row: T) => string;
  allTestId?: string;
  testId?: string;
  /** A row that cannot be chosen (its box shown disabled); `rows` then lists only those that can. */
  disabled?: (row: T) => boolean;
}): Column<T> => {
  const all = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange(next);
  };
  return {
    key: "select",
    width: 44,
    header: (
      <Checkbox
        aria-label={allLabel}
        checked={all}
        indeterminate={!all && rows.some((r) => selected.has(r.id))}
        onChange={() => onChange(all ? new Set() : new Set(rows.map((r) => r.id)))}
        data-testid={allTestId}
      />
    ),
    cell: (row) => (
      <Checkbox
        aria-label={rowLabel(row)}
        checked={selected.has(row.id)}
        disabled={disabled?.(row)}
        onChange={() => toggle(row.id)}
        onClick={(event) => event.stopPropagation()}
        data-testid={testId}
      />
    ),
  };
};
