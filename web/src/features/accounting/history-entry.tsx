import { Anchor, Group, List, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useFormat } from "../../i18n/format.ts";
import type { Schemas } from "../../lib/api-client.ts";
import { entryNumberText } from "./entry-number.ts";
import { type Moment, useEntryHistory } from "./history-api.ts";
import { entryPath } from "./paths.ts";
import { Amount, AmountTd, BookTable, DebitCreditTh, EntryStatusBadge, QueryView, useMoney } from "./ui.tsx";

type Step = Schemas["EntryStep"];

const MEMBER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Who did it: the member's name; « Registre » for the system's own (no user, or the seed's and jobs'
 * `system`); a former member when a member's id has no name any more.
 */
export const useWho = () => {
  const { t } = useTranslation("accounting");
  return (userId: string | null, who: string | null) =>
    who ?? (userId && MEMBER_ID.test(userId) ? t("history.someone") : t("history.system"));
};

/** One step of an entry's history, as a sentence: who did what, and when. */
const StepSentence = ({
  step,
  journal,
  onEntry,
}: {
  step: Step;
  journal: string | null;
  onEntry: (mvt: string) => void;
}) => {
  const { t } = useTranslation("accounting");
  const cents = useMoney();
  const whoOf = useWho();
  const who = whoOf(step.userId, step.who);
  const money = step.debit === null ? "" : cents.format(step.debit);
  const entryLink = (mvt: string | null, text: string) =>
    mvt ? (
      <Anchor component="button" type="button" onClick={() => onEntry(mvt)} data-testid="history-step-entry">
        {text}
      </Anchor>
    ) : null;
  switch (step.kind) {
    case "drafted":
      return step.reverses ? (
        <>
          {t("history.step.draftedReversal", { who, amount: money })}{" "}
          {entryLink(step.reverses, t("history.step.theReversed"))}
        </>
      ) : (
        t("history.step.drafted", {
          who,
          amount: money,
          origin: t(`history.origin.${step.origin ?? "manual"}`, { defaultValue: step.origin ?? "" }),
        })
      );
    case "changed":
      return (
        <>
          {t("history.step.changed", {
            who,
            amount: money,
            fields: step.fields.map((f) => t(`history.field.${f}`)).join(", ") || "—",
          })}
        </>
      );
    case "deleted":
      return <>{t("history.step.deleted", { who })}</>;
    case "validated":
      return (
        <>
          {t("history.step.validated", {
            who,
            number: step.number ? entryNumberText(step.number, journal) : "",
            amount: money,
          })}
        </>
      );
    case "lettered":
    case "unlettered":
      return <>{t(`history.step.${step.kind}`, { who, account: step.account, code: step.code })}</>;
    case "reversedBy":
      return (
        <>
          {t("history.step.reversedBy", { who })} {entryLink(step.by, t("history.step.theReversal"))}
        </>
      );
  }
};

/**
 * An entry at a moment: as it stood then (status, number, lines) and its history down to the event, in
 * sentences, each step a place in the log one click takes the whole screen to.
 */
export const EntryAtMoment = ({
  mvt,
  moment,
  onMoment,
  onEntry,
}: {
  mvt: string;
  moment: Moment;
  onMoment: (position: number) => void;
  onEntry: (mvt: string) => void;
}) => {
  const { t } = useTranslation("accounting");
  const { dateTime, date } = useFormat();
  const history = useEntryHistory(mvt, moment);
  return (
    <Paper p="md" withBorder data-testid="history-entry">
      <QueryView query={history} height={200} testId="history-entry-error">
        {(data) => {
          const content = data.asOf.content;
          return (
            <Stack gap="md">
              <Group justify="space-between" align="baseline">
                <Title order={3} size="h4">
                  {t("history.entryThen", {
                    number: data.asOf.number
                      ? entryNumberText(data.asOf.number, content?.journal)
                      : (content?.label ?? ""),
                  })}
                </Title>
                <Anchor component={Link} to={entryPath(mvt)}>
                  {t("history.entryNow")}
                </Anchor>
              </Group>
              {data.asOf.status === "draft" || data.asOf.status === "validated" ? (
                <Group gap="sm">
                  <EntryStatusBadge status={data.asOf.status} />
                  {content ? (
                    <Text size="sm">
                      {content.journal} · {date(content.date)} · {content.label}
                    </Text>
                  ) : null}
                </Group>
              ) : (
                <Text size="sm" c="dimmed" data-testid="history-entry-status">
                  {t(`history.entryStatus.${data.asOf.status}`)}
                </Text>
              )}
              {content ? (
                <BookTable minWidth={480} testId="history-entry-lines">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("history.account")}</Table.Th>
                      <Table.Th>{t("history.label")}</Table.Th>
                      <DebitCreditTh w={130} />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {content.lines.map((l, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: an entry's lines are its ordered list
                      <Table.Tr key={i}>
                        <Table.Td className="acc-code">
                          {l.account}
                          {l.auxiliary ? ` · ${l.auxiliary}` : ""}
                        </Table.Td>
                        <Table.Td>{l.label ?? content.label}</Table.Td>
                        <AmountTd cents={l.debit} />
                        <AmountTd cents={l.credit} />
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </BookTable>
              ) : null}
              <Stack gap={4}>
                <Text fw={600}>{t("history.steps")}</Text>
                <List spacing={6} size="sm" data-testid="history-steps">
                  {data.steps.map((step) => (
                    <List.Item
                      key={`${step.position}-${step.kind}`}
                      data-testid={`history-step-${step.kind}`}
                      c={step.after ? "dimmed" : undefined}
                    >
                      <Text span size="sm" className="registre-numeric">
                        {dateTime(step.at)}
                      </Text>{" "}
                      — <StepSentence step={step} journal={content?.journal ?? null} onEntry={onEntry} />{" "}
                      {step.after ? (
                        <Text span size="xs" c="dimmed">
                          ({t("history.afterMoment")})
                        </Text>
                      ) : null}{" "}
                      <Anchor
                        component="button"
                        type="button"
                        size="xs"
                        onClick={() => onMoment(step.position)}
                        data-testid="history-step-moment"
                      >
                        {t("history.toThisMoment")}
                      </Anchor>
                    </List.Item>
                  ))}
                </List>
              </Stack>
              {data.asOf.status === "validated" && content ? (
                <Text size="xs" c="dimmed">
                  {t("history.entryTotal")} <Amount cents={content.lines.reduce((s, l) => s + l.debit, 0)} />
                </Text>
              ) : null}
            </Stack>
          );
        }}
      </QueryView>
    </Paper>
  );
};
