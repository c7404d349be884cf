import { Button, Group, Menu, Text, TextInput } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { LinkButton } from "../../components/link-button.tsx";
import { MutationButton } from "../../components/mutation-button.tsx";
import { useFormat } from "../../i18n/format.ts";
import { downloadFile } from "../accounting/access.ts";
import { ShareButton } from "../files/share-dialog.tsx";
import { docMailPath } from "../mail/api.ts";
import { paymentsPath, useCanPay } from "../payments/api.ts";
import { type Doc, docCheckQuery, useDeleteDoc, useDocStatus, useDocTransform } from "./api.ts";
import { readFigure } from "./editor-lines.ts";
import {
  canTransform,
  type DocKind,
  type DocStatus,
  isValidatable,
  listSegments,
  numberedLater,
  rightOf,
  segmentKinds,
  statusActions,
  transformTargets,
  validateRightOf,
} from "./model.ts";
import { docEditPath, docHistoryPath, docPath, listPath } from "./paths.ts";
import { allQuantities, QuantitiesPicker, type QuantityChoice, quantitiesOf } from "./quantities-picker.tsx";
import { RegimeOutdatedHint, regimeOutdated } from "./regime.tsx";
import { SellerMentionsAlert } from "./seller-mentions.tsx";
import { useCanDocs, useDocName } from "./ui.tsx";

type Pending =
  | { kind: "status"; status: DocStatus }
  | { kind: "validate" }
  | { kind: "delete" }
  | { kind: "transform"; target: DocKind }
  | { kind: "duplicate" }
  | { kind: "creditNote" }
  | { kind: "deposit" };

/** A button that opens, below it and right-aligned, a menu of more actions (its `Menu.Item`s). */
const ButtonMenu = ({
  label,
  variant,
  testId,
  children,
}: {
  label: string;
  variant: "light" | "subtle";
  testId: string;
  children: ReactNode;
}) => (
  <Menu position="bottom-end" withinPortal>
    <Menu.Target>
      <Button variant={variant} data-testid={testId}>
        {label}
      </Button>
    </Menu.Target>
    <Menu.Dropdown>{children}</Menu.Dropdown>
  </Menu>
);

/**
 * What can be done with a document from its page: edit and delete a draft, validate an invoice, the
 * status changes its lifecycle allows now (the API's `nextStatuses`), transform it, duplicate it, credit
 * an invoice; each confirmed, the API's refusal shown in the dialog.
 */
