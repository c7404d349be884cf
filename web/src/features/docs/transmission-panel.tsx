import { Anchor, Badge, Group, List, Paper, Stack, Text, Title } from "@mantine/core";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useFormat } from "../../i18n/format.ts";
import { api, type Schemas } from "../../lib/api-client.ts";
import { formatCents } from "../../lib/money.ts";
import type { Doc } from "./api.ts";
import { InternalCreditNoteSection } from "./internal-credit-note.tsx";

export type DocTransmission = Schemas["DocumentTransmission"];

/** Where the platform's connection is set (the organisation's settings). */
const CONNECTION_PATH = "/org/settings/einvoicing";

/** Under the documents' key, so that a change of the document refreshes it too. */
export const docTransmissionQuery = (id: string) =>
  queryOptions({
    queryKey: ["docs", "one", id, "transmission"] as const,
    queryFn: ({ signal }) => api.get("/docs/{id}/transmission", { path: { id }, signal }),
    // While the platform has the invoice in hand, its answer comes by itself: looked at again.
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === "waiting" || state === "submitted" ? 5_000 : false;
    },
  });

const stateColor: Record<DocTransmission["state"], string> = {
  notTransmissible: "gray",
  internal: "grape",
  notConnected: "gray",
  waiting: "blue",
  notSent: "gray",
  refused: "red",
  submitted: "blue",
  acknowledged: "teal",
  rejected: "red",
};

/** A lifecycle status's label (200 Déposée … 213 Rejetée), its code else. */
const useStatusLabel = () => {
  const { t } = useTranslation("einvoicing");
  return (code: number) =>
    t(`transmission.status.${code}` as "transmission.status.200", { defaultValue: String(code) });
};

/**
 * A validated sales invoice's or credit note's transmission through the approved platform (issue 25):
 * where it stands, when it was sent, the platform's acknowledgement (its reasons when in error), each
 * lifecycle status with its date, the 212s sent about its payments; or why it is not sent; an internal
 * credit note says so. On a rejected or refused invoice, its internal credit note. Nothing for any other
 * document.
 */
