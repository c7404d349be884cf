import { Anchor, Badge, Button, Card, Group, Paper, Select, Stack, Text, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { QueryView } from "../../components/query-view.tsx";
import { TitleLine } from "../../components/section-title.tsx";
import { useFormat } from "../../i18n/format.ts";
import { formatCents } from "../../lib/money.ts";
import { type AccountFilter, ChartAccountField } from "../accounting/account-select.tsx";
import { entryNumberText } from "../accounting/entry-number.ts";
import { entryPath } from "../accounting/paths.ts";
import { depositPath, paymentPath } from "../payments/api.ts";
import {
  type LineSuggestions,
  lineSuggestionsQuery,
  type MatchSuggestion,
  type StatementLine,
  useAccept,
  useApplyRule,
  useDecline,
  useLineEntry,
  useUnmatch,
} from "./api.ts";
import { bookingRateOf, useBookingRates } from "./vat-rate.ts";

/** A line's entry names no contact: a collective account (411, 401) would want its auxiliary. */
const notCollective: AccountFilter = (account) => !account.collective;

/** Where what a line is matched to is shown: its payment, its deposit, or its entry. */
const matchPath = (match: NonNullable<StatementLine["match"]>) =>
  match.kind === "payment"
    ? paymentPath(match.id)
    : match.kind === "deposit"
      ? depositPath(match.id)
      : entryPath(match.mvt);

/** One suggestion: what it is, its amount, and the reasons that rank it. */
const SuggestionCard = ({ s, statementId, no }: { s: MatchSuggestion; statementId: string; no: number }) => {
  const { t } = useTranslation("reconcile");
  const { locale, shortDate } = useFormat();
  const accept = useAccept();
  const decline = useDecline();
  // Credit notes: accepting records their refund (money out to a customer, in from a supplier).
  const refund = s.kind === "invoices" && s.invoices.some((i) => i.kind === "creditNote");
  const title =
    s.kind === "invoices"
      ? `${t(refund ? "reconcile.creditNotes" : "reconcile.invoices", { count: s.invoices.length })} ${s.invoices.map((i) => i.number).join(", ")}`
      : `${t(`reconcile.${s.kind}`)} ${s.movement ? (s.kind === "entry" ? entryNumberText(s.movement.number) : s.movement.number) : ""}`;
  return (
    <Card withBorder padding="sm" data-testid="suggestion">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} miw={0} style={{ overflowWrap: "anywhere" }}>
            {title}
          </Text>
          <Text className="registre-numeric">
            {formatCents(Math.abs(s.amount), locale, { currency: true })}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {[
            s.contactName,
            s.movement ? `${shortDate(s.movement.date)} · ${s.movement.label}` : null,
            ...s.invoices.map(
              (i) =>
                `${i.number} · ${shortDate(i.date)} · ${t("reconcile.due", { amount: formatCents(i.due, locale, { currency: true }) })}`,
            ),
          ]
            .filter(Boolean)
            .join(" — ")}
        </Text>
        <Group gap={4}>
          <Badge variant="filled" color="teal" tt="none">
            {t("reconcile.score", { score: s.score })}
          </Badge>
          {s.reasons.map((r) => (
            <Badge key={r.code} variant="light" tt="none" data-testid="reason">
              {t(`reconcile.reasons.${r.code}`, { detail: r.detail ?? "" })} +{r.points}
            </Badge>
          ))}
        </Group>
        {accept.isError ? <ErrorAlert error={accept.error} /> : null}
        <Group justify="flex-end">
          <Button
            size="xs"
            variant="default"
            loading={decline.isPending}
            onClick={() => decline.mutate({ id: statementId, no, key: s.key })}
            data-testid="suggestion-decline"
          >
            {t("reconcile.decline")}
          </Button>
          <Button
            size="xs"
            loading={accept.isPending}
            onClick={() => accept.mutate({ id: statementId, no, key: s.key })}
            data-testid="suggestion-accept"
          >
            {refund ? t("reconcile.acceptRefund") : t("reconcile.accept")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
};

/** A line without a document: account, VAT rate and label, booked in the bank's journal. */
const EntryForm = ({ statementId, no, label }: { statementId: string; no: number; label: string }) => {
  const { t } = useTranslation("reconcile");
  const entry = useLineEntry();
  const rates = useBookingRates();
  const [account, setAccount] = useState("");
  const [vatRate, setVatRate] = useState<string>("");
  const [text, setText] = useState(label);
  const rate = bookingRateOf(vatRate);
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <TitleLine title={t("reconcile.createEntry")} hint={t("reconcile.createEntryHint")} weight={600} />
        {entry.isError ? <ErrorAlert error={entry.error} /> : null}
        <Group grow align="flex-end">
          <ChartAccountField
            label={t("reconcile.account")}
            value={account}
            onChange={setAccount}
            only={notCollective}
            testId="entry-account"
          />
          <Select
            label={t("reconcile.vatRate")}
            value={vatRate}
            onChange={(v) => setVatRate(v ?? "")}
            data={rates.options}
            allowDeselect={false}
            data-testid="entry-vat-rate"
          />
        </Group>
        <TextInput
          label={t("reconcile.label")}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button
            size="xs"
            disabled={!account.trim()}
            loading={entry.isPending}
            onClick={() =>
              entry.mutate({
                id: statementId,
                no,
                account: account.trim(),
                ...(rate ? { vatRate: rate } : {}),
                ...(text.trim() ? { label: text.trim() } : {}),
              })
            }
            data-testid="entry-create"
          >
            {t("reconcile.createEntry")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
};

const Proposals = ({ data, line }: { data: LineSuggestions; line: StatementLine }) => {
  const { t } = useTranslation("reconcile");
  const apply = useApplyRule();
  const decline = useDecline();
  const { rule } = data;
  return (
    <Stack gap="sm">
      {rule ? (
        <Paper withBorder p="sm" data-testid="rule-proposal">
          <Group justify="space-between">
            <Text>
              {t("reconcile.rule", { name: rule.name })} →{" "}
              <span className="acc-code">{rule.booking.account}</span>{" "}
              <Badge variant="light" tt="none">
                {rule.mode === "automatic" ? t("reconcile.ruleAutomatic") : t("reconcile.ruleProposed")}
              </Badge>
            </Text>
            <Button
              size="xs"
              loading={apply.isPending}
              onClick={() => apply.mutate({ id: data.statementId, nos: [data.no], ruleId: rule.id })}
            >
              {t("reconcile.applyRule")}
            </Button>
          </Group>
          {apply.isError ? <ErrorAlert error={apply.error} /> : null}
        </Paper>
      ) : null}
      <Text fw={600}>{t("reconcile.suggestions")}</Text>
      {data.items.length === 0 ? <Text c="dimmed">{t("reconcile.noSuggestion")}</Text> : null}
      {data.items.map((s) => (
        <SuggestionCard key={s.key} s={s} statementId={data.statementId} no={data.no} />
      ))}
      {data.declined.length > 0 ? (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t("reconcile.declined")}
          </Text>
          {data.declined.map((key) => (
            <Group key={key} justify="space-between">
              <Text size="sm" c="dimmed" className="acc-code">
                {key.split(":")[0]}
              </Text>
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => decline.mutate({ id: data.statementId, no: data.no, key, restore: true })}
              >
                {t("reconcile.restore")}
              </Button>
            </Group>
          ))}
        </Stack>
      ) : null}
      <EntryForm statementId={data.statementId} no={data.no} label={line.label} />
    </Stack>
  );
};

/** The reconcile-transaction sub-screen: one line, its suggestions with their reasons, the actions. */
export const LinePanel = ({ statementId, line }: { statementId: string; line: StatementLine }) => {
  const { t } = useTranslation("reconcile");
  const { locale, shortDate } = useFormat();
  const suggestions = useQuery(lineSuggestionsQuery(statementId, line.no));
  const unmatch = useUnmatch();
  return (
    <Stack gap="sm" data-testid="line-panel">
      <Paper withBorder p="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} miw={0} style={{ overflowWrap: "anywhere" }}>
            <Text fw={600}>{line.label}</Text>
            <Text size="sm" c="dimmed">
              {[
                t("reconcile.line", { no: line.no }),
                shortDate(line.bookingDate),
                line.counterpartyName,
                line.reference,
              ]
                .filter(Boolean)
                .join(" · ")}
            </Text>
            {line.details.length > 0 ? (
              <Text size="xs" c="dimmed">
                {line.details.join(" ")}
              </Text>
            ) : null}
          </Stack>
          <Text
            fw={700}
            className="registre-numeric"
            c={line.amount < 0 ? "red" : undefined}
            data-testid="line-panel-amount"
          >
            {formatCents(line.amount, locale, { currency: true })}
          </Text>
        </Group>
      </Paper>
      {line.match ? (
        <Paper withBorder p="sm">
          <Stack gap="xs">
            <Group gap="xs">
              <Badge color="teal" tt="none">
                {t("reconcile.matched")} — {t(`reconcile.${line.match.kind}`)}
              </Badge>
              <Text size="xs" c="dimmed">
                {t(`reconcile.matchedBy.${line.match.by}`)}
              </Text>
            </Group>
            <Group justify="space-between">
              <Anchor component={Link} to={matchPath(line.match)} size="sm" data-testid="match-open">
                {t(`reconcile.open.${line.match.kind}`)}
              </Anchor>
              <Button
                size="xs"
                variant="default"
                loading={unmatch.isPending}
                onClick={() => unmatch.mutate({ id: statementId, no: line.no })}
              >
                {t("reconcile.unmatch")}
              </Button>
            </Group>
          </Stack>
          {unmatch.isError ? <ErrorAlert error={unmatch.error} /> : null}
        </Paper>
      ) : (
        <QueryView query={suggestions}>{(data) => <Proposals data={data} line={line} />}</QueryView>
      )}
    </Stack>
  );
};
