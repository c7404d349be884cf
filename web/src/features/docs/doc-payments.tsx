import { Anchor, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FieldLabel } from "../../components/field-label.tsx";
import { useFormat } from "../../i18n/format.ts";
import { formatCents } from "../../lib/money.ts";
import { paymentPath, paymentsQuery, useCanPay } from "../payments/api.ts";
import type { Doc } from "./api.ts";

/**
 * The payments a validated invoice or credit note received (issue 23, point 4): its badge says where it
 * stands, this says by what — each payment by its day and mode, with what it put on this document (a
 * payment may settle several), linked to the payment. A cancelled payment no longer counts: not listed.
 */
export const DocPayments = ({ doc }: { doc: Doc }) => {
  const { t } = useTranslation("docs");
  const { locale, shortDate } = useFormat();
  const can = useCanPay();
  const settled =
    (doc.kind === "invoice" || doc.kind === "creditNote") &&
    (doc.paymentStatus === "partial" || doc.paymentStatus === "paid");
  const payments = useQuery({
    ...paymentsQuery(doc.direction, { docId: doc.id }),
    enabled: settled && can(`${doc.direction}.payments`, "read"),
  });
  const rows = (payments.data?.items ?? []).filter((p) => p.status === "validated");
  if (!settled || rows.length === 0) return null;
  return (
    <div data-testid="doc-payments">
      <FieldLabel>{t("fields.payments")}</FieldLabel>
      <Stack gap={2}>
        {rows.map((p) => {
          const amount = p.allocations.filter((a) => a.docId === doc.id).reduce((s, a) => s + a.amount, 0);
          return (
            <Text size="sm" key={p.id} data-testid="doc-payment">
              <Anchor component={Link} to={paymentPath(p.id)} size="sm">
                {t(p.refund ? "detail.refundLine" : "detail.paymentLine", {
                  date: shortDate(p.date),
                  mode: p.modeLabel,
                  amount: formatCents(amount, locale, { currency: true }),
                })}
              </Anchor>
            </Text>
          );
        })}
      </Stack>
    </div>
  );
};
