import { Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { Tag } from "../../components/tag.tsx";
import { useFormat } from "../../i18n/format.ts";
import { today } from "../../lib/day.ts";
import { formatCents } from "../../lib/money.ts";
import { can, type Permission } from "../../lib/session.ts";
import { useSession } from "../../lib/session-store.ts";
import { docQuery } from "./api.ts";
import {
  type Direction,
  type DocKind,
  type DocStatus,
  paymentStanding,
  segmentOf,
  statusColors,
} from "./model.ts";
import { docPath, listPath } from "./paths.ts";

export const useCanDocs = (): ((code: string, action: Permission) => boolean) => {
  const session = useSession();
  return (code, action) => can(session, code, action);
};

/** The badge a document's status or standing is shown in. */
const DocBadge = ({
  color,
  standing,
  children,
}: {
  color: string;
  standing?: string;
  children: ReactNode;
}) => (
  <Tag
    size="sm"
    color={color}
    data-testid="doc-status"
    data-standing={standing}
    styles={standing ? { label: { overflow: "visible" } } : undefined}
  >
    {children}
  </Tag>
);

export const StatusBadge = ({ status }: { status: DocStatus }) => {
  const { t } = useTranslation("docs");
  return <DocBadge color={statusColors[status]}>{t(`statuses.${status}`)}</DocBadge>;
};

const standingColors = { paid: "green", partial: "orange", late: "red", toPay: "blue" } as const;

/**
 * A document's status in a list or on its page: a validated invoice or credit note says where it stands
 * with its payments (« Payée », « Payée en partie · reste 414,60 € », « En retard de 14 jours · 714,60 € »),
 * anything else its status.
 */
export const DocStatusBadge = ({
  doc,
}: {
  doc: {
    readonly kind: DocKind;
    readonly status: DocStatus;
    readonly paymentStatus?: "unpaid" | "partial" | "paid" | null;
    readonly due: number;
    readonly dueDate: string | null;
  };
}) => {
  const { t } = useTranslation("docs");
  const { locale } = useFormat();
  const standing = doc.status === "cancelled" ? null : paymentStanding(doc, today());
  if (!standing) return <StatusBadge status={doc.status} />;
  const kind = doc.kind === "creditNote" ? "creditNote" : "invoice";
  const due = "due" in standing ? formatCents(standing.due, locale, { currency: true }) : "";
  return (
    <DocBadge color={standingColors[standing.key]} standing={standing.key}>
      {t(`standing.${kind}.${standing.key}`, { due, count: "days" in standing ? standing.days : 0 })}
    </DocBadge>
  );
};

/** How a document is named: its number, « Brouillon » for an invoice not validated yet. */
export const useDocName = () => {
  const { t } = useTranslation("docs");
  return (doc: { kind: DocKind; number: string | null }, withKind = true): string => {
    const number = doc.number ?? t("draft");
    return withKind ? `${t(`kinds.${doc.kind}`)} ${number}` : number;
  };
};

type Crumb = { to: string; label: string };

/**
 * The way back from a document's screens: its list (« Ventes · Factures »), then the document itself
 * (`toDoc`) for the screens under its page.
 */
export const useDocCrumbs = () => {
  const { t } = useTranslation("docs");
  const name = useDocName();
  const toList = (direction: Direction, kind: DocKind): Crumb => ({
    to: listPath(direction, segmentOf(kind)),
    label: `${t(`directions.${direction}`)} · ${t(`lists.${segmentOf(kind)}`)}`,
  });
  return {
    toList,
    toDoc: (doc: { id: string; direction: Direction; kind: DocKind; number: string | null } | undefined) =>
      doc ? [toList(doc.direction, doc.kind), { to: docPath(doc.id), label: name(doc) }] : [],
  };
};

/**
 * What a document's own screens start from: the document of the route's `{id}` loaded, the rights to
 * it, how it is named and the crumbs back to it.
 */
export const useRoutedDoc = () => {
  const { id = "" } = useParams();
  const can = useCanDocs();
  const name = useDocName();
  const crumbs = useDocCrumbs();
  const doc = useQuery(docQuery(id));
  return { id, can, name, crumbs, doc };
};

/** A document's number in a list: « Brouillon » in italics when it has none yet. */
export const DocNumber = ({ number }: { number: string | null }): ReactNode => {
  const { t } = useTranslation("docs");
  return number ? (
    <Text span ff="monospace" size="sm" style={{ whiteSpace: "nowrap" }}>
      {number}
    </Text>
  ) : (
    <Text span fs="italic" c="dimmed" size="sm">
      {t("draft")}
    </Text>
  );
};

/** The VAT rate as printed: « 20 % », « 5,5 % », « Exonéré ». */
export const useVatLabel = () => {
  const { t } = useTranslation("docs");
  const { locale } = useFormat();
  return (rate: string) =>
    rate === "exempt"
      ? t("lines.exempt")
      : t("lines.rate", { rate: locale === "fr" ? rate.replace(".", ",") : rate });
};
