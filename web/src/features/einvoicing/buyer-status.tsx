import { Badge, Button, Group, List, Menu, Paper, Select, Stack, Text, Textarea, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MutationModal } from "../../components/confirm-modal.tsx";
import { useFormat } from "../../i18n/format.ts";
import type { Doc } from "../docs/api.ts";
import { useCanDocs } from "../docs/ui.tsx";
import {
  type BuyerStatusCode,
  type BuyerStatusInput,
  buyerStatusCodes,
  buyerStatusReasonsQuery,
  inboxPath,
  receivedOfDocQuery,
  useSendBuyerStatus,
} from "./inbox-api.ts";

/**
 * On a purchase invoice received through the approved platform: the buyer's statuses sent about it,
 * with their dates, and « Statut acheteur » to send the next — taken in hand (204), approved (205),
 * disputed (207, a reason if wished), refused (210, a reason required), payment sent (211) — each
 * confirmed in the kit's dialog, sent once. Nothing for a document that did not come from the platform.
 */
export const BuyerStatusPanel = ({ doc }: { doc: Doc }) => {
  const { t } = useTranslation("einvoicing");
  const { dateTime } = useFormat();
  const can = useCanDocs();
  const shown = doc.direction === "purchases" && (doc.kind === "invoice" || doc.kind === "creditNote");
  const received = useQuery({ ...receivedOfDocQuery(doc.id), enabled: shown });
  const reasons = useQuery({ ...buyerStatusReasonsQuery(), enabled: shown && Boolean(received.data) });
  const send = useSendBuyerStatus();
  const [code, setCode] = useState<BuyerStatusCode | null>(null);
  const [reasonCode, setReasonCode] = useState<string | null>(null);
  const [reason, setReason] = useState("");
  const r = received.data;
  if (!shown || !r || r.state !== "imported") return null;
  const refused = r.statuses.some((s) => s.code === 210);
  const canSend = can("purchases.invoices", "update") && !refused;
  const label = (c: number) => t(`buyerStatus.code.${c}` as "buyerStatus.code.204");
  const reasonLabel = (c: string) =>
    t(`buyerStatus.reason.${c}` as "buyerStatus.reason.DOUBLON", { defaultValue: c });
  const choices =
    code === 210 ? (reasons.data?.refusal ?? []) : code === 207 ? (reasons.data?.dispute ?? []) : [];
  const open = (next: BuyerStatusCode) => {
    setReasonCode(null);
    setReason("");
    setCode(next);
  };
  return (
    <Paper withBorder p="md" radius="md" data-testid="buyer-status">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h5">
            {t("buyerStatus.title")}
          </Title>
          {canSend ? (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button size="xs" variant="light" data-testid="buyer-status-menu">
                  {t("buyerStatus.action")}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {buyerStatusCodes.map((c) => (
                  <Menu.Item key={c} onClick={() => open(c)} data-testid={`buyer-status-${c}`}>
                    {t(`buyerStatus.verb.${c}` as "buyerStatus.verb.204")}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {t("buyerStatus.received", { date: dateTime(r.receivedAt) })}{" "}
          <Link to={inboxPath}>{t("buyerStatus.inbox")}</Link>
        </Text>
        {r.statuses.length === 0 ? (
          <Text size="sm">{t("buyerStatus.none")}</Text>
        ) : (
          <List size="sm" spacing={4} data-testid="buyer-status-list">
            {r.statuses.map((s) => (
              <List.Item key={s.flowId}>
                <Group gap="xs" wrap="wrap">
                  <Badge
                    size="sm"
                    variant="light"
                    color={s.code === 210 ? "red" : s.code === 207 ? "orange" : "teal"}
                  >
                    {label(s.code)}
                  </Badge>
                  <Text size="sm">{dateTime(s.at)}</Text>
                  {s.reasonCode ? (
                    <Text size="sm" c="dimmed">
                      {reasonLabel(s.reasonCode)}
                      {s.reason ? ` — ${s.reason}` : ""}
                    </Text>
                  ) : null}
                </Group>
              </List.Item>
            ))}
          </List>
        )}
        {refused ? (
          <Text size="sm" c="dimmed">
            {t("buyerStatus.afterRefusal")}
          </Text>
        ) : null}
      </Stack>
      <MutationModal
        subject={code}
        mutation={send}
        variables={(c) => ({
          id: r.id,
          body: {
            code: c,
            reasonCode: (reasonCode ?? null) as BuyerStatusInput["reasonCode"],
            reason: reason.trim() || null,
          },
        })}
        onClose={() => setCode(null)}
        title={code ? t(`buyerStatus.verb.${code}` as "buyerStatus.verb.204") : ""}
        confirmLabel={t("buyerStatus.send")}
        color={code === 210 ? "red" : "blue"}
        confirmDisabled={code === 210 && !reasonCode}
        testId="buyer-status-dialog"
      >
        {(c) => (
          <Stack gap="sm">
            <Text size="sm">
              {t(`buyerStatus.sentence.${c}` as "buyerStatus.sentence.204", {
                number: r.invoiceNumber ?? "",
                supplier: r.supplierName ?? "",
              })}
            </Text>
            {c === 207 || c === 210 ? (
              <>
                <Select
                  label={t("buyerStatus.reasonCode")}
                  required={c === 210}
                  data={choices.map((value) => ({ value, label: reasonLabel(value) }))}
                  value={reasonCode}
                  onChange={setReasonCode}
                  searchable
                  clearable={c === 207}
                  data-testid="buyer-status-reason-code"
                />
                <Textarea
                  label={t("buyerStatus.reasonText")}
                  value={reason}
                  onChange={(event) => setReason(event.currentTarget.value)}
                  maxLength={500}
                  autosize
                  minRows={2}
                  data-testid="buyer-status-reason"
                />
              </>
            ) : null}
          </Stack>
        )}
      </MutationModal>
    </Paper>
  );
};