export const TransmissionPanel = ({ doc }: { doc: Doc }) => {
  const { t } = useTranslation("einvoicing");
  const { dateTime, date, locale } = useFormat();
  const label = useStatusLabel();
  const shown =
    doc.direction === "sales" &&
    (doc.kind === "invoice" || doc.kind === "creditNote") &&
    doc.status !== "draft";
  const query = useQuery({ ...docTransmissionQuery(doc.id), enabled: shown });
  const tr = query.data;
  if (!shown || !tr || tr.state === "notTransmissible") return null;
  const sentence =
    tr.state === "notSent" && tr.notSent
      ? t("transmission.state.notSent", {
          reason: t(`transmission.notSentReason.${tr.notSent.reason}`),
        })
      : tr.state === "refused" && tr.refusal
        ? t("transmission.state.refused", { code: tr.refusal.errorCode, message: tr.refusal.errorMessage })
        : t(`transmission.state.${tr.state}` as "transmission.state.waiting");
  return (
    <Paper withBorder p="md" radius="md" data-testid="doc-transmission">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h5">
            {t("transmission.title")}
          </Title>
          <Badge
            color={stateColor[tr.state]}
            variant="light"
            data-testid="transmission-state"
            data-state={tr.state}
          >
            {t(`transmission.badge.${tr.state}` as "transmission.badge.waiting")}
          </Badge>
        </Group>
        <Text size="sm" data-testid="transmission-sentence">
          {sentence}
        </Text>
        {tr.state === "notConnected" ? (
          <Anchor component={Link} to={CONNECTION_PATH} size="sm">
            {t("transmission.state.connect")}
          </Anchor>
        ) : null}
        {tr.submission ? (
          <Text size="sm" c="dimmed" data-testid="transmission-submitted">
            {t("transmission.submittedOn", {
              date: dateTime(tr.submission.at),
              flowId: tr.submission.flowId,
              syntax: tr.submission.syntax,
              profile: tr.submission.profile,
            })}
          </Text>
        ) : null}
        {tr.replaced ? (
          <Text size="sm" c="dimmed" data-testid="transmission-replaced">
            {t("transmission.replaced", { from: tr.replaced.from, to: tr.replaced.to })}
          </Text>
        ) : null}
        {tr.acknowledgement ? (
          <Stack gap={2} data-testid="transmission-ack">
            <Text size="sm" c={tr.acknowledgement.status === "Ok" ? "teal" : "red"}>
              {t(tr.acknowledgement.status === "Ok" ? "transmission.ackOk" : "transmission.ackError", {
                date: dateTime(tr.acknowledgement.at),
              })}
            </Text>
            {tr.acknowledgement.details.length > 0 ? (
              <List size="sm" data-testid="transmission-reasons">
                {tr.acknowledgement.details.map((d) => (
                  <List.Item key={`${d.reasonCode}-${d.item}-${d.reasonMessage}`}>
                    {t("transmission.ackReason", { code: d.reasonCode, message: d.reasonMessage })}
                  </List.Item>
                ))}
              </List>
            ) : null}
          </Stack>
        ) : null}
        {tr.submission ? (
          <Stack gap={2}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
              {t("transmission.statuses")}
            </Text>
            {tr.statuses.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t("transmission.noStatus")}
              </Text>
            ) : (
              <List size="sm" data-testid="transmission-statuses">
                {tr.statuses.map((s) => (
                  <List.Item key={s.flowId} data-testid="transmission-status" data-code={s.code}>
                    {t("transmission.statusLine", {
                      code: s.code,
                      label: label(s.code),
                      date: dateTime(s.date),
                    })}
                    {s.reason || s.reasonCode ? (
                      <Text size="xs" c="dimmed" component="span">
                        {" "}
                        {t("transmission.statusReason", { reason: s.reason ?? s.reasonCode })}
                      </Text>
                    ) : null}
                  </List.Item>
                ))}
              </List>
            )}
          </Stack>
        ) : null}
        {tr.collected.length > 0 ? (
          <List size="sm" data-testid="transmission-collected">
            {tr.collected.map((c) => (
              <List.Item key={c.payment} data-testid="transmission-collected-line">
                {t("transmission.collectedLine", {
                  date: date(c.date),
                  amount: formatCents(c.total, locale, { currency: true }),
                  rates: c.amounts
                    .map((a) =>
                      t("transmission.collectedRate", {
                        amount: formatCents(a.cents, locale, { currency: true }),
                        rate: a.ratePercent,
                      }),
                    )
                    .join(", "),
                  flowId: c.flowId,
                })}
              </List.Item>
            ))}
          </List>
        ) : null}
        <InternalCreditNoteSection doc={doc} tr={tr} />
      </Stack>
    </Paper>
  );
};

/** The history's sentence of a transmission event, in the reader's language (`history-pages.tsx`). */
export const useTransmissionSentence = () => {
  const { t } = useTranslation("einvoicing");
  const label = useStatusLabel();
  return (
    type: string,
    tr: { flowId: string | null; status: string | null; code: number | null; reason: string | null },
  ): string | null => {
    switch (type) {
      case "DocumentTransmissionSubmitted":
        return t("transmission.history.DocumentTransmissionSubmitted", { flowId: tr.flowId ?? "" });
      case "DocumentTransmissionAcknowledged":
        return tr.status === "Ok"
          ? t("transmission.history.DocumentTransmissionAcknowledgedOk")
          : t("transmission.history.DocumentTransmissionAcknowledgedError", { reason: tr.reason ?? "" });
      case "DocumentLifecycleStatusReceived": {
        const code = tr.code ?? 0;
        return tr.reason
          ? t("transmission.history.DocumentLifecycleStatusReceivedReason", {
              code,
              label: label(code),
              reason: tr.reason,
            })
          : t("transmission.history.DocumentLifecycleStatusReceived", { code, label: label(code) });
      }
      case "DocumentTransmissionNotSent":
        return t("transmission.history.DocumentTransmissionNotSent", {
          reason: t(`transmission.notSentReason.${tr.reason ?? "b2c"}` as "transmission.notSentReason.b2c"),
        });
      case "DocumentTransmissionRefused":
        return t("transmission.history.DocumentTransmissionRefused", { reason: tr.reason ?? "" });
      case "DocumentTransmissionFlowReplaced":
        return t("transmission.history.DocumentTransmissionFlowReplaced", {
          from: tr.reason ?? "",
          flowId: tr.flowId ?? "",
        });
      case "DocumentCollectedStatusSent":
        return t("transmission.history.DocumentCollectedStatusSent", { flowId: tr.flowId ?? "" });
      default:
        return null;
    }
  };
};
