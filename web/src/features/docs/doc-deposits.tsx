import { Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { FieldLabel } from "../../components/field-label.tsx";
import { RowRemoveButton } from "../../components/row-action.tsx";
import { useFormat } from "../../i18n/format.ts";
import { type Doc, docQuery, useDeductDeposit, useRemoveDeposit } from "./api.ts";
import { rightOf } from "./model.ts";
import { docPath } from "./paths.ts";
import { useCanDocs } from "./ui.tsx";

/**
 * An order's final invoice and its deposits (acomptes): those it deducts, each linked to its deposit
 * invoice; on a draft, each can be taken off (to deduct it on a later invoice of the order), and the
 * order's other validated deposits can be deducted. The invoice made from the order deducted them on its
 * own; its totals say what is left to pay.
 */
export const DocDeposits = ({ doc }: { doc: Doc }) => {
  const { t } = useTranslation("docs");
  const { shortDate } = useFormat();
  const can = useCanDocs();
  const fromOrder =
    doc.kind === "invoice" && doc.origin?.kind === "order" && doc.origin.relation === "transform";
  const editable = fromOrder && doc.status === "draft" && can(rightOf(doc.direction, doc.kind), "update");
  const order = useQuery({ ...docQuery(doc.origin?.docId ?? ""), enabled: editable });
  const deduct = useDeductDeposit(doc.id);
  const remove = useRemoveDeposit(doc.id);
  const deducted = new Set(doc.deposits.map((d) => d.docId));
  // The order's deposit invoices validated (numbered) and not deducted here; the API refuses one another
  // invoice of the order deducts.
  const offered = (order.data?.children ?? []).filter(
    (c) => c.relation === "deposit" && c.number !== null && !deducted.has(c.docId),
  );
  if (doc.deposits.length === 0 && offered.length === 0) return null;
  const depositName = (number: string | null | undefined, date: string | null | undefined) =>
    t("detail.depositLine", { number: number ?? t("draft"), date: date ? shortDate(date) : "" });
  const failure = deduct.error ?? remove.error;
  return (
    <div data-testid="doc-deposits">
      <FieldLabel>{t("fields.deposits")}</FieldLabel>
      <Stack gap={4}>
        {doc.deposits.map((d) => (
          <Group key={d.docId} gap="xs" wrap="nowrap" data-testid="doc-deposit">
            <Anchor component={Link} to={docPath(d.docId)} size="sm">
              {depositName(d.number, d.issueDate)}
            </Anchor>
            {editable ? (
              <RowRemoveButton
                loading={remove.isPending && remove.variables === d.docId}
                onClick={() => remove.mutate(d.docId)}
                data-testid="doc-deposit-remove"
              >
                {t("detail.depositRemove")}
              </RowRemoveButton>
            ) : null}
          </Group>
        ))}
        {editable
          ? offered.map((c) => (
              <Group key={c.docId} gap="xs" wrap="nowrap" data-testid="doc-deposit-offered">
                <Text size="sm" c="dimmed">
                  {depositName(c.number, c.issueDate)}
                </Text>
                <Button
                  size="compact-xs"
                  variant="light"
                  loading={deduct.isPending && deduct.variables === c.docId}
                  onClick={() => deduct.mutate(c.docId)}
                  data-testid="doc-deposit-deduct"
                >
                  {t("detail.depositDeduct")}
                </Button>
              </Group>
            ))
          : null}
        {failure ? <ErrorAlert error={failure} testId="doc-deposit-error" /> : null}
      </Stack>
    </div>
  );
};
