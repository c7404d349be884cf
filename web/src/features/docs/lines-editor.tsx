import {
  ActionIcon,
  Button,
  Group,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { typedLineNet, type VatRate, vatRates } from "@registre/core/documents";
import { type KeyboardEvent, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { EmptyRow, TableFrame } from "../../components/data-table.tsx";
import { PlusIcon } from "../../components/icons.tsx";
import { useFormat } from "../../i18n/format.ts";
import { formatCents } from "../../lib/money.ts";
import { formatDecimal } from "../items/prices.ts";
import { referenceLabel, useReference } from "../reference/api.ts";
import {
  blankLine,
  type EditorLine,
  isPricedLine,
  pricedValues,
  readFigure,
  showFigure,
  tierPrice,
} from "./editor-lines.ts";
import type { PickedItem } from "./item-picker.tsx";
import { ItemPicker } from "./item-picker.tsx";
import { LineCell, LinesHead } from "./lines-table.tsx";
import type { Direction } from "./model.ts";
import { VatRegimeBadge } from "./regime.tsx";
import { useVatLabel } from "./ui.tsx";

/** The columns a priced line is typed in, in order: Enter goes from one to the next. */
const columns = ["label", "quantity", "unit", "unitPrice", "discount", "vatRate"] as const;
type Col = (typeof columns)[number];
const cellOf = (index: number, col: Col | "text") => `r${index}-${col}`;

const focusCell = (root: HTMLElement | null, index: number, col: Col | "text") => {
  const target = root?.querySelector<HTMLElement>(`[data-cell="${cellOf(index, col)}"]`);
  target?.focus();
  if (target instanceof HTMLInputElement) target.select();
};

export type LineErrors = Record<string, string>;

/**
 * The lines of a draft: items searched as you type, free designations, titles and comments; quantity,
 * unit, unit price, discount and VAT typed from the keyboard (Enter goes on, and adds a line after the
 * last; Alt+↑/↓ moves a line); each priced line's net live.
 */
export const LinesEditor = ({
  lines,
  onChange,
  direction,
  errors,
  defaultVat = "20",
  onDetails,
}: {
  lines: EditorLine[];
  onChange: (lines: EditorLine[]) => void;
  direction: Direction;
  errors: LineErrors;
  defaultVat?: VatRate;
  /** Opens a line's full form (description, account, nature). */
  onDetails?: ((line: EditorLine) => void) | undefined;
}) => {
  const { t } = useTranslation("docs");
  const { locale } = useFormat();
  const vatLabel = useVatLabel();
  const units = useReference("units");
  const root = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<{ index: number; col: Col | "text" } | null>(null);
  useEffect(() => {
    if (!pendingFocus.current) return;
    const { index, col } = pendingFocus.current;
    pendingFocus.current = null;
    focusCell(root.current, index, col);
  });

  const change = (index: number, patch: Partial<EditorLine>) =>
    onChange(lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));
  const add = (kind: EditorLine["kind"], at = lines.length) => {
    const next = [...lines];
    next.splice(at, 0, blankLine(kind, defaultVat));
    pendingFocus.current = { index: at, col: kind === "comment" ? "text" : "label" };
    onChange(next);
  };
  const remove = (index: number) => onChange(lines.filter((_, i) => i !== index));
  const move = (index: number, by: -1 | 1, col: Col | "text" = "label") => {
    const to = index + by;
    if (to < 0 || to >= lines.length) return;
    const next = [...lines];
    const [line] = next.splice(index, 1);
    if (line) next.splice(to, 0, line);
    pendingFocus.current = { index: to, col };
    onChange(next);
  };
  const nextCell = (index: number, col: Col | "text") => {
    const line = lines[index];
    const at = col === "text" ? -1 : columns.indexOf(col);
    if (line && isPricedLine(line) && at >= 0 && at < columns.length - 1) {
      focusCell(root.current, index, columns[at + 1] ?? "label");
      return;
    }
    if (index === lines.length - 1) add("free");
    else {
      const following = lines[index + 1];
      focusCell(root.current, index + 1, following?.kind === "comment" ? "text" : "label");
    }
  };
  const pick = (index: number, item: PickedItem) => {
    const line = lines[index];
    if (!line) return;
    const tiers = direction === "sales" ? item.saleTiers : item.purchaseTiers;
    const base = direction === "sales" ? item.sellPrice : item.buyPrice;
    const price = tierPrice(tiers, base, readFigure(line.quantity, locale));
    change(index, {
      kind: "item",
      itemId: item.id,
      reference: item.reference,
      label: item.label,
      description: item.description ?? "",
      unit: item.unit,
      unitPrice: showFigure(price, locale),
      vatRate: item.vatRate,
      vatExemption: item.vatExemption ?? "",
      itemVatRate: item.vatRate,
      account: (direction === "sales" ? item.sellAccount : item.buyAccount) ?? "",
      nature: item.kind === "goods" || item.kind === "products" ? "goods" : "services",
      tiers,
      itemPrice: base,
      priceFromItem: true,
    });
    pendingFocus.current = { index, col: "quantity" };
  };
  const keys = (index: number, col: Col | "text") => (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey && (event.key === "ArrowUp" || event.key === "ArrowDown")) {
      event.preventDefault();
      event.stopPropagation();
      move(index, event.key === "ArrowUp" ? -1 : 1, col);
      return;
    }
    if (event.key === "Enter" && !event.nativeEvent.isComposing && (col !== "text" || event.ctrlKey)) {
      if (col === "label" && lines[index]?.kind !== "title") return; // the item picker decides
      event.preventDefault();
      nextCell(index, col);
    }
  };
  const unitOptions = units.entries.map((entry) => ({
    value: entry.code,
    label: referenceLabel(entry, locale),
  }));

  return (
    <div ref={root}>
      <TableFrame
        minWidth={960}
        highlight={false}
        stickyHeader={false}
        className="docs-lines"
        testId="lines-editor"
      >
        <LinesHead
          edit
          widths={{ quantity: 76, unit: 150, unitPrice: 116, discount: 76, vatRate: 104, net: 104 }}
        />
        <Table.Tbody>
          {lines.length === 0 ? <EmptyRow colSpan={9}>{t("lines.empty")}</EmptyRow> : null}
          {lines.map((line, index) => {
            const n = index + 1;
            const error = (field: string) => errors[`lines.${index}.${field}`];
            const handle = (
              <Stack gap={0} align="center">
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color="gray"
                  disabled={index === 0}
                  aria-label={t("lines.moveUp", { index: n })}
                  onClick={() => move(index, -1)}
                >
                  ↑
                </ActionIcon>
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color="gray"
                  disabled={index === lines.length - 1}
                  aria-label={t("lines.moveDown", { index: n })}
                  onClick={() => move(index, 1)}
                >
                  ↓
                </ActionIcon>
              </Stack>
            );
            const tools = (
              <Group gap={0} wrap="nowrap" justify="flex-end">
                {onDetails && isPricedLine(line) && line.id ? (
                  <Tooltip label={t("lines.details", { index: n })}>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      aria-label={t("lines.details", { index: n })}
                      onClick={() => onDetails(line)}
                    >
                      …
                    </ActionIcon>
                  </Tooltip>
                ) : null}
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color="red"
                  aria-label={t("lines.remove", { index: n })}
                  onClick={() => remove(index)}
                  data-testid="line-remove"
                >
                  ×
                </ActionIcon>
              </Group>
            );
            if (!isPricedLine(line))
              return (
                <Table.Tr key={line.key} data-layout="text" data-testid={`line-row-${line.kind}`}>
                  <LineCell col="handle">{handle}</LineCell>
                  <LineCell col="text" colSpan={7}>
                    {line.kind === "title" ? (
                      <TextInput
                        size="xs"
                        fw={600}
                        aria-label={t("lines.titleLine")}
                        placeholder={t("lines.titlePlaceholder")}
                        value={line.label}
                        error={error("label") ? t(error("label") as "lines.labelRequired") : undefined}
                        onChange={(event) => change(index, { label: event.currentTarget.value })}
                        onKeyDown={keys(index, "label")}
                        data-cell={cellOf(index, "label")}
                        styles={{ input: { fontWeight: 650 } }}
                      />
                    ) : (
                      <Textarea
                        size="xs"
                        autosize
                        minRows={1}
                        aria-label={t("lines.commentLine")}
                        placeholder={t("lines.commentPlaceholder")}
                        value={line.text}
                        onChange={(event) => change(index, { text: event.currentTarget.value })}
                        onKeyDown={keys(index, "text")}
                        data-cell={cellOf(index, "text")}
                      />
                    )}
                  </LineCell>
                  <LineCell col="tools">{tools}</LineCell>
                </Table.Tr>
              );
            const net = typedLineNet(pricedValues(line, locale));
            const figure = (col: "quantity" | "unitPrice" | "discount", label: string) => (
              <TextInput
                size="xs"
                aria-label={`${label} ${n}`}
                value={line[col]}
                inputMode="decimal"
                autoComplete="off"
                error={error(col) ? true : undefined}
                title={error(col) ? t(error(col) as "lines.invalidNumber") : undefined}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  if (col === "quantity" && line.priceFromItem && line.tiers.length > 0) {
                    const price = tierPrice(line.tiers, line.itemPrice, readFigure(value, locale));
                    change(index, { quantity: value, unitPrice: showFigure(price, locale) });
                  } else
                    change(index, { [col]: value, ...(col === "unitPrice" && { priceFromItem: false }) });
                }}
                onBlur={() => {
                  const read = readFigure(line[col], locale);
                  if (read !== null && col === "unitPrice")
                    change(index, { unitPrice: formatDecimal(read, locale) });
                }}
                onKeyDown={keys(index, col)}
                data-cell={cellOf(index, col)}
                data-testid={`line-${col}`}
                styles={{ input: { textAlign: "right", fontVariantNumeric: "tabular-nums" } }}
              />
            );
            return (
              <Table.Tr key={line.key} data-layout="priced" data-testid="line-row">
                <LineCell col="handle">{handle}</LineCell>
                <LineCell col="label">
                  <div onKeyDownCapture={keys(index, "label")}>
                    <ItemPicker
                      value={line.label}
                      onChange={(label) => change(index, { label })}
                      onPick={(item) => pick(index, item)}
                      direction={direction}
                      onEnter={() => nextCell(index, "label")}
                      cell={cellOf(index, "label")}
                      label={`${t("lines.item")} ${n}`}
                      error={error("label") ? t(error("label") as "lines.labelRequired") : undefined}
                    />
                  </div>
                  {line.kind === "item" && line.reference ? (
                    <Text size="xs" c="dimmed" mt={2} ff="monospace">
                      {t("lines.fromItem", { reference: line.reference })}
                    </Text>
                  ) : null}
                  {line.vatRegime ? <VatRegimeBadge line={line} /> : null}
                  {line.vatRate === "exempt" ? (
                    <TextInput
                      mt={4}
                      size="xs"
                      placeholder={t("lines.exemption")}
                      aria-label={`${t("lines.exemption")} ${n}`}
                      value={line.vatExemption}
                      error={error("vatExemption") ? true : undefined}
                      onChange={(event) => change(index, { vatExemption: event.currentTarget.value })}
                    />
                  ) : null}
                </LineCell>
                <LineCell col="quantity">{figure("quantity", t("lines.quantity"))}</LineCell>
                <LineCell col="unit">
                  <Select
                    size="xs"
                    aria-label={`${t("lines.unit")} ${n}`}
                    data={
                      unitOptions.some((o) => o.value === line.unit)
                        ? unitOptions
                        : [...unitOptions, { value: line.unit, label: line.unit }]
                    }
                    value={line.unit}
                    title={unitOptions.find((o) => o.value === line.unit)?.label ?? line.unit}
                    searchable
                    allowDeselect={false}
                    onChange={(unit) => unit && change(index, { unit })}
                    onKeyDown={keys(index, "unit")}
                    data-cell={cellOf(index, "unit")}
                    data-testid="line-unit"
                    comboboxProps={{ withinPortal: true, width: "max-content", position: "bottom-start" }}
                  />
                </LineCell>
                <LineCell col="unitPrice">{figure("unitPrice", t("lines.unitPrice"))}</LineCell>
                <LineCell col="discount">{figure("discount", t("lines.discount"))}</LineCell>
                <LineCell col="vatRate">
                  <Select
                    size="xs"
                    aria-label={`${t("lines.vatRate")} ${n}`}
                    data={vatRates.map((rate) => ({ value: rate, label: vatLabel(rate) }))}
                    value={line.vatRate}
                    allowDeselect={false}
                    onChange={(rate) => rate && change(index, { vatRate: rate as VatRate })}
                    onKeyDown={keys(index, "vatRate")}
                    data-cell={cellOf(index, "vatRate")}
                    data-testid="line-vat"
                    comboboxProps={{ withinPortal: true }}
                  />
                </LineCell>
                <LineCell col="net" ta="right" className="registre-numeric" data-testid="line-net">
                  {net === null ? "—" : formatCents(net, locale)}
                </LineCell>
                <LineCell col="tools">{tools}</LineCell>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </TableFrame>
      <Group gap="xs" mt="xs">
        <Button
          size="xs"
          variant="light"
          leftSection={<PlusIcon />}
          onClick={() => add("free")}
          data-testid="line-add"
        >
          {t("lines.addLine")}
        </Button>
        <Button size="xs" variant="subtle" onClick={() => add("title")} data-testid="line-add-title">
          {t("lines.addTitle")}
        </Button>
        <Button size="xs" variant="subtle" onClick={() => add("comment")} data-testid="line-add-comment">
          {t("lines.addComment")}
        </Button>
        <Text size="xs" c="dimmed">
          {t("lines.keyboardHint")}
        </Text>
      </Group>
    </div>
  );
};
