import { Button, Group, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { type Column, DataTable } from "../../components/data-table.tsx";
import { PlusIcon } from "../../components/icons.tsx";
import { LinkButton } from "../../components/link-button.tsx";
import { NoAccess } from "../../components/no-access.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryView } from "../../components/query-view.tsx";
import { useFormat } from "../../i18n/format.ts";
import { formatCents, sumCents } from "../../lib/money.ts";
import { contactQuery } from "../contacts/api.ts";
import { contactPartPath, contactPath, contactsPath } from "../contacts/paths.ts";
import { type ContactDoc, contactDocsQuery } from "./api.ts";
import { useDocColumns } from "./columns.tsx";
import { type Direction, type DocKind, docKinds, rightOf } from "./model.ts";
import { docPath, newDocPath } from "./paths.ts";
import { DocStatusBadge, useCanDocs } from "./ui.tsx";

/** A contact's documents on one side (the sales or purchases tab), what is left due, late ones marked. */
export const ContactDocsPanel = ({
  contactId,
  direction,
  manage = false,
}: {
  contactId: string;
  direction: Direction;
  manage?: boolean;
}) => {
  const { t } = useTranslation("docs");
  const { locale, shortDate } = useFormat();
  const can = useCanDocs();
  const docColumns = useDocColumns();
  const readable = docKinds.filter((kind) => can(rightOf(direction, kind), "read"));
  const docs = useQuery({ ...contactDocsQuery(contactId, direction), enabled: readable.length > 0 });
  if (readable.length === 0) return <NoAccess />;
  const creatable = (["quote", "order", "delivery", "invoice"] as DocKind[]).filter((kind) =>
    can(rightOf(direction, kind), "create"),
  );
  const columns: Column<ContactDoc>[] = [
    docColumns.kind(150),
    docColumns.number(150),
    docColumns.issueDate(110, true),
    { key: "label", header: t("fields.label"), cell: (doc) => doc.label ?? "" },
    {
      key: "status",
      header: t("fields.status"),
      width: 230,
      cell: (doc) => <DocStatusBadge doc={doc} />,
    },
    {
      key: "incl",
      header: t("fields.totalInclTax"),
      width: 130,
      numeric: true,
      cell: (doc) => formatCents(doc.totalInclTax, locale),
    },
    {
      key: "due",
      header: t("contactTab.due"),
      width: 150,
      numeric: true,
      cell: (doc) => {
        if (doc.kind !== "invoice" || doc.status === "draft" || doc.due === 0) return "";
        const late = doc.daysLate !== null && doc.daysLate > 0;
        return (
          <Text
            size="sm"
            c={late ? "red" : undefined}
            className="registre-numeric"
            span
            data-testid="contact-doc-due"
          >
            {formatCents(doc.due, locale)}
            <Text size="xs" c={late ? "red" : "dimmed"} component="div">
              {late
                ? t("contactTab.daysLate", { count: doc.daysLate ?? 0 })
                : doc.dueDate
                  ? shortDate(doc.dueDate)
                  : ""}
            </Text>
          </Text>
        );
      },
    },
  ];
  return (
    <Stack gap="sm" data-testid={`contact-docs-${direction}`}>
      {manage || creatable.length ? (
        <Group gap="xs">
          {creatable.map((kind) => (
            <Button
              key={kind}
              size="xs"
              variant={kind === "invoice" ? "filled" : "light"}
              component={Link}
              to={newDocPath(direction, kind, contactId)}
              leftSection={<PlusIcon />}
              data-testid={`contact-new-${kind}`}
            >
              {t(`newKind.${kind}`)}
            </Button>
          ))}
        </Group>
      ) : null}
      <QueryView query={docs} testId="contact-docs-error">
        {(data) => {
          const unpaid = data.items.filter((d) => d.kind === "invoice" && d.status !== "draft");
          const late = unpaid.filter((d) => (d.daysLate ?? 0) > 0);
          return (
            <>
              <DataTable
                rows={data.items.filter((d) => readable.includes(d.kind))}
                columns={columns}
                rowKey={(doc) => doc.id}
                rowLink={(doc) => docPath(doc.id)}
                rowProps={() => ({ "data-testid": "contact-doc-row" })}
                empty={t("contactTab.empty")}
                testId="contact-docs-table"
                minWidth={820}
                pageSize={25}
              />
              {late.length ? (
                <Text size="sm" ta="right" c="red" data-testid="contact-docs-late">
                  {t("contactTab.late", {
                    count: late.length,
                    penalty: formatCents(
                      sumCents(late, (d) => d.penalty ?? 0),
                      locale,
                      { currency: true },
                    ),
                    indemnity: formatCents(
                      sumCents(late, (d) => d.indemnity ?? 0),
                      locale,
                      { currency: true },
                    ),
                  })}
                </Text>
              ) : null}
              {unpaid.length ? (
                <Text size="sm" ta="right">
                  {t("contactTab.due")}{" "}
                  <b className="registre-numeric">
                    {formatCents(
                      sumCents(unpaid, (d) => d.due),
                      locale,
                      { currency: true },
                    )}
                  </b>
                </Text>
              ) : null}
            </>
          );
        }}
      </QueryView>
    </Stack>
  );
};

/** `/org/contacts/{id}/sales/edit` and `/purchases/edit`: the contact's documents, with a new one for it. */
export const ContactDocsEditPage = ({ direction }: { direction: Direction }) => {
  const { t } = useTranslation(["docs", "contacts"]);
  const { id = "" } = useParams();
  const contact = useQuery(contactQuery(id));
  return (
    <Stack gap="md">
      <PageHeader
        title={`${contact.data?.name ?? t("contacts:title")} · ${t(`directions.${direction}`)}`}
        crumbs={[
          { to: contactsPath, label: t("contacts:title") },
          ...(contact.data ? [{ to: contactPath(id), label: contact.data.name }] : []),
        ]}
        actions={
          <LinkButton to={contactPartPath(id, direction)} variant="default">
            {t(`contacts:tabs.${direction}`)}
          </LinkButton>
        }
      />
      <ContactDocsPanel contactId={id} direction={direction} manage />
    </Stack>
  );
};
export const ContactSalesEditPage = () => <ContactDocsEditPage direction="sales" />;
export const ContactPurchasesEditPage = () => <ContactDocsEditPage direction="purchases" />;
