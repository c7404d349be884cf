import { Alert, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { AlertIcon, CheckIcon } from "../../components/icons.tsx";
import { SectionTitle } from "../../components/section-title.tsx";
import { useFormat } from "../../i18n/format.ts";
import { ApiError } from "../../lib/http.ts";
import { useCan } from "../accounting/access.ts";
import { today, useDay } from "../accounting/ui.tsx";
import { useValidateVatReturn, type VatReturn, vatPreviewQuery } from "./api.ts";
import { CorrectionsEditor } from "./corrections-editor.tsx";
import { dayAfter, useEuros, usePeriodName, useReadableProblem } from "./format.ts";
import { InstalmentBase, useInstalmentBase } from "./instalment.tsx";
import {
  boxTax,
  type CorrectionDraft,
  type CorrectionInput,
  correctionInputs,
  correctionProblems,
  formBoxesOf,
  ofPeriodIn,
  problemFields,
} from "./model.ts";

/** The refund asked (CA3 box 26, CA12 line 35), and what it leaves carried: previewed by the server. */
const RefundField = ({
  vat,
  shown,
  available,
  refund,
  onChange,
}: {
  vat: VatReturn;
  /** The return as it would be validated, or undefined while the server previews it. */
  shown: VatReturn | undefined;
  /** The credit the refund is taken from (CA3 box 25, CA12 line 34), whole euros. */
  available: number;
  refund: number;
  onChange: (euros: number) => void;
}) => {
  const { t } = useTranslation("accounting");
  const { locale } = useFormat();
  const euros = useEuros();
  const boxes = formBoxesOf(vat.form.id);
  const refusal = shown?.warnings.find((w) => w.blocking && w.code.startsWith("vat.refund"));
  return (
    <Stack gap={6}>
      <NumberInput
        label={t("vat.validate.refund", { box: boxes.refund })}
        description={t("vat.validate.refundHint", { credit: euros(available) })}
        value={refund}
        onChange={(value) => onChange(typeof value === "number" ? Math.max(0, Math.trunc(value)) : 0)}
        min={0}
        max={available}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator={locale === "fr" ? "\u202f" : ","}
        suffix=" €"
        data-testid="vat-refund"
      />
      {shown && refund > 0 ? (
        <Text size="sm" c="dimmed" data-testid="vat-refund-preview">
          {t("vat.validate.refundPreview", {
            refund: euros(boxTax(shown, boxes.refund)),
            carried: euros(boxTax(shown, boxes.credit)),
            box: boxes.credit,
          })}
        </Text>
      ) : null}
      {refusal ? (
        <Text size="sm" c="red" data-testid="vat-refund-refusal">
          {refusal.detail}
        </Text>
      ) : null}
    </Stack>
  );
};

/**
 * The return as it would be validated with the refund and the corrections typed (`?refund=&corrections=`),
 * asked once the typing pauses: `shown` with both (undefined while it is asked), `withCorrections` without
 * the refund (the credit a refund is taken from). A correction not complete yet is left out of it.
 */
const usePreview = (vat: VatReturn, refund: number, drafts: readonly CorrectionDraft[]) => {
  const { locale } = useFormat();
  const problems = Object.keys(correctionProblems(drafts, locale));
  const complete = drafts.filter((_, i) => !problems.some((p) => p.startsWith(`corrections.${i}.`)));
  const [asked] = useDebouncedValue(
    JSON.stringify({ refund, corrections: correctionInputs(complete, locale) }),
    300,
  );
  const typed = JSON.parse(asked) as { refund: number; corrections: CorrectionInput[] };
  const active = vat.status === "toPrepare" && vat.kind !== "instalment";
  const both = useQuery({
    ...vatPreviewQuery(vat.period, typed),
    enabled: active && (typed.refund > 0 || typed.corrections.length > 0),
  });
  const corrected = useQuery({
    ...vatPreviewQuery(vat.period, { refund: 0, corrections: typed.corrections }),
    enabled: active && typed.corrections.length > 0,
  });
  const settled = !both.isPlaceholderData && !both.isFetching;
  const withBoth = typed.refund > 0 || typed.corrections.length > 0 ? both.data : vat;
  return {
    shown: settled ? withBoth : undefined,
    withCorrections: typed.corrections.length > 0 ? corrected.data : vat,
    pending: !settled && (typed.refund > 0 || typed.corrections.length > 0),
    /** Every correction typed is complete, so the amounts shown include them all. */
    complete: drafts.length > 0 && problems.length === 0,
  };
};

/**
 * Validating a return: a confirmation (the boxes are frozen, the settlement entry posted in OD), a
 * refund to ask when it leaves a credit, corrections of earlier returns, the API's refusal in the
 * reader's words; then its state. An instalment is declared the same way, on the base the API needs
 * when last year's CA12 is not in Registre.
 */
export const ValidatePanel = ({ vat, onValidated }: { vat: VatReturn; onValidated: () => void }) => {
  const { t, i18n } = useTranslation("accounting");
  const can = useCan();
  const day = useDay();
  const euros = useEuros();
  const { locale } = useFormat();
  const periodName = usePeriodName();
  const readable = useReadableProblem();
  const validate = useValidateVatReturn();
  const [confirming, setConfirming] = useState(false);
  const [refund, setRefund] = useState(0);
  const [corrections, setCorrections] = useState<CorrectionDraft[]>([]);
  const [correctionErrors, setCorrectionErrors] = useState<Record<string, string>>({});
  const instalment = vat.kind === "instalment";
  const base = useInstalmentBase(vat);
  const preview = usePreview(vat, refund, corrections);
  if (vat.status !== "toPrepare" || !can("entries.validate", "create")) return null;
  const boxes = formBoxesOf(vat.form.id);
  const blocking = vat.warnings.some((w) => w.blocking && !base.awaited(w.code));
  const running = !instalment && today() <= vat.end;
  // The credit a refund may be asked from: before the refund, with the corrections.
  const credit = boxTax(preview.withCorrections ?? vat, boxes.available);
  const shown = base.shown ?? preview.shown ?? vat;
  const failure = validate.error instanceof ApiError ? validate.error.problem : null;
  const failedFields = problemFields(failure);
  const onConfirm = () => {
    const problems = correctionProblems(corrections, locale);
    setCorrectionErrors(
      Object.fromEntries(
        Object.entries(problems).map(([field, key]) => [field, t(key as "vat.corrections.reasonRequired")]),
      ),
    );
    if (Object.keys(problems).length > 0) return;
    validate.mutate(
      {
        period: vat.period,
        ...(refund > 0 && { refund }),
        ...(base.needed && base.reference !== null && { reference: base.reference }),
        ...(corrections.length > 0 && { corrections: correctionInputs(corrections, locale) }),
      },
      {
        onSuccess: () => {
          setConfirming(false);
          setCorrections([]);
          onValidated();
        },
        onError: (error) => {
          const fields = problemFields(error instanceof ApiError ? error.problem : null);
          setCorrectionErrors(
            Object.fromEntries(Object.entries(fields).filter(([field]) => field.startsWith("corrections."))),
          );
        },
      },
    );
  };
  const action = instalment ? "vat.instalment" : "vat.validate";
  return (
    <Paper p="md" data-testid="vat-validate-card">
      <Stack gap="sm">
        <SectionTitle title={t(`${action}.title`)} hint={t(`${action}.text`)} size="h4" />
        {base.needed ? <InstalmentBase vat={vat} base={base} error={failedFields.reference} /> : null}
        {running ? (
          <Text size="sm" c="orange.8" data-testid="vat-validate-running">
            {t("vat.validate.running", { day: day(dayAfter(vat.end)) })}
          </Text>
        ) : null}
        {blocking ? (
          <Text size="sm" c="red" data-testid="vat-validate-blocked">
            {t("vat.validate.blocked")}
          </Text>
        ) : null}
        <Group>
          <Button
            leftSection={<CheckIcon />}
            disabled={blocking || !base.ready}
            onClick={() => {
              validate.reset();
              setRefund(0);
              setCorrectionErrors({});
              setConfirming(true);
            }}
            data-testid="vat-validate"
          >
            {t(`${action}.action`)}
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t(`${action}.confirmTitle`, {
          period: periodName(vat.period, true),
          ofPeriod: ofPeriodIn(i18n.language, periodName(vat.period, true)),
        })}
        confirmLabel={t(`${action}.confirmAction`)}
        color="blue"
        pending={validate.isPending}
        error={validate.isError ? readable(validate.error) : null}
        onConfirm={onConfirm}
        testId="vat-validate-dialog"
      >
        <Alert color="blue" variant="light" icon={<AlertIcon />}>
          {instalment
            ? t("vat.instalment.confirmText", { day: day(today() < vat.end ? today() : vat.end) })
            : t("vat.validate.confirmText", { day: day(vat.end) })}
        </Alert>
        <SimpleGrid cols={2} spacing="xs">
          <Text size="sm">
            {credit > 0
              ? t("vat.amount.creditLong", { box: boxes.available })
              : t("vat.amount.dueLong", { box: boxes.due })}
          </Text>
          <Text
            size="sm"
            fw={650}
            ta="right"
            className="registre-numeric"
            c={preview.pending ? "dimmed" : undefined}
            data-testid="vat-validate-amount"
          >
            {euros(credit > 0 ? credit : boxTax(shown, boxes.due))}
          </Text>
        </SimpleGrid>
        {credit > 0 && boxes.refund ? (
          <RefundField
            vat={vat}
            shown={preview.shown}
            available={credit}
            refund={refund}
            onChange={setRefund}
          />
        ) : null}
        {!instalment ? (
          <CorrectionsEditor
            vat={vat}
            drafts={corrections}
            previewed={preview.complete}
            errors={correctionErrors}
            onChange={(next) => {
              setCorrections(next);
              setCorrectionErrors({});
            }}
          />
        ) : null}
      </ConfirmModal>
    </Paper>
  );
};

/** Said once the return is validated here: its state and its settlement entry are shown below. */
export const ValidatedNotice = ({ period, instalment }: { period: string; instalment: boolean }) => {
  const { t, i18n } = useTranslation("accounting");
  const periodName = usePeriodName();
  return (
    <Alert color="teal" variant="light" icon={<CheckIcon />} data-testid="vat-validated">
      {t(instalment ? "vat.instalment.done" : "vat.validate.done", {
        // The instalment's name opens the sentence: « Acompte de juillet 2026 déclaré ».
        period: periodName(period, !instalment),
        ofPeriod: ofPeriodIn(i18n.language, periodName(period, true)),
      })}
    </Alert>
  );
};
