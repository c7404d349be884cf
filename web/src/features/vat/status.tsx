import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Tag } from "../../components/tag.tsx";
import type { VatStatus } from "./api.ts";
import { useEuros } from "./format.ts";

const colors: Record<VatStatus, string> = {
  future: "gray",
  toPrepare: "orange",
  notDue: "gray",
  validated: "blue",
  paid: "teal",
};

/** A return's state: to come, to prepare, validated (declared and settled), paid. */
export const VatStatusBadge = ({ status, size = "sm" }: { status: VatStatus; size?: "sm" | "md" }) => {
  const { t } = useTranslation("accounting");
  return (
    <Tag color={colors[status]} size={size} data-testid="vat-status" data-status={status}>
      {t(`vat.status.${status}`)}
    </Tag>
  );
};

/**
 * What a period leaves: the VAT to pay (box 32), or the credit carried (box 27), or nothing; an
 * estimate while the return is still computed live.
 */
export const DueOrCredit = ({
  due,
  credit,
  estimate = false,
}: {
  due: number | null;
  credit: number | null;
  estimate?: boolean;
}) => {
  const { t } = useTranslation("accounting");
  const euros = useEuros();
  if (due === null && credit === null)
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  const [key, amount] = (credit ?? 0) > 0 ? (["credit", credit ?? 0] as const) : (["due", due ?? 0] as const);
  return (
    <span data-testid="vat-amount" data-kind={key}>
      <Text span fw={600} className={key === "credit" ? "registre-numeric vat-credit" : "registre-numeric"}>
        {euros(amount)}
      </Text>{" "}
      <Text span size="xs" c="dimmed">
        {t(`vat.amount.${key}`)}
        {estimate ? ` · ${t("vat.amount.estimate")}` : ""}
      </Text>
    </span>
  );
};