export const DocActions = ({ doc }: { doc: Doc }) => {
  const { t } = useTranslation(["docs", "common", "mail"]);
  const { t: tp } = useTranslation("payments");
  const canPay = useCanPay();
  // An internal credit note is imputed on the invoice it cancels when made: nothing to refund.
  const payable =
    !doc.internal &&
    (doc.kind === "invoice" || doc.kind === "creditNote") &&
    doc.validatedOn !== null &&
    doc.due > 0 &&
    canPay(`${doc.direction}.payments`, "create");
  const can = useCanDocs();
  const navigate = useNavigate();
  const name = useDocName();
  const status = useDocStatus(doc.id);
  const remove = useDeleteDoc();
  const transform = useDocTransform(doc);
  // The PDF in the reader's language, downloaded with the session's token.
  const pdf = useMutation({
    mutationFn: () =>
      downloadFile(
        `/docs/${encodeURIComponent(doc.id)}/pdf?lang=${locale}`,
        `${doc.number ?? "brouillon"}.pdf`,
      ),
  });
  // A validated sales invoice or credit note is a Factur-X: its PDF carries the XML, also offered alone.
  const facturx =
    doc.direction === "sales" &&
    (doc.kind === "invoice" || doc.kind === "creditNote") &&
    doc.status !== "draft";
  const xml = useMutation({
    mutationFn: () =>
      downloadFile(
        `/docs/${encodeURIComponent(doc.id)}/facturx?format=xml`,
        `factur-x-${doc.number ?? "facture"}.xml`,
      ),
  });
  const [pending, setPending] = useState<Pending | null>(null);
  // Before a sales invoice or credit note is issued: the seller's mentions its settings leave out.
  const check = useQuery({ ...docCheckQuery(doc.id), enabled: pending?.kind === "validate" });
  const [choice, setChoice] = useState<QuantityChoice>(allQuantities);
  const [percent, setPercent] = useState("30");
  const { locale } = useFormat();
  const depositPercent = readFigure(percent, locale);
  const percentValid = depositPercent !== null && Number(depositPercent) > 0 && Number(depositPercent) <= 100;
  const quantities = quantitiesOf(doc, choice, locale);
  const right = rightOf(doc.direction, doc.kind);
  const canUpdate = can(right, "update");
  const draft = doc.status === "draft";
  const validatable = isValidatable(doc.kind, doc.status) && can(validateRightOf(doc.direction), "update");
  // A purchase invoice is received, not sent: its "sent" status is left to the API; an internal credit
  // note (it cancels a rejected or refused invoice in the books) is never sent, nor e-mailed.
  const received = doc.direction === "purchases" && (doc.kind === "invoice" || doc.kind === "creditNote");
  const nextStatuses = doc.nextStatuses.filter(
    (s) => statusActions(doc.kind, doc.status).includes(s) && !((received || doc.internal) && s === "sent"),
  );
  const targets = canTransform(doc.status) ? transformTargets[doc.kind] : [];
  const creditable = doc.kind === "invoice" && doc.status !== "draft";
  // A deposit invoice (acompte) on a sales order once sent or accepted, its VAT due on receipt.
  const depositable =
    doc.kind === "order" &&
    doc.direction === "sales" &&
    (doc.status === "sent" || doc.status === "accepted") &&
    can(rightOf(doc.direction, "invoice"), "create");
  const close = () => {
    setPending(null);
    setChoice(allQuantities);
    status.reset();
    remove.reset();
    transform.reset();
  };
  const confirm = () => {
    if (!pending) return;
    const opened = (created: Doc) => {
      close();
      void navigate(docPath(created.id));
    };
    if (pending.kind === "status") status.mutate(pending.status, { onSuccess: close });
    else if (pending.kind === "validate") status.mutate("validated", { onSuccess: close });
    else if (pending.kind === "delete")
      remove.mutate(doc.id, {
        onSuccess: () => {
          close();
          const list = listSegments.find((s) => segmentKinds[s].includes(doc.kind)) ?? "invoices";
          void navigate(listPath(doc.direction, list));
        },
      });
    else if (pending.kind === "transform")
      transform.mutate(
        { relation: "transform", kind: pending.target, quantities: quantities ?? undefined },
        { onSuccess: opened },
      );
    else if (pending.kind === "duplicate") transform.mutate({ relation: "duplicate" }, { onSuccess: opened });
    else if (pending.kind === "deposit") {
      if (depositPercent)
        transform.mutate({ relation: "deposit", percent: depositPercent }, { onSuccess: opened });
    } else
      transform.mutate(
        { relation: "creditNote", quantities: quantities ?? undefined },
        { onSuccess: opened },
      );
  };
  const mutation =
    pending?.kind === "delete"
      ? remove
      : pending?.kind === "status" || pending?.kind === "validate"
        ? status
        : transform;
  const dialog = (): { title: string; text: string; label: string; color: string } => {
    switch (pending?.kind) {
      case "status": {
        const action = t(`statusActions.${pending.status as "sent"}`);
        return {
          title: t("detail.statusTitle", { action }),
          text: t("detail.statusText", { status: t(`statuses.${pending.status}`) }),
          label: action,
          color: pending.status === "refused" || pending.status === "cancelled" ? "red" : "blue",
        };
      }
      case "validate":
        return {
          // A draft has no number yet: « Valider la facture ? », not « Valider Facture Brouillon ? ».
          title: doc.number
            ? t("detail.validateTitle", { name: name(doc) })
            : t(`detail.validateDraft.${doc.kind === "creditNote" ? "creditNote" : "invoice"}`),
          text: t("detail.validateText"),
          label: t("detail.validate"),
          color: "teal",
        };
      case "delete":
        return {
          title: t("detail.deleteTitle"),
          text: t("detail.deleteText"),
          label: t("detail.delete"),
          color: "red",
        };
      case "transform": {
        const kind = t(`kinds.${pending.target}`).toLowerCase();
        return {
          title: t("detail.transformTitle", { kind }),
          text: t("detail.transformText"),
          label: t("detail.transformTitle", { kind }),
          color: "blue",
        };
      }
      case "deposit":
        return {
          title: t("detail.depositTitle", { name: name(doc) }),
          text: t("detail.depositText"),
          label: t("detail.deposit"),
          color: "blue",
        };
      case "duplicate":
        return { title: t("detail.duplicate"), text: name(doc), label: t("detail.duplicate"), color: "blue" };
      default:
        return {
          title: t("detail.creditNoteTitle", { name: name(doc) }),
          text: t("detail.creditNoteText"),
          label: t("detail.creditNote"),
          color: "orange",
        };
    }
  };
  const shown = dialog();
  return (
    <>
      <Group gap="xs" wrap="wrap" data-testid="doc-actions">
        {draft && canUpdate ? (
          <LinkButton to={docEditPath(doc.id)} variant="default" data-testid="doc-edit">
            {t("detail.edit")}
          </LinkButton>
        ) : null}
        {validatable ? (
          <Button color="teal" onClick={() => setPending({ kind: "validate" })} data-testid="doc-validate">
            {t("detail.validate")}
          </Button>
        ) : null}
        {canUpdate
          ? nextStatuses.map((next) => (
              <Button
                key={next}
                variant={next === "accepted" || next === "delivered" ? "filled" : "default"}
                color={next === "refused" || next === "cancelled" ? "red" : undefined}
                onClick={() => setPending({ kind: "status", status: next })}
                data-testid={`doc-status-${next}`}
              >
                {t(`statusActions.${next as "sent"}`)}
              </Button>
            ))
          : null}
        {targets.length > 0 ? (
          <ButtonMenu label={t("detail.transformMenu")} variant="light" testId="doc-transform">
            {targets
              .filter((target) => can(rightOf(doc.direction, target), "create"))
              .map((target) => (
                <Menu.Item
                  key={target}
                  onClick={() => setPending({ kind: "transform", target })}
                  data-testid={`doc-transform-${target}`}
                >
                  {t(`kinds.${target}`)}
                </Menu.Item>
              ))}
          </ButtonMenu>
        ) : null}
        {creditable && can(right, "create") ? (
          <Button
            variant="light"
            color="orange"
            onClick={() => setPending({ kind: "creditNote" })}
            data-testid="doc-credit-note"
          >
            {t("detail.creditNote")}
          </Button>
        ) : null}
        {can(right, "update") && !doc.internal && (doc.number !== null || !numberedLater(doc.kind)) ? (
          <LinkButton to={docMailPath(doc.id)} variant="default" data-testid="doc-mail">
            {t("mail:editor.open")}
          </LinkButton>
        ) : null}
        {payable ? (
          <LinkButton
            to={`${paymentsPath(doc.direction)}/create?docId=${encodeURIComponent(doc.id)}`}
            color="teal"
            data-testid={doc.kind === "creditNote" ? "doc-refund" : "doc-record-payment"}
          >
            {doc.kind === "creditNote" ? tp("refunds.record") : tp("payments.record")}
          </LinkButton>
        ) : null}
        <MutationButton mutation={pdf} variant="default" data-testid="doc-pdf">
          {facturx ? t("detail.facturxPdf") : t("detail.pdf")}
        </MutationButton>
        {facturx ? (
          <MutationButton mutation={xml} variant="subtle" data-testid="doc-facturx-xml">
            {t("detail.facturxXml")}
          </MutationButton>
        ) : null}
        {canUpdate ? <ShareButton docId={doc.id} name={name(doc)} /> : null}
        <LinkButton to={docHistoryPath(doc.id)} variant="subtle" data-testid="doc-history-link">
          {t("detail.history")}
        </LinkButton>
        {can(right, "create") || depositable || (draft && can(right, "delete")) ? (
          <ButtonMenu label={t("detail.more")} variant="subtle" testId="doc-more">
            {depositable ? (
              <Menu.Item onClick={() => setPending({ kind: "deposit" })} data-testid="doc-deposit">
                {t("detail.deposit")}
              </Menu.Item>
            ) : null}
            {can(right, "create") ? (
              <Menu.Item onClick={() => setPending({ kind: "duplicate" })} data-testid="doc-duplicate">
                {t("detail.duplicate")}
              </Menu.Item>
            ) : null}
            {draft && can(right, "delete") ? (
              <Menu.Item color="red" onClick={() => setPending({ kind: "delete" })} data-testid="doc-delete">
                {t("detail.delete")}
              </Menu.Item>
            ) : null}
          </ButtonMenu>
        ) : null}
      </Group>
      <ConfirmModal
        opened={pending !== null}
        title={shown.title}
        confirmLabel={shown.label}
        color={shown.color}
        pending={mutation.isPending}
        error={mutation.isError ? mutation.error : null}
        onClose={close}
        onConfirm={confirm}
        confirmDisabled={
          (pending?.kind === "transform" || pending?.kind === "creditNote") && quantities === null
        }
        testId="doc-action-modal"
      >
        {mutation.isError && regimeOutdated(mutation.error) ? (
          <RegimeOutdatedHint docId={doc.id} alert />
        ) : null}
        <Text size="sm">{shown.text}</Text>
        {pending?.kind === "validate" ? (
          <SellerMentionsAlert warnings={check.data?.warnings ?? []} withLink />
        ) : null}
        {pending?.kind === "deposit" ? (
          <TextInput
            label={t("detail.depositPercent")}
            value={percent}
            onChange={(event) => setPercent(event.currentTarget.value)}
            inputMode="decimal"
            error={percentValid ? undefined : t("lines.invalidDiscount")}
            rightSection="%"
            w={160}
            data-testid="doc-deposit-percent"
          />
        ) : null}
        {pending?.kind === "transform" || pending?.kind === "creditNote" ? (
          <QuantitiesPicker
            doc={doc}
            value={choice}
            onChange={setChoice}
            allLabel={t(pending.kind === "creditNote" ? "quantities.allCredit" : "quantities.allTransform")}
          />
        ) : null}
      </ConfirmModal>
    </>
  );
};
