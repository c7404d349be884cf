import { Checkbox, SegmentedControl, Stack, Table, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { TableFrame } from "../../components/data-table.tsx";
import { useFormat } from "../../i18n/format.ts";
import type { Doc } from "./api.ts";
import { readFigure, showFigure } from "./editor-lines.ts";

/** What part of a document a new one takes: all of it, or chosen quantities per line (as typed). */
export type QuantityChoice = {
  mode: "all" | "lines";
  typed: Record<string, string>;
  chosen: Record<string, boolean>;
};

export const allQuantities: QuantityChoice = { mode: "all", typed: {}, chosen: {} };

/** The quantities per line id for the API, or null when something typed is not a quantity. */
export const quantitiesOf = (
  doc: Doc,
  choice: QuantityChoice,
  locale: "fr" | "en",
): Record<string, string> | null | undefined => {
  if (choice.mode === "all") return undefined;
  const out: Record<string, string> = {};
  for (const line of doc.lines) {
    if ((line.kind !== "item" && line.kind !== "free") || choice.chosen[line.id] === false) continue;
    const typed = choice.typed[line.id];
    const quantity = typed === undefined ? (line.quantity ?? null) : readFigure(typed, locale);
    if (quantity === null) return null;
    out[line.id] = quantity;
  }
  return Object.keys(out).length ? out : null;
};

/**
 * The lines of a document with a quantity each, for a partial delivery, invoice or credit note: the
 * API refuses more than what remains (`doc.quantityExceedsRemaining`, naming the line).
 */
export const QuantitiesPicker = ({
  doc,
  value,
  onChange,
  allLabel,
}: {
  doc: Doc;
  value: QuantityChoice;
  onChange: (value: QuantityChoice) => void;
  allLabel: string;
}) => {
  const { t } = useTranslation("docs");
  const { locale } = useFormat();
  const priced = doc.lines.filter((line) => line.kind === "item" || line.kind === "free");
  return (
    <Stack gap="xs">
      <SegmentedControl
        value={value.mode}
        onChange={(mode) => onChange({ ...value, mode: mode as QuantityChoice["mode"] })}
        data={[
          { value: "all", label: allLabel },
          { value: "lines", label: t("quantities.lines") },
        ]}
        fullWidth
        data-testid="quantities-mode"
      />
      {value.mode === "lines" ? (
        <TableFrame minWidth={340} highlight={false} stickyHeader={false} testId="quantities-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36} />
              <Table.Th>{t("lines.item")}</Table.Th>
              <Table.Th w={110} ta="right">
                {t("lines.quantity")}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {priced.map((line) => {
              const chosen = value.chosen[line.id] !== false;
              const typed = value.typed[line.id] ?? showFigure(line.quantity, locale);
              return (
                <Table.Tr key={line.id}>
                  <Table.Td>
                    <Checkbox
                      aria-label={line.label}
                      checked={chosen}
                      onChange={() => onChange({ ...value, chosen: { ...value.chosen, [line.id]: !chosen } })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c={chosen ? undefined : "dimmed"}>
                      {line.label}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      aria-label={`${t("lines.quantity")} ${line.label}`}
                      value={typed}
                      disabled={!chosen}
                      inputMode="decimal"
                      error={chosen && readFigure(typed, locale) === null ? true : undefined}
                      onChange={(event) =>
                        onChange({
                          ...value,
                          typed: { ...value.typed, [line.id]: event.currentTarget.value },
                        })
                      }
                      styles={{ input: { textAlign: "right" } }}
                      data-testid="quantities-line"
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </TableFrame>
      ) : null}
    </Stack>
  );
};
