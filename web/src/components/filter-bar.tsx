import {
  Group,
  Input,
  SegmentedControl,
  Select,
  type SelectProps,
  Text,
  TextInput,
  type TextInputProps,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";

/** A list's filter as its address says it: a text searched, and any other criteria. */
export type ListFilterShape = { q: string; page?: number };

/**
 * A list's filter, kept in the address (reloads and links keep it, back and forward go through it):
 * read from it by `read`, written by `write` (which leaves the defaults out). The search is typed
 * freely and applied once typing pauses, from the first page; only a change typed in the field applies
 * it, so that going back in the history is not undone. `set` changes other criteria, from the first
 * page too.
 */
export const useListFilter = <F extends ListFilterShape>({
  read,
  write,
  delay = 250,
}: {
  read: (params: URLSearchParams) => F;
  write: (filter: F) => URLSearchParams;
  delay?: number;
}) => {
  const [params, setParams] = useSearchParams();
  const filter = read(params);
  const [search, setSearch] = useState(filter.q);
  const [debounced] = useDebouncedValue(search.trim(), delay);
  const applied = useRef(debounced);
  const firstPage = (next: F): F => ("page" in next ? { ...next, page: 1 } : next);
  useEffect(() => {
    if (debounced === applied.current) return;
    applied.current = debounced;
    if (debounced !== filter.q) setParams(write(firstPage({ ...filter, q: debounced })), { replace: true });
  });
  return {
    filter,
    search,
    setSearch,
    set: (next: Partial<F>) => setParams(write({ ...firstPage(filter), ...next })),
    /** Another page of the same filter. */
    page: (page: number) => setParams(write({ ...filter, page })),
  };
};

/** The row of a list's filters, above its table; it wraps on a narrow screen. */
export const FilterBar = ({ children, gap = "sm" }: { children: ReactNode; gap?: "sm" | "md" }) => (
  <Group gap={gap} align="flex-end" wrap="wrap">
    {children}
  </Group>
);

/** A list's search field: a search box that neither completes nor corrects what is typed. */
export const SearchFilter = ({
  value,
  onChange,
  ...props
}: Omit<TextInputProps, "value" | "onChange"> & {
  value: string;
  onChange: (value: string) => void;
  "data-testid"?: string;
}) => (
  <TextInput
    type="search"
    value={value}
    onChange={(event) => onChange(event.currentTarget.value)}
    autoComplete="off"
    spellCheck={false}
    {...props}
  />
);

/** One of a list's criteria, or all of them (`null`, the first choice, named by `all`). */
export const ChoiceFilter = ({
  all,
  choices,
  value,
  onChange,
  ...props
}: Omit<SelectProps, "data" | "value" | "onChange"> & {
  all: string;
  choices: readonly { value: string; label: string }[];
  value: string | null;
  onChange: (value: string | null) => void;
  "data-testid"?: string;
}) => (
  <Select
    data={[{ value: "", label: all }, ...choices]}
    value={value ?? ""}
    onChange={(next) => onChange(next ? next : null)}
    allowDeselect={false}
    {...props}
  />
);

/** One of a few criteria shown side by side (a segmented control), named by its label. */
export const SegmentFilter = ({
  id,
  label,
  data,
  value,
  onChange,
  testId,
}: {
  /** The id of its label, which names the control for screen readers. */
  id: string;
  label: string;
  data: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  testId?: string;
}) => (
  <div>
    <Input.Label id={id} display="block">
      {label}
    </Input.Label>
    <SegmentedControl
      aria-labelledby={id}
      data={data}
      value={value}
      onChange={onChange}
      data-testid={testId}
    />
  </div>
);

/** How many rows the filter finds, at the end of the bar. */
export const FilterCount = ({ children, testId }: { children: ReactNode; testId?: string }) => (
  <Text size="sm" c="dimmed" ml="auto" className="registre-numeric" data-testid={testId}>
    {children}
  </Text>
);
