import { Button, Group, Popover, SegmentedControl, Select, Stack, Text, Tooltip } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AmountInput } from "../../components/amount-input.tsx";
import { Tag } from "../../components/tag.tsx";
import { useFormat } from "../../i18n/format.ts";
import { formatCents } from "../../lib/money.ts";
import {
  type DraftVatCode,
  isVatAccount,
  type LineVatCode,
  newVatCode,
  rateText,
  type VatCodeRate,
  vatCodeAccepted,
  vatCodeKinds,
  vatCodeRates,
  vatCodeRegimes,
} from "./vat-code.ts";

/** « 20 % », « 5,5 % » (« 20% » in English); 0: « 0 % ». */
export const useRateText = () => {
  const { locale } = useFormat();
  return (rate: VatCodeRate) => rateText(rate, locale);
};

/** A code in words: « TVA 20 % · biens · en France · base 1 000,00 » (the base when stated). */
export const useVatCodeText = () => {
  const { t } = useTranslation("accounting");
  const { locale } = useFormat();
  const rate = useRateText();
  return (code: Pick<LineVatCode, "rate" | "kind" | "regime"> & { base?: number | undefined }) =>
    [
      t("editor.vatCode.summary", { rate: rate(code.rate) }),
      t(`vat.reason.kind.${code.kind}`),
      t(`vat.reason.regime.${code.regime}`),
      ...(code.base !== undefined
        ? [t("editor.vatCode.baseShort", { amount: formatCents(code.base, locale) })]
        : []),
    ].join(" · ");
};

/** A saved line's code, on the entry's page: its rate, the rest in its tooltip. */
export const VatCodeBadge = ({ code }: { code: LineVatCode }) => {
  const { t } = useTranslation("accounting");
  const text = useVatCodeText();
  const rate = useRateText();
  return (
    <Tooltip label={text(code)} withArrow multiline maw={320}>
      <Tag
        color="grape"
        size="sm"
        className="registre-numeric"
        data-testid="entry-line-vat"
        data-rate={code.rate}
        data-regime={code.regime}
      >
        {code.regime === "domestic"
          ? rate(code.rate)
          : `${rate(code.rate)} · ${t(`editor.vatCode.regimesShort.${code.regime}`)}`}
      </Tag>
    </Tooltip>
  );
};

/** A choice among the words of a VAT code (its kind, its regime), within the popover. */
const CodeSelect = <V extends string>({
  label,
  values,
  word,
  value,
  onChange,
  testId,
}: {
  label: string;
  values: readonly V[];
  word: (value: V) => string;
  value: V;
  onChange: (value: V) => void;
  testId: string;
}) => (
  <Select
    label={label}
    size="xs"
    data={values.map((v) => ({ value: v, label: word(v) }))}
    value={value}
    onChange={(next) => next && onChange(next as V)}
    allowDeselect={false}
    comboboxProps={{ withinPortal: false }}
    data-testid={testId}
  />
);

const pick = ({ rate, kind, regime }: DraftVatCode) => ({ rate, kind, regime });

/**
 * A line's VAT code in the entry editor: a small button opening a popover (rate, kind, regime, and the
 * base on a VAT account), offered only on the accounts that take a code; « — » elsewhere.
 */
export const VatCodeButton = ({
  n,
  account,
  value,
  error,
  onChange,
}: {
  n: number;
  account: string | null;
  value: DraftVatCode | null;
  error?: string | undefined;
  onChange: (code: DraftVatCode | null) => void;
}) => {
  const { t } = useTranslation("accounting");
  const rate = useRateText();
  const text = useVatCodeText();
  const [opened, setOpened] = useState(false);
  if (!vatCodeAccepted(account))
    return (
      <Text size="sm" c="dimmed" pt={8} pl={4} aria-hidden>
        —
      </Text>
    );
  const onVat = isVatAccount(account ?? "");
  const code = value ?? newVatCode(account);
  const set = (change: Partial<DraftVatCode>) => onChange({ ...code, ...change });
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      withArrow
      shadow="md"
      trapFocus
      width={300}
    >
      <Popover.Target>
        <Tooltip
          label={value ? text(pick(value)) : t("editor.vatCode.add", { n })}
          withArrow
          disabled={opened}
          multiline
          maw={300}
        >
          <Button
            variant={value ? "light" : "subtle"}
            color={error ? "red" : value ? "grape" : "gray"}
            size="compact-sm"
            mt={4}
            px={6}
            onClick={() => setOpened((o) => !o)}
            aria-label={
              value
                ? t("editor.vatCode.edit", { n, code: text(pick(value)) })
                : t("editor.vatCode.add", { n })
            }
            data-testid="line-vat"
            data-line={n - 1}
            data-field="vat"
            data-coded={value ? "true" : undefined}
          >
            {value ? rate(value.rate) : t("editor.vatCode.button")}
          </Button>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown data-testid="line-vat-popover">
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {t("editor.vatCode.title", { n })}
          </Text>
          <div>
            <Text size="xs" fw={500} mb={4}>
              {t("editor.vatCode.rate")}
            </Text>
            <SegmentedControl
              fullWidth
              size="xs"
              value={code.rate}
              onChange={(next) => set({ rate: next as VatCodeRate })}
              data={vatCodeRates.map((r) => ({ value: r, label: rate(r) }))}
              aria-label={t("editor.vatCode.rate")}
              data-testid="line-vat-rate"
            />
          </div>
          <CodeSelect
            label={t("editor.vatCode.kind")}
            values={vatCodeKinds}
            word={(k) => t(`editor.vatCode.kinds.${k}`)}
            value={code.kind}
            onChange={(kind) => set({ kind })}
            testId="line-vat-kind"
          />
          <CodeSelect
            label={t("editor.vatCode.regime")}
            values={vatCodeRegimes}
            word={(r) => t(`editor.vatCode.regimes.${r}`)}
            value={code.regime}
            onChange={(regime) => set({ regime })}
            testId="line-vat-regime"
          />
          {onVat ? (
            <AmountInput
              label={t("editor.vatCode.base")}
              description={t("editor.vatCode.baseHint")}
              value={code.base}
              onChange={(base) => set({ base })}
              error={error}
              size="xs"
              data-testid="line-vat-base"
            />
          ) : error ? (
            <Text size="xs" c="red">
              {error}
            </Text>
          ) : null}
          <Group justify="space-between" gap="xs">
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              disabled={!value}
              onClick={() => {
                onChange(null);
                setOpened(false);
              }}
              data-testid="line-vat-remove"
            >
              {t("editor.vatCode.remove")}
            </Button>
            <Button
              size="compact-sm"
              onClick={() => {
                if (!value) onChange(code);
                setOpened(false);
              }}
              data-testid="line-vat-done"
            >
              {t("editor.vatCode.done")}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
};
