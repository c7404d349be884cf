import { Select, type SelectProps } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useFormat } from "../../i18n/format.ts";
import { journalsQuery } from "./api.ts";
import { journalLabel } from "./ui.tsx";

/** A journal of the organisation, chosen by its code (« BQ · Banque »); its value is the code. */
export const JournalSelect = (
  props: Omit<SelectProps, "data"> & {
    /** Which journals may be chosen (all by default). */
    only?: (journal: { code: string; kind: string }) => boolean;
    "data-testid"?: string;
  },
) => {
  const { only = () => true, ...rest } = props;
  const { locale } = useFormat();
  const journals = useQuery(journalsQuery());
  const data = (journals.data?.items ?? [])
    .filter(only)
    .map((j) => ({ value: j.code, label: `${j.code} · ${journalLabel(j, locale)}` }));
  return <Select data={data} searchable selectFirstOptionOnChange {...rest} />;
};
