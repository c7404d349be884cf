import { Alert, Group, Text, Tooltip } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LinkButton } from "../../components/link-button.tsx";
import { Tag } from "../../components/tag.tsx";
import { ApiError } from "../../lib/http.ts";
import type { DocLine } from "./api.ts";
import { docContactEditPath } from "./paths.ts";

export type LineRegime = NonNullable<DocLine["vatRegime"]>;

/** The refusal of a draft whose lines no longer have the VAT regime their customer decides. */
export const regimeOutdatedCode = "doc.vatRegimeOutdated";

/**
 * How a sale exempt or outside French VAT is named (the decision on the line, its mention the law's
 * words): an intra-EU delivery (F2), an export (E1), a service to a business abroad (E2) — reverse
 * charged in the EU, outside the scope of French VAT beyond (art. 259-1: its mention does not say
 * « autoliquidation »).
 */
export const regimeLabelKey = (
  regime: Pick<LineRegime, "kind">,
  mention: string | null | undefined,
): "intraEu" | "export" | "reverseCharge" | "outsideScope" => {
  if (regime.kind !== "reverseCharge") return regime.kind;
  return /autoliquidation|reverse charge|196/i.test(mention ?? "") ? "reverseCharge" : "outsideScope";
};

/** A line's regime when it is not French VAT: a badge, the mention printed on the document as its tooltip. */
export const VatRegimeBadge = ({
  line,
}: {
  line: { vatRegime?: LineRegime | null | undefined; vatExemption?: string | null | undefined };
}) => {
  const { t } = useTranslation("docs");
  if (!line.vatRegime) return null;
  const key = regimeLabelKey(line.vatRegime, line.vatExemption);
  return (
    <Tooltip label={line.vatExemption ?? t(`regime.${key}`)} withArrow multiline maw={320}>
      <Tag
        color={key === "reverseCharge" ? "violet" : "cyan"}
        size="sm"
        mt={4}
        style={{ cursor: "help" }}
        data-testid="doc-line-regime"
        data-regime={key}
      >
        {t(`regime.${key}`)}
      </Tag>
    </Tooltip>
  );
};

/** Whether a refusal, or a validation check's problems, say a line's regime is outdated. */
export const regimeOutdated = (from: unknown): boolean => {
  if (from instanceof ApiError) return from.problem?.code === regimeOutdatedCode;
  if (Array.isArray(from)) return from.some((p: { code?: string }) => p.code === regimeOutdatedCode);
  return false;
};

/** The fix of an outdated regime: choose the customer again (each line then takes the regime it decides). */
export const RegimeOutdatedHint = ({ docId, alert = false }: { docId: string; alert?: boolean }) => {
  const { t } = useTranslation("docs");
  const body = (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Text size="sm">{t("regime.outdatedHint")}</Text>
      <LinkButton to={docContactEditPath(docId)} size="xs" variant="light" data-testid="doc-regime-fix">
        {t("regime.chooseCustomerAgain")}
      </LinkButton>
    </Group>
  );
  return alert ? (
    <Alert color="orange" variant="light" title={t("regime.outdatedTitle")} data-testid="doc-regime-outdated">
      {body}
    </Alert>
  ) : (
    <div data-testid="doc-regime-outdated">{body}</div>
  );
};
