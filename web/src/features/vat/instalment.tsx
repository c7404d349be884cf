import { NumberInput, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../i18n/format.ts";
import { type VatReturn, vatReferenceQuery } from "./api.ts";
import { periodParts, useEuros } from "./format.ts";
import { boxTax, instalmentShare } from "./model.ts";

const referenceUnknown = "vat.instalmentReferenceUnknown";

/** An instalment's share of its base: 55 % in July, 40 % in December. */
export const shareOf = (period: string): number => instalmentShare[periodParts(period)?.instalment ?? 1];

/**
 * The base of an instalment when the API needs it (last year's CA12 is not in Registre:
 * `vat.instalmentReferenceUnknown`): typed in whole euros, the instalment previewed on it by the server
 * (`?reference=`), its refusal (under the threshold) included.
 */
export const useInstalmentBase = (vat: VatReturn) => {
  const needed = vat.kind === "instalment" && vat.warnings.some((w) => w.code === referenceUnknown);
  const [reference, setReference] = useState<number | null>(null);
  const [asked] = useDebouncedValue(reference, 300);
  const preview = useQuery({
    ...vatReferenceQuery(vat.period, asked ?? 0),
    enabled: needed && asked !== null,
  });
  const shown =
    needed && asked !== null && asked === reference && !preview.isPlaceholderData ? preview.data : undefined;
  const refusal = shown?.warnings.find((w) => w.blocking);
  return {
    needed,
    reference,
    setReference,
    shown,
    refusal,
    /** Whether the instalment can be declared as typed: its base given and accepted by the preview. */
    ready: !needed || (shown !== undefined && refusal === undefined),
    /** A warning the base typed here answers (not a blocking one for the panel). */
    awaited: (code: string) => needed && code === referenceUnknown,
  };
};

export type InstalmentBaseState = ReturnType<typeof useInstalmentBase>;

export const InstalmentBase = ({
  vat,
  base,
  error,
}: {
  vat: VatReturn;
  base: InstalmentBaseState;
  error?: string | undefined;
}) => {
  const { t } = useTranslation("accounting");
  const { locale } = useFormat();
  const euros = useEuros();
  const last = Number(vat.period.slice(0, 4)) - 1;
  return (
    <Stack gap={6} data-testid="vat-instalment-base">
      <NumberInput
        label={t("vat.instalment.base", { year: last })}
        description={t("vat.instalment.baseHint", { year: last })}
        value={base.reference ?? ""}
        onChange={(value) =>
          base.setReference(typeof value === "number" ? Math.max(0, Math.trunc(value)) : null)
        }
        min={0}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator={locale === "fr" ? "\u202f" : ","}
        suffix=" €"
        error={error}
        withAsterisk
        data-testid="vat-reference"
      />
      {base.shown && !base.refusal ? (
        <Text size="sm" c="dimmed" data-testid="vat-reference-preview">
          {t("vat.instalment.preview", {
            amount: euros(boxTax(base.shown, "01")),
            share: shareOf(vat.period),
          })}
        </Text>
      ) : null}
      {base.refusal ? (
        <Text size="sm" c="orange.8" data-testid="vat-reference-refusal">
          {base.refusal.detail}
        </Text>
      ) : null}
    </Stack>
  );
};
