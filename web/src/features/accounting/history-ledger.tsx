import { Anchor, Button, Group, Paper, Stack, Table, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../i18n/format.ts";
import { type Moment, useAccountHistory } from "./history-api.ts";
import { AmountTd, Balance, BookTable, DebitCreditTh, EmptyRow, QueryView } from "./ui.tsx";

/**
 * A general account's ledger as it stood at the moment: its validated lines then (the last 500 entries),
 * its totals over every entry validated by then; an entry's history one click away.
 */
export const AccountAtMoment = ({
  account,
  moment,
  onAccount,
  onEntry,
}: {
  account: string | null;
  moment: Moment;
  onAccount: (account: string | null) => void;
  onEntry: (mvt: string) => void;
}) => {
  const { t } = useTranslation("accounting");
  const { date } = useFormat();
  const [typed, setTyped] = useState(account ?? "");
  const ledger = useAccountHistory(account, moment);
  return (
    <Paper p="md" withBorder data-testid="history-ledger">
      <Stack gap="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onAccount(typed.trim() === "" ? null : typed.trim());
          }}
        >
          <Group align="end">
            <TextInput
              label={t("history.ledgerAccount")}
              description={t("history.ledgerHint")}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              w={220}
              data-testid="history-ledger-account"
            />
            <Button type="submit" variant="light" data-testid="history-ledger-show">
              {t("history.ledgerShow")}
            </Button>
          </Group>
        </form>
        {account ? (
          <QueryView query={ledger} height={200} testId="history-ledger-error">
            {(data) => (
              <Stack gap="xs">
                <Text size="sm" c="dimmed" data-testid="history-ledger-summary">
                  {t("history.ledgerSummary", { count: data.entries, account: data.account })}
                </Text>
                <BookTable minWidth={640} testId="history-ledger-lines" caption={t("history.ledgerCaption")}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("history.date")}</Table.Th>
                      <Table.Th>{t("history.journal")}</Table.Th>
                      <Table.Th>{t("history.entry")}</Table.Th>
                      <Table.Th>{t("history.label")}</Table.Th>
                      <DebitCreditTh w={130} />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.lines.length === 0 ? (
                      <EmptyRow colSpan={6}>{t("history.ledgerEmpty")}</EmptyRow>
                    ) : null}
                    {data.lines.map((l) => (
                      <Table.Tr key={`${l.mvt}-${l.line}`}>
                        <Table.Td className="registre-numeric">{date(l.date)}</Table.Td>
                        <Table.Td className="acc-code">{l.journal}</Table.Td>
                        <Table.Td>
                          <Anchor component="button" type="button" onClick={() => onEntry(l.mvt)}>
                            {l.number}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{l.lineLabel ?? l.label}</Table.Td>
                        <AmountTd cents={l.debit} />
                        <AmountTd cents={l.credit} />
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                  <Table.Tfoot>
                    <Table.Tr>
                      <Table.Th colSpan={4}>
                        {t("history.ledgerTotal")} <Balance cents={data.totals.debit - data.totals.credit} />
                      </Table.Th>
                      <AmountTd cents={data.totals.debit} blankZero={false} fw={600} />
                      <AmountTd cents={data.totals.credit} blankZero={false} fw={600} />
                    </Table.Tr>
                  </Table.Tfoot>
                </BookTable>
              </Stack>
            )}
          </QueryView>
        ) : null}
      </Stack>
    </Paper>
  );
};
