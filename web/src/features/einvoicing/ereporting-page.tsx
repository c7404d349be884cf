import { Alert, Anchor, Badge, Button, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MutationModal } from "../../components/confirm-modal.tsx";
import type { Column } from "../../components/data-table.tsx";
import { NoAccess } from "../../components/no-access.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryTable } from "../../components/query-table.tsx";
import { SavedNotice } from "../../components/saved-notice.tsx";
import { useFormat } from "../../i18n/format.ts";
import { can } from "../../lib/session.ts";
import { useSession } from "../../lib/session-store.ts";
import { type EReportingPeriod, ereportingCalendarQuery, useSendEReportingPeriod } from "./ereporting-api.ts";
import { canSendNow, partAnswer, rhythmOf, statusColor } from "./ereporting-model.ts";

const CONNECTION = "/org/settings/einvoicing";

/**
 * `/org/einvoicing/ereporting`: the e-reporting calendar — each period of the organisation's VAT regime
 * (transactions or receipts), the days it is to be sent, its state, what was sent and when, and the
 * platform's answer; « send now » for a period over (with the organisation settings' update right).
 */
export const EReportingPage = () => {
  const { t } = useTranslation("ereporting");
  const { shortDate, dateTime } = useFormat();
  const session = useSession();
  const allowed = can(session, "organization", "read");
  const mayUpdate = can(session, "organization", "update");
  const calendar = useQuery({
    ...ereportingCalendarQuery(),
    select: (data) => ({ ...data, items: data.periods }),
    enabled: allowed,
  });
  const send = useSendEReportingPeriod();
  const [sending, setSending] = useState<EReportingPeriod | null>(null);
  const [sent, setSent] = useState(false);
  if (!allowed) return <NoAccess />;
  const connected = calendar.data?.connected ?? false;
  const partLabel = (part: "b2c" | "international") => t(`part.${part}`);
  const columns: Column<EReportingPeriod>[] = [
    {
      key: "period",
      header: t("columns.period"),
      width: 210,
      cell: (p) => (
        <Text size="sm" style={{ whiteSpace: "nowrap" }} data-testid="ereporting-period-dates">
          {shortDate(p.start)} – {shortDate(p.end)}
        </Text>
      ),
    },
    {
      key: "kind",
      header: t("columns.kind"),
      width: 130,
      cell: (p) => <Text size="sm">{t(`kind.${p.kind}`)}</Text>,
    },
    {
      key: "window",
      header: t("columns.window"),
      width: 200,
      cell: (p) => (
        <Text size="sm">{t("window", { from: shortDate(p.dueFrom), to: shortDate(p.dueBy) })}</Text>
      ),
    },
    {
      key: "status",
      header: t("columns.status"),
      width: 150,
      cell: (p) => (
        <Badge
          color={statusColor[p.status]}
          variant="light"
          data-testid="ereporting-status"
          data-status={p.status}
        >
          {t(`status.${p.status}`)}
        </Badge>
      ),
    },
    {
      key: "sent",
      header: t("columns.sent"),
      cell: (p) => (
        <Stack gap={2}>
          {p.parts.flatMap((part) =>
            part.sent
              ? [
                  <Text size="sm" key={part.part} data-testid="ereporting-sent">
                    {t("sentLine", {
                      part: partLabel(part.part),
                      count: part.sent.lines,
                      at: dateTime(part.sent.at),
                    })}
                  </Text>,
                ]
              : [],
          )}
          {p.nothingToReportAt ? (
            <Text size="sm" c="dimmed">
              {t("nothingSince", { at: dateTime(p.nothingToReportAt) })}
            </Text>
          ) : null}
          {p.parts.length === 0 && !p.nothingToReportAt ? <Text size="sm">—</Text> : null}
        </Stack>
      ),
    },
    {
      key: "answer",
      header: t("columns.answer"),
      cell: (p) => (
        <Stack gap={2}>
          {p.parts.map((part) => {
            const answer = partAnswer(part);
            const label = partLabel(part.part);
            const text =
              answer.kind === "ok"
                ? t("answer.ok", { part: label, at: dateTime(answer.at) })
                : answer.kind === "error"
                  ? t("answer.error", { part: label, reasons: answer.reasons })
                  : answer.kind === "refused"
                    ? t("answer.refused", { part: label, code: answer.code, message: answer.message })
                    : t("answer.pending", { part: label });
            return (
              <Text
                size="sm"
                key={part.part}
                c={answer.kind === "error" || answer.kind === "refused" ? "red" : undefined}
                data-testid="ereporting-answer"
                data-answer={answer.kind}
              >
                {text}
              </Text>
            );
          })}
          {canSendNow(p, { connected, allowed: mayUpdate }) ? (
            <Button
              size="xs"
              variant="default"
              w="fit-content"
              onClick={() => {
                setSent(false);
                setSending(p);
              }}
              data-testid="ereporting-send"
            >
              {t("sendNow")}
            </Button>
          ) : null}
        </Stack>
      ),
    },
  ];
  const data = calendar.data;
  return (
    <Stack gap="md">
      <PageHeader
        title={t("title")}
        description={
          <>
            {t("description")}
            {data ? (
              <Text size="sm" c="dimmed" mt={4} data-testid="ereporting-rhythm">
                {t(`regime.${data.vatRegime}`)} — {t(`rhythm.${rhythmOf(data)}`)}
              </Text>
            ) : null}
          </>
        }
      />
      {data && !data.connected ? (
        <Alert color="yellow" variant="light" data-testid="ereporting-not-connected">
          <Text size="sm">{t("notConnected")}</Text>
          <Anchor component={Link} to={CONNECTION} size="sm">
            {t("connect")}
          </Anchor>
        </Alert>
      ) : null}
      {sent ? <SavedNotice testId="ereporting-done">{t("done")}</SavedNotice> : null}
      <QueryTable
        query={calendar}
        errorTestId="ereporting-error"
        columns={columns}
        rowKey={(p) => p.id}
        rowProps={(p) => ({ "data-testid": "ereporting-row", "data-id": p.id })}
        empty={t("empty")}
        testId="ereporting"
      />
      <MutationModal
        subject={sending}
        mutation={send}
        variables={(p) => p.id}
        onDone={() => setSent(true)}
        onClose={() => setSending(null)}
        title={t("confirmTitle")}
        confirmLabel={t("sendNow")}
        color="blue"
        testId="ereporting-send-modal"
      >
        {(p) => <Text size="sm">{t("confirmText", { from: shortDate(p.start), to: shortDate(p.end) })}</Text>}
      </MutationModal>
    </Stack>
  );
};
