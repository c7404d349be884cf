import { Badge, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Tag } from "../../components/tag.tsx";
import { can, type Permission } from "../../lib/session.ts";
import { useSession } from "../../lib/session-store.ts";
import type { ContactType } from "./api.ts";

/** Whether the session user may do `action` on a contacts resource code ("contacts", "contacts.ibans"…). */
export const useCan = (): ((code: string, action: Permission) => boolean) => {
  const session = useSession();
  return (code, action) => can(session, code, action);
};

const typeColors: Partial<Record<ContactType, string>> = {
  customer: "teal",
  supplier: "indigo",
  prospect: "yellow",
  oldCustomer: "gray",
};

/** A contact's types as small badges. */
export const TypeBadges = ({
  types,
  archived = false,
}: {
  types: readonly ContactType[];
  archived?: boolean;
}) => {
  const { t } = useTranslation("contacts");
  return (
    <Group gap={4} wrap="wrap">
      {types.map((type) => (
        <Tag key={type} size="xs" color={typeColors[type] ?? "grape"}>
          {t(`types.${type}`)}
        </Tag>
      ))}
      {archived ? (
        <Badge size="xs" variant="outline" color="gray" radius="sm" tt="none">
          {t("archived")}
        </Badge>
      ) : null}
    </Group>
  );
};

/** A phone number in E.164 as people read it: +33 1 42 68 53 00 shown 01 42 68 53 00 in France. */
export const nationalPhone = (e164: string | null | undefined): string => {
  if (!e164) return "";
  if (e164.startsWith("+33") && e164.length === 12)
    return `0${e164.slice(3)}`.replace(/(\d{2})(?=\d)/g, "$1 ");
  return e164;
};

/** An IBAN by groups of four, as printed on a RIB. */
export const groupedIban = (iban: string): string => iban.replace(/(.{4})(?=.)/g, "$1 ");
