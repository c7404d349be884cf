import { Alert, Anchor, List, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CheckAlert } from "../../components/check-alert.tsx";
import { useFormat } from "../../i18n/format.ts";
import { useCan } from "../accounting/access.ts";
import { chartQuery, entryQuery } from "../accounting/api.ts";
import { entryNumberText } from "../accounting/entry-number.ts";
import { entryPath, validatePath, vatPeriodPath } from "../accounting/paths.ts";
import { AmountTd, accountLabel, useDay } from "../accounting/ui.tsx";
import type { VatReturn, VatWarning } from "./api.ts";
import { isPeriodKey, usePeriodName } from "./format.ts";

/**
 * The settlement entry (OD, the period's last day): the VAT accounts cleared against 445510 to pay or
 * 445670 carried, to be posted while the return is to prepare, as posted once validated.
 */
export const SettlementCard = ({ vat }: { vat: VatReturn }) => {
  const { t } = useTranslation("accounting");
  const { locale } = useFormat();
  const day = useDay();
  const can = useCan();
  const chart = useQuery({ ...chartQuery(), enabled: can("accounts", "read") });
  const posted = vat.settlementMvt;
  const entry = useQuery({ ...entryQuery(posted ?? ""), enabled: posted !== null && can("entries", "read") });
  const byNumber = new Map((chart.data?.items ?? []).map((a) => [a.number, a]));
  const debit = vat.settlement.reduce((sum, l) => sum + l.debit, 0);
  const credit = vat.settlement.reduce((sum, l) => sum + l.credit, 0);
  return (
    <Paper p="md" data-testid="vat-settlement">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            {t("vat.settlement.title")}
          </Title>
          <Text size="xs" c="dimmed" mt={2}>
            {posted
              ? t("vat.settlement.posted", { day: day(vat.end) })
              : t("vat.settlement.preview", { day: day(vat.end) })}
          </Text>
        </div>
        {vat.settlement.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("vat.settlement.none")}
          </Text>
        ) : (
          <Table className="acc-table" verticalSpacing={4} horizontalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("common.account", { defaultValue: t("vat.lines.account") })}</Table.Th>
                <Table.Th ta="right">{t("common.debit")}</Table.Th>
                <Table.Th ta="right">{t("common.credit")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {vat.settlement.map((line) => {
                const account = byNumber.get(line.account);
                return (
                  <Table.Tr
                    key={`${line.account}-${line.debit}-${line.credit}`}
                    data-testid="vat-settlement-line"
                  >
                    <Table.Td>
                      <span className="acc-code">{line.account}</span>
                      {account ? (
                        <Text size="xs" c="dimmed" lineClamp={2}>
                          {accountLabel(account, locale)}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <AmountTd cents={line.debit} />
                    <AmountTd cents={line.credit} />
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Td>{t("common.totals")}</Table.Td>
                <AmountTd cents={debit} />
                <AmountTd cents={credit} />
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        )}
        {posted ? (
          <Anchor
            component={Link}
            to={entryPath(posted)}
            size="sm"
            fw={600}
            data-testid="vat-settlement-entry"
          >
            {entry.data?.number
              ? t("vat.settlement.openNumbered", {
                  number: entryNumberText(entry.data.number, entry.data.journal),
                })
              : t("vat.settlement.open")}
          </Anchor>
        ) : null}
      </Stack>
    </Paper>
  );
};

/** Where a warning is dealt with: the drafts to validate, the other period's return. */
const warningLink = (warning: VatWarning): string | null => {
  if (warning.code === "vat.draftsInPeriod") return validatePath;
  const period = warning.items[0];
  if ((warning.code === "vat.previousNotValidated" || warning.code === "vat.laterPeriodValidated") && period)
    return vatPeriodPath(period);
  return null;
};

/** What to look at before validating, in the server's words; a blocking one forbids the validation. */
export const VatWarnings = ({ vat }: { vat: VatReturn }) => {
  const { t } = useTranslation("accounting");
  const periodName = usePeriodName();
  const day = useDay();
  if (vat.warnings.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="vat-warnings">
      {vat.warnings.map((warning) => {
        const link = warningLink(warning);
        const items = warning.items.map((item) =>
          isPeriodKey(item) ? periodName(item) : item.replace(/^\d{4}-\d{2}-\d{2}/, (date) => day(date)),
        );
        // An instalment under the threshold is not due: nothing to settle, said plainly.
        if (warning.code === "vat.instalmentBelowThreshold")
          return (
            <Alert
              key={warning.code}
              color="gray"
              variant="light"
              title={t("vat.warnings.notDueTitle")}
              data-testid="vat-warning"
              data-code={warning.code}
              data-blocking={warning.blocking}
            >
              <Text size="sm">{warning.detail}</Text>
            </Alert>
          );
        return (
          <CheckAlert
            key={warning.code}
            blocking={warning.blocking}
            title={warning.blocking ? t("vat.warnings.blockingTitle") : t("vat.warnings.infoTitle")}
            badge={{ blocking: t("vat.warnings.blocking"), information: t("vat.warnings.information") }}
            testId="vat-warning"
            code={warning.code}
          >
            <Stack gap={6}>
              <Text size="sm">{warning.detail}</Text>
              {items.length > 0 ? (
                <List size="sm" spacing={2}>
                  {items.map((item) => (
                    <List.Item key={item}>{item}</List.Item>
                  ))}
                </List>
              ) : null}
              {items.length > 0 && warning.count > items.length ? (
                <Text size="xs" c="dimmed">
                  {t("vat.warnings.more", { count: warning.count - warning.items.length })}
                </Text>
              ) : null}
              {link ? (
                <Anchor component={Link} to={link} size="sm" fw={600}>
                  {t("vat.warnings.resolve")}
                </Anchor>
              ) : null}
            </Stack>
          </CheckAlert>
        );
      })}
    </Stack>
  );
};
