import { Anchor, Button, List, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { type BulkReport, type DocSummary, useBulkValidate } from "./api.ts";
import { docPath } from "./paths.ts";
import { RegimeOutdatedHint, regimeOutdated } from "./regime.tsx";
import { useDocName } from "./ui.tsx";

/**
 * The report of a bulk validation: what was validated (its number), what was refused and why — a draft
 * whose lines' VAT regime is outdated with the way to fix it (choose the customer again).
 */
export const BulkReportView = ({ report, docs }: { report: BulkReport; docs: readonly DocSummary[] }) => {
  const { t } = useTranslation("docs");
  const name = useDocName();
  const nameOf = (id: string) => {
    const doc = docs.find((d) => d.id === id);
    return doc ? `${doc.contactName ?? ""} · ${name(doc)}` : id;
  };
  return (
    <Stack gap="sm" data-testid="bulk-report">
      <Text fw={600} c="teal">
        {t("validate.validated", { count: report.validated.length })}
      </Text>
      {report.validated.length ? (
        <List size="sm">
          {report.validated.map((v) => (
            <List.Item key={v.id}>
              <Anchor component={Link} to={docPath(v.id)} size="sm">
                {v.number ?? nameOf(v.id)}
              </Anchor>
            </List.Item>
          ))}
        </List>
      ) : null}
      {report.refused.length ? (
        <>
          <Text fw={600} c="red">
            {t("validate.refused", { count: report.refused.length })}
          </Text>
          <List size="sm" data-testid="bulk-refused">
            {report.refused.map((r) => (
              <List.Item key={r.id}>
                <Anchor component={Link} to={docPath(r.id)} size="sm">
                  {nameOf(r.id)}
                </Anchor>{" "}
                — {r.message}
                {regimeOutdated([r]) ? <RegimeOutdatedHint docId={r.id} /> : null}
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Stack>
  );
};

/** A bulk validation's answer, with the documents it was asked for (to name the refused ones). */
export type BulkOutcome = { readonly report: BulkReport; readonly docs: readonly DocSummary[] };

/**
 * The confirmation of a bulk validation: on confirm, validates `docs` (PUT /docs/validate, in date
 * order, each its own commit) and hands the report over (`onValidated`); an error stays in the dialog.
 */
export const BulkValidateDialog = ({
  opened,
  docs,
  confirmLabel,
  onClose,
  onValidated,
  testId,
}: {
  opened: boolean;
  docs: readonly DocSummary[];
  confirmLabel: string;
  onClose: () => void;
  onValidated: (outcome: BulkOutcome) => void;
  testId: string;
}) => {
  const { t } = useTranslation("docs");
  const bulk = useBulkValidate();
  return (
    <ConfirmModal
      opened={opened}
      title={t("validate.confirmTitle", { count: docs.length })}
      confirmLabel={confirmLabel}
      color="teal"
      pending={bulk.isPending}
      error={bulk.isError ? bulk.error : null}
      onClose={() => {
        onClose();
        bulk.reset();
      }}
      onConfirm={() =>
        bulk.mutate(
          docs.map((d) => d.id),
          { onSuccess: (answer) => onValidated({ report: answer, docs }) },
        )
      }
      testId={testId}
    >
      <Text size="sm">{t("validate.confirmText")}</Text>
    </ConfirmModal>
  );
};

/** Validates the chosen drafts (`BulkValidateDialog`) and shows the report in a dialog. */
export const BulkValidateButton = ({ docs, onDone }: { docs: readonly DocSummary[]; onDone: () => void }) => {
  const { t } = useTranslation(["docs", "common"]);
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  return (
    <>
      <Button
        color="teal"
        disabled={docs.length === 0}
        onClick={() => setConfirming(true)}
        data-testid="docs-bulk-validate"
      >
        {t("list.validateSelection", { count: docs.length })}
      </Button>
      <BulkValidateDialog
        opened={confirming}
        docs={docs}
        confirmLabel={t("list.validateSelection", { count: docs.length })}
        onClose={() => setConfirming(false)}
        onValidated={(answer) => {
          setConfirming(false);
          setOutcome(answer);
          onDone();
        }}
        testId="docs-bulk-modal"
      />
      <Modal opened={outcome !== null} onClose={() => setOutcome(null)} title={t("validate.report")} centered>
        {outcome ? <BulkReportView report={outcome.report} docs={outcome.docs} /> : null}
        <Button mt="md" onClick={() => setOutcome(null)} data-testid="bulk-report-close">
          {t("validate.close")}
        </Button>
      </Modal>
    </>
  );
};
