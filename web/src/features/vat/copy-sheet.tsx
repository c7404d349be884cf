import { ActionIcon, Button, CopyButton, Group, Paper, Stack, Table, Text, Tooltip } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { CheckIcon, CopyIcon } from "../../components/icons.tsx";
import { SectionTitle } from "../../components/section-title.tsx";
import type { VatBox, VatReturn } from "./api.ts";
import { BoxRow } from "./box-row.tsx";
import { useBoxLabel, useEuros } from "./format.ts";

/** What the taxpayer types: the boxes with an amount, in the form's order (an empty box stays blank). */
export const sheetBoxes = (boxes: readonly VatBox[]): VatBox[] =>
  boxes.filter((b) => (b.base ?? 0) !== 0 || (b.tax ?? 0) !== 0);

/** One amount to type, and a button copying its digits alone (as the online form takes them). */
const Value = ({ euros, what, code }: { euros: number | null; what: "base" | "tax"; code: string }) => {
  const { t } = useTranslation("accounting");
  const format = useEuros();
  if (euros === null) return null;
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <span className="registre-numeric" data-testid={`vat-sheet-${what}`}>
        {format(euros, true)}
      </span>
      <CopyButton value={String(euros)} timeout={1500}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t("vat.sheet.copied") : t("vat.sheet.copy")} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? "teal" : "gray"}
              size="sm"
              onClick={copy}
              aria-label={t("vat.sheet.copyValue", { box: code, what: t(`vat.${what}`) })}
            >
              {copied ? <CheckIcon size={14} /> : <CopyIcon size={14} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
};

/**
 * The copy sheet: what to type on impots.gouv.fr (there is no filing API), box by box in the form's
 * order, in whole euros, each amount copied in one click; the whole sheet too, as text.
 */
export const CopySheet = ({ vat }: { vat: VatReturn }) => {
  const { t } = useTranslation("accounting");
  const label = useBoxLabel();
  const rows = sheetBoxes(vat.boxes);
  const text = rows.map((b) => [b.code, b.base ?? "", b.tax ?? ""].join("\t").trimEnd()).join("\n");
  return (
    <Paper p="md" data-testid="vat-sheet">
      <Stack gap="sm">
        <SectionTitle title={t("vat.sheet.title")} hint={t("vat.sheet.explain")} size="h4" hintSize="xs" />
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="vat-sheet-empty">
            {t("vat.sheet.nothing")}
          </Text>
        ) : (
          <Table className="acc-table vat-sheet" verticalSpacing={4} horizontalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={44}>{t("vat.box")}</Table.Th>
                <Table.Th ta="right">{t("vat.base")}</Table.Th>
                <Table.Th ta="right">{t("vat.tax")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((box) => (
                <BoxRow key={box.code} box={box} testId="vat-sheet-row" totalClassName="vat-sheet-total">
                  <Table.Td>
                    <Tooltip label={label(box)} withArrow multiline maw={280}>
                      <span className="vat-code">{box.code}</span>
                    </Tooltip>
                  </Table.Td>
                  <Table.Td>
                    <Value euros={box.base} what="base" code={box.code} />
                  </Table.Td>
                  <Table.Td>
                    <Value euros={box.tax} what="tax" code={box.code} />
                  </Table.Td>
                </BoxRow>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end">
          <CopyButton value={text} timeout={1500}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                variant="default"
                onClick={copy}
                disabled={rows.length === 0}
                leftSection={copied ? <CheckIcon size={14} /> : <CopyIcon size={14} />}
                data-testid="vat-sheet-copy"
              >
                {copied ? t("vat.sheet.copied") : t("vat.sheet.copyAll")}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Paper>
  );
};
