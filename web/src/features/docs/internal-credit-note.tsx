import { Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { MutationModal } from "../../components/confirm-modal.tsx";
import { type Doc, useDocTransform, useInternalCreditNote } from "./api.ts";
import { rightOf, validateRightOf } from "./model.ts";
import { docPath } from "./paths.ts";
import type { DocTransmission } from "./transmission-panel.tsx";
import { useCanDocs } from "./ui.tsx";

/**
 * On a sales invoice the platform rejected (213) or the buyer refused (210): its cancellation in the books
 * by an internal credit note (confirmed first; made and validated at once, never transmitted), then the
 * link to that credit note and the offer of the corrected invoice — a copy of the invoice as a new draft.
 */
export const InternalCreditNoteSection = ({ doc, tr }: { doc: Doc; tr: DocTransmission }) => {
  const { t } = useTranslation("einvoicing");
  const navigate = useNavigate();
  const can = useCanDocs();
  const [confirming, setConfirming] = useState(false);
  const credit = useInternalCreditNote(doc.id);
  const duplicate = useDocTransform(doc);
  const { offered, creditNote } = tr.internalCreditNote;
  if (!offered && !creditNote) return null;
  const mayCredit =
    can(rightOf(doc.direction, "creditNote"), "create") && can(validateRightOf(doc.direction), "update");
  const mayCorrect = can(rightOf(doc.direction, "invoice"), "create");
  const correct = () =>
    duplicate.mutate(
      { relation: "duplicate" },
      { onSuccess: (created) => void navigate(docPath(created.id)) },
    );
  return (
    <Stack gap={6} data-testid="internal-credit-note">
      {creditNote ? (
        <>
          <Text size="sm">
            {t("internalCreditNote.made")}{" "}
            <Anchor component={Link} to={docPath(creditNote.docId)} data-testid="internal-credit-note-link">
              {creditNote.number ?? t("internalCreditNote.creditNote")}
            </Anchor>
          </Text>
          {mayCorrect ? (
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {t("internalCreditNote.correctHint")}
              </Text>
              <Button
                size="xs"
                variant="light"
                loading={duplicate.isPending}
                onClick={correct}
                data-testid="internal-credit-note-correct"
              >
                {t("internalCreditNote.correct")}
              </Button>
            </Group>
          ) : null}
        </>
      ) : (
        <>
          <Text size="sm" data-testid="internal-credit-note-offer">
            {t("internalCreditNote.offer")}
          </Text>
          {mayCredit ? (
            <Group>
              <Button
                size="xs"
                color="red"
                variant="light"
                onClick={() => setConfirming(true)}
                data-testid="internal-credit-note-create"
              >
                {t("internalCreditNote.create")}
              </Button>
            </Group>
          ) : null}
        </>
      )}
      <MutationModal
        subject={confirming ? doc : null}
        mutation={credit}
        variables={() => undefined}
        onClose={() => setConfirming(false)}
        title={t("internalCreditNote.confirmTitle")}
        confirmLabel={t("internalCreditNote.create")}
        color="red"
        testId="internal-credit-note-dialog"
      >
        {(invoice) => (
          <Text size="sm">{t("internalCreditNote.confirmText", { number: invoice.number ?? "" })}</Text>
        )}
      </MutationModal>
    </Stack>
  );
};
