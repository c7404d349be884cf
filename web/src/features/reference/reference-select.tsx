import { type ComboboxItem, type OptionsFilter, Select, type SelectProps } from "@mantine/core";
import { type ReferenceKind, useReference } from "./api.ts";

/** Case, accents, dots and spaces aside: « 6201 » finds 62.01Z, « belg » Belgique, « gerant » Gérant. */
const folded = (text: string) =>
  text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/[\s.]/g, "");
const filter: OptionsFilter = ({ options, search }) => {
  const wanted = folded(search);
  return (options as ComboboxItem[]).filter((option) => folded(option.label).includes(wanted));
};

/**
 * A searchable picker over a platform reference list (countries, NAF activities, jobs…): typed part of
 * a code or a label, it offers the list's entries only. A value the list no longer holds (an old free
 * text) stays shown as it is, so that opening a form never loses it.
 */
export const ReferenceSelect = ({
  kind,
  value,
  ...props
}: { kind: ReferenceKind; value?: string | null } & Omit<SelectProps, "data" | "value">) => {
  const { options, query } = useReference(kind);
  const data =
    value && !query.isPending && !options.some((o) => o.value === value)
      ? [{ value, label: value }, ...options]
      : options;
  return (
    <Select
      searchable
      filter={filter}
      limit={60}
      data={data}
      value={value || null}
      nothingFoundMessage="—"
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
};

/** A reference code shown in the interface language (« Belgique », « Gérant »), the code when unknown. */
export const ReferenceLabel = ({ kind, code }: { kind: ReferenceKind; code: string | null | undefined }) => {
  const { labelOf } = useReference(kind);
  return <>{code ? labelOf(code) : ""}</>;
};
