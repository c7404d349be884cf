import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
  Tooltip,
} from "@mantine/core";
import { useQueries } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AmountInput } from "../../components/amount-input.tsx";
import { PlusIcon } from "../../components/icons.tsx";
import { TitleLine } from "../../components/section-title.tsx";
import { useFormat } from "../../i18n/format.ts";
import { vatPeriodPath } from "../accounting/paths.ts";
import { TrashIcon, useMoney } from "../accounting/ui.tsx";
import { type VatReturn, vatYearQuery } from "./api.ts";
import { useEuros, usePeriodName } from "./format.ts";
import {
  type CorrectionDraft,
  correctablePeriods,
  correctionBoxes,
  correctionInputs,
  correctionKinds,
  emptyCorrection,
  formBoxesOf,
  REASON_MAX,
} from "./model.ts";

/** The returns validated this year and the three before, that a correction may be of. */
const useCorrectablePeriods = (vat: VatReturn): string[] => {
  const year = Number(vat.period.slice(0, 4));
  const years = useQueries({
    queries: [0, 1, 2, 3].map((back) => vatYearQuery(year - back)),
  });
  return correctablePeriods(
    years.flatMap((y) => y.data?.periods ?? []),
    vat.start,
  );
};

/**
 * The corrections of earlier validated returns a return carries (vat-return.md §4: a validated return
 * never changes): each of one return, VAT to pay back (box 15, CA12 line 13) or to deduct (box 21), its
 * amount and its reason. The dialog's amount is the API's preview with those complete (`previewed`:
 * all of them).
 */
export const CorrectionsEditor = ({
  vat,
  drafts,
  previewed,
  errors,
  onChange,
}: {
  vat: VatReturn;
  drafts: readonly CorrectionDraft[];
  /** Every correction typed is complete: the amount the dialog shows includes them all. */
  previewed: boolean;
  /** `corrections.<n>.<field>` → a message. */
  errors: Record<string, string>;
  onChange: (drafts: CorrectionDraft[]) => void;
}) => {
  const { t } = useTranslation("accounting");
  const periodName = usePeriodName();
  const euros = useEuros();
  const { locale } = useFormat();
  const periods = useCorrectablePeriods(vat);
  const boxes = formBoxesOf(vat.form.id);
  const set = (index: number, change: Partial<CorrectionDraft>) =>
    onChange(drafts.map((d, i) => (i === index ? { ...d, ...change } : d)));
  const boxOf = (kind: CorrectionDraft["kind"]) => (kind === "payBack" ? boxes.payBack : boxes.deduct);
  const sums = correctionBoxes(correctionInputs(drafts, locale));
  return (
    <Stack gap="xs" data-testid="vat-corrections">
      <div>
        <TitleLine
          title={t("vat.corrections.title")}
          hint={periods.length > 0 ? t("vat.corrections.hint") : t("vat.corrections.noneToCorrect")}
          weight={600}
          size="sm"
          hintSize="xs"
        />
      </div>
      {drafts.map((draft, index) => {
        const n = index + 1;
        const error = (field: string) => errors[`corrections.${index}.${field}`];
        return (
          <Paper key={draft.key} p="xs" withBorder data-testid="vat-correction">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="xs" fw={600} c="dimmed">
                  {t("vat.corrections.number", { n })}
                </Text>
                <Tooltip label={t("vat.corrections.remove", { n })} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    onClick={() => onChange(drafts.filter((_, i) => i !== index))}
                    aria-label={t("vat.corrections.remove", { n })}
                    data-testid="vat-correction-remove"
                  >
                    <TrashIcon />
                  </ActionIcon>
                </Tooltip>
              </Group>
              <Select
                label={t("vat.corrections.period")}
                placeholder={t("vat.corrections.periodPlaceholder")}
                data={[...new Set([...periods, ...(draft.period ? [draft.period] : [])])].map((p) => ({
                  value: p,
                  label: periodName(p),
                }))}
                value={draft.period}
                onChange={(period) => set(index, { period })}
                error={error("period")}
                size="xs"
                withAsterisk
                comboboxProps={{ withinPortal: true }}
                data-testid="vat-correction-period"
              />
              <SegmentedControl
                fullWidth
                size="xs"
                value={draft.kind}
                onChange={(kind) => set(index, { kind: kind as CorrectionDraft["kind"] })}
                data={correctionKinds.map((kind) => ({
                  value: kind,
                  label: t(`vat.corrections.kinds.${kind}`, { box: boxOf(kind) }),
                }))}
                aria-label={t("vat.corrections.kind")}
                data-testid="vat-correction-kind"
              />
              <AmountInput
                label={t("vat.corrections.amount")}
                value={draft.amount}
                onChange={(amount) => set(index, { amount })}
                error={error("amount")}
                size="xs"
                withAsterisk
                data-testid="vat-correction-amount"
              />
              <Textarea
                label={t("vat.corrections.reason")}
                placeholder={t("vat.corrections.reasonPlaceholder")}
                value={draft.reason}
                onChange={(event) => set(index, { reason: event.currentTarget.value })}
                error={error("reason")}
                maxLength={REASON_MAX}
                autosize
                minRows={2}
                maxRows={5}
                size="xs"
                withAsterisk
                data-testid="vat-correction-reason"
              />
            </Stack>
          </Paper>
        );
      })}
      <Group justify="space-between" gap="xs">
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<PlusIcon size={14} />}
          onClick={() => onChange([...drafts, emptyCorrection()])}
          disabled={periods.length === 0}
          data-testid="vat-correction-add"
        >
          {t("vat.corrections.add")}
        </Button>
        {drafts.length > 0 ? (
          <Text size="xs" c="dimmed" className="registre-numeric" data-testid="vat-corrections-boxes">
            {t("vat.corrections.boxes", {
              payBackBox: boxes.payBack,
              payBack: euros(sums.payBack),
              deductBox: boxes.deduct,
              deduct: euros(sums.deduct),
            })}
          </Text>
        ) : null}
      </Group>
      {drafts.length > 0 ? (
        <Text size="xs" c="dimmed" data-testid="vat-corrections-preview">
          {t(previewed ? "vat.corrections.previewed" : "vat.corrections.incomplete")}
        </Text>
      ) : null}
    </Stack>
  );
};

/** The corrections of earlier returns a validated return carries, each with its reason. */
export const CorrectionsList = ({ vat }: { vat: VatReturn }) => {
  const { t } = useTranslation("accounting");
  const periodName = usePeriodName();
  const money = useMoney();
  const boxes = formBoxesOf(vat.form.id);
  if (vat.corrections.length === 0) return null;
  return (
    <Paper p="md" data-testid="vat-corrections-list">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t("vat.corrections.listTitle")}
        </Title>
        {vat.corrections.map((c) => (
          <Group
            key={`${c.period}-${c.kind}-${c.amount}-${c.reason}`}
            justify="space-between"
            align="flex-start"
            wrap="nowrap"
            gap="sm"
            data-testid="vat-correction-item"
          >
            <div>
              <Text size="sm" fw={600}>
                <Anchor component={Link} to={vatPeriodPath(c.period)} size="sm">
                  {periodName(c.period)}
                </Anchor>
                {" · "}
                {t(`vat.corrections.kinds.${c.kind}`, {
                  box: c.kind === "payBack" ? boxes.payBack : boxes.deduct,
                })}
              </Text>
              <Text size="xs" c="dimmed" style={{ whiteSpace: "pre-wrap" }}>
                {c.reason}
              </Text>
            </div>
            <Text size="sm" fw={600} className="registre-numeric" style={{ whiteSpace: "nowrap" }}>
              {money.currency(c.amount)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
};
