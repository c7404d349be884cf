import { Box, Checkbox, Table, Text, TextInput } from "@mantine/core";
import { Fragment, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyRow } from "../../components/data-table.tsx";
import {
  allBits,
  bitOrder,
  type CodeLabel,
  codeLabel,
  groupCodes,
  hasAllBits,
  hasBit,
  type LabelDictionary,
  maskOf,
  type Right,
  toggleBit,
  withMask,
} from "./rights.ts";

type Words = Record<string, string>;
const asWords = (value: unknown): Words =>
  typeof value === "object" && value !== null ? (value as Words) : {};

/** Labels of resource codes in the interface language, built from the `app:rights` segment words. */
export const useCodeLabels = (): ((code: string) => CodeLabel) => {
  const { t, i18n } = useTranslation("app");
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    void language;
    const segments = asWords(t("rights.segments", { returnObjects: true }));
    const codes = asWords(t("rights.codes", { returnObjects: true }));
    const sides = asWords(t("rights.sides", { returnObjects: true }));
    const dictionary: LabelDictionary = {
      code: (code) => codes[code.replaceAll(".", "_")],
      segment: (segment) => segments[segment],
      side: (side, noun) => sides[side]?.replace("{{noun}}", noun),
    };
    const cache = new Map<string, CodeLabel>();
    return (code: string) => {
      let label = cache.get(code);
      if (!label) {
        label = codeLabel(code, dictionary);
        cache.set(code, label);
      }
      return label;
    };
  }, [t, language]);
};

const normalise = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLocaleLowerCase();

/**
 * The rights of an authorization item as a matrix: resource codes in rows, grouped by area, the four
 * bits in columns, and a "tick all" per row. Native checkboxes: Tab moves, Space ticks.
 */
export const RightsMatrix = ({
  codes,
  value,
  onChange,
  caption,
  disabled,
}: {
  codes: readonly string[];
  value: Right[];
  onChange: (next: Right[]) => void;
  caption: string;
  disabled?: boolean;
}) => {
  const { t } = useTranslation("app");
  const label = useCodeLabels();
  const [filter, setFilter] = useState("");
  const groups = useMemo(() => {
    const query = normalise(filter.trim());
    const all = groupCodes(codes);
    if (!query) return all;
    return all
      .map((group) => ({
        ...group,
        rows: group.rows.filter(
          (row) => normalise(label(row.code).full).includes(query) || row.code.includes(query),
        ),
      }))
      .filter((group) => group.rows.length > 0);
  }, [codes, filter, label]);
  const bitName = (bit: (typeof bitOrder)[number]) => t(`rights.bits.${bit}`);

  return (
    <Box>
      <TextInput
        placeholder={t("rights.matrix.filter")}
        aria-label={t("rights.matrix.filter")}
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value)}
        mb="sm"
        maw={320}
        size="sm"
        data-testid="rights-filter"
      />
      <Table
        className="registre-table registre-matrix"
        verticalSpacing={6}
        horizontalSpacing="md"
        highlightOnHover
        stickyHeader
        stickyHeaderOffset="var(--app-shell-header-offset, 0rem)"
        data-testid="rights-matrix"
      >
        <caption className="registre-sr-only">{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t("rights.matrix.resource")}</Table.Th>
            {bitOrder.map((bit) => (
              <Table.Th key={bit} scope="col" ta="center" w={84} px={4}>
                {t(`rights.columns.${bit}`)}
              </Table.Th>
            ))}
            <Table.Th scope="col" ta="center" w={64} px={4}>
              {t("rights.matrix.all")}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.length === 0 ? (
            <EmptyRow colSpan={6} py="md">
              {t("rights.matrix.noMatch")}
            </EmptyRow>
          ) : null}
          {groups.map((group) => (
            <Fragment key={group.area}>
              <Table.Tr className="registre-matrix-area">
                <Table.Th scope="colgroup" colSpan={6}>
                  {t(`rights.areas.${group.area}`)}
                </Table.Th>
              </Table.Tr>
              {group.rows.map((row) => {
                const mask = maskOf(value, row.code);
                const text = label(row.code);
                const all = hasAllBits(mask);
                return (
                  <Table.Tr key={row.code} data-code={row.code}>
                    <Table.Th scope="row" fw={row.depth === 0 ? 600 : 400}>
                      <Text
                        span
                        size="sm"
                        pl={row.depth * 20}
                        c={row.depth === 0 ? undefined : "dimmed"}
                        title={row.code}
                        className={row.depth > 0 ? "registre-matrix-child" : undefined}
                      >
                        {row.depth === 0 ? text.full : text.short}
                      </Text>
                    </Table.Th>
                    {bitOrder.map((bit) => (
                      <Table.Td key={bit} ta="center" px={4}>
                        <Checkbox
                          checked={hasBit(mask, bit)}
                          onChange={(event) =>
                            onChange(
                              withMask(value, row.code, toggleBit(mask, bit, event.currentTarget.checked)),
                            )
                          }
                          aria-label={t("rights.matrix.cell", { label: text.full, bit: bitName(bit) })}
                          disabled={disabled}
                          display="inline-flex"
                          size="sm"
                        />
                      </Table.Td>
                    ))}
                    <Table.Td ta="center">
                      <Checkbox
                        checked={all}
                        indeterminate={!all && mask !== 0}
                        onChange={() => onChange(withMask(value, row.code, all ? 0 : allBits))}
                        aria-label={t("rights.matrix.rowAll", { label: text.full })}
                        disabled={disabled}
                        display="inline-flex"
                        size="sm"
                        variant="outline"
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
};
