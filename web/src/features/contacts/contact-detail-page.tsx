import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Tabs, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { useDeleteAction } from "../../components/delete-action.tsx";
import { DetailActions } from "../../components/detail-actions.tsx";
import { LabelledValue } from "../../components/field-label.tsx";
import { LinkButton } from "../../components/link-button.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { QueryView } from "../../components/query-view.tsx";
import { useFormat } from "../../i18n/format.ts";
import { ContactDocsPanel } from "../docs/contact-docs.tsx";
import { AttachmentsPanel } from "../files/attachments-panel.tsx";
import { VCardButton } from "../imports/transfer-buttons.tsx";
import { AdvancesNotice } from "../payments/advances.tsx";
import { type Contact, type ContactPanel, contactQuery, useArchiveContact, useDeleteContact } from "./api.ts";
import { ContactAvatarBlock } from "./contact-avatar.tsx";
import { HistoryPanel } from "./contact-history.tsx";
import { JobPanel } from "./contact-job.tsx";
import { MergeContactButton, MergedNotice } from "./contact-merge.tsx";
import { PanelMenu, useFoldedPanels } from "./contact-panels.tsx";
import { RecordList } from "./contact-records.tsx";
import {
  type ContactPart,
  contactPartPath,
  contactPath,
  contactsPath,
  otherParts,
  type RecordPart,
  recordParts,
} from "./paths.ts";
import { groupedIban, nationalPhone, TypeBadges, useCan } from "./ui.tsx";

const accountPath = (code: string) => `/org/accounting/accounts/${encodeURIComponent(code)}`;

/** The contact at a glance: identity, accounts, first address, ways to reach it, legal identity, terms. */
const Overview = ({ contact }: { contact: Contact }) => {
  const { t } = useTranslation("contacts");
  const { date } = useFormat();
  const address = contact.addresses.find((a) => a.kind === "billing") ?? contact.addresses[0];
  const accountLink = (code: string | null) =>
    code ? (
      <Anchor component={Link} to={accountPath(code)} ff="monospace" size="sm">
        {code}
      </Anchor>
    ) : null;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} data-testid="contact-overview">
      <Card withBorder padding="md">
        <Stack gap="sm">
          <ContactAvatarBlock contact={contact} />
          <LabelledValue label={t("fields.kind")}>{t(`kinds.${contact.kind}`)}</LabelledValue>
          {contact.kind === "person" ? (
            <LabelledValue label={t("fields.job")}>{contact.job}</LabelledValue>
          ) : null}
          <LabelledValue label={t("fields.website")}>{contact.website}</LabelledValue>
          <LabelledValue label={t("fields.criteria")}>
            {contact.criteria.length ? (
              <Group gap={4}>
                {contact.criteria.map((c) => (
                  <Badge key={c} size="sm" variant="outline" tt="none">
                    {c}
                  </Badge>
                ))}
              </Group>
            ) : null}
          </LabelledValue>
          <Group gap="xl">
            <LabelledValue label={t("detail.customerAccount")}>
              {accountLink(contact.customerAccount)}
            </LabelledValue>
            <LabelledValue label={t("detail.supplierAccount")}>
              {accountLink(contact.supplierAccount)}
            </LabelledValue>
          </Group>
          <Text size="xs" c="dimmed">
            {t("detail.createdAt", { date: date(contact.createdAt.slice(0, 10)) })}
          </Text>
        </Stack>
      </Card>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <LabelledValue label={t("create.address")}>
            {address ? (
              <>
                {address.line1}
                {address.line2 ? <br /> : null}
                {address.line2}
                <br />
                {address.postalCode} {address.city} {address.country !== "FR" ? `(${address.country})` : ""}
              </>
            ) : null}
          </LabelledValue>
          <SimpleGrid cols={2}>
            <LabelledValue label={t("fields.email")}>{contact.emails[0]?.address}</LabelledValue>
            <LabelledValue label={t("fields.phone")}>
              {nationalPhone(contact.phones[0]?.number)}
            </LabelledValue>
          </SimpleGrid>
          <LabelledValue label={t("fields.iban")}>
            {contact.ibans[0] ? groupedIban(contact.ibans[0].iban) : null}
          </LabelledValue>
          <SimpleGrid cols={2}>
            <LabelledValue label={t("fields.siren")}>{contact.legal?.siren}</LabelledValue>
            <LabelledValue label={t("fields.siret")}>{contact.legal?.siret}</LabelledValue>
          </SimpleGrid>
          <LabelledValue label={t("fields.vatNumber")}>{contact.legal?.vatNumber}</LabelledValue>
          <LabelledValue label={t("tabs.payment")}>
            {contact.paymentTerms
              ? `${t("detail.days", { days: contact.paymentTerms.days })}${contact.paymentTerms.endOfMonth ? ` · ${t("fields.endOfMonth")}` : ""}`
              : null}
          </LabelledValue>
        </Stack>
      </Card>
    </SimpleGrid>
  );
};

const panels: readonly ContactPart[] = [...recordParts, ...otherParts];

/** `/org/contacts/{id}` and its parts: the contact, its records by tab, its history and documents. */
export const ContactDetailPage = ({ part }: { part?: ContactPart }) => {
  const { t } = useTranslation("contacts");
  const can = useCan();
  const navigate = useNavigate();
  const { id = "" } = useParams();
  const contact = useQuery({ ...contactQuery(id), enabled: can("contacts", "read") });
  const archive = useArchiveContact(id);
  const deletion = useDeleteAction({
    remove: useDeleteContact(),
    id,
    listPath: contactsPath,
    label: t("detail.delete"),
    title: t("detail.deleteTitle"),
    confirmLabel: t("detail.delete"),
    text: t("detail.deleteText"),
    testId: "contact-delete",
  });
  const folded = useFoldedPanels();
  const data = contact.data;
  const archived = data?.status === "archived";
  const merged = data?.status === "merged";
  const tab = part ?? "overview";
  return (
    <PageFrame
      allowed={can("contacts", "read")}
      title={data?.name ?? t("title")}
      deniedTitle={t("title")}
      description={data ? <TypeBadges types={data.types} archived={archived} /> : null}
      crumbs={[{ to: contactsPath, label: t("title") }]}
      actions={
        data && !merged ? (
          <DetailActions
            leading={
              <>
                <VCardButton id={data.id} />
                <LinkButton
                  to={`${contactPath(id)}/pref/me`}
                  variant="subtle"
                  data-testid="contact-pref-me-link"
                >
                  {t("pref.mine")}
                </LinkButton>
                {can("organization", "update") ? (
                  <LinkButton
                    to={`${contactPath(id)}/pref/org`}
                    variant="subtle"
                    data-testid="contact-pref-org-link"
                  >
                    {t("pref.org")}
                  </LinkButton>
                ) : null}
              </>
            }
            edit={can("contacts", "update") && { to: `${contactPath(id)}/edit`, testId: "contact-edit" }}
            remove={can("contacts", "delete") && deletion.action}
          >
            {can("contacts", "update") ? (
              <>
                <Button
                  variant="default"
                  loading={archive.isPending}
                  onClick={() => archive.mutate(!archived)}
                  data-testid="contact-archive"
                >
                  {t(archived ? "detail.unarchive" : "detail.archive")}
                </Button>
                <MergeContactButton contact={data} />
              </>
            ) : null}
          </DetailActions>
        ) : null
      }
    >
      {data ? <MergedNotice contact={data} /> : null}
      <QueryView query={contact} testId="contact-error">
        {(loaded) => (
          <Tabs
            value={tab}
            onChange={(value) =>
              void navigate(
                value === "overview" ? contactPath(id) : contactPartPath(id, value as ContactPart),
              )
            }
            keepMounted={false}
          >
            <Tabs.List mb="md" style={{ flexWrap: "wrap" }}>
              <Tabs.Tab value="overview" data-testid="tab-overview">
                {t("detail.overview")}
              </Tabs.Tab>
              {panels
                .filter((p) => p === tab || !folded.includes(p as ContactPanel))
                .map((p) => (
                  <Tabs.Tab key={p} value={p} data-testid={`tab-${p}`}>
                    {t(`tabs.${p}`)}
                  </Tabs.Tab>
                ))}
              <PanelMenu id={id} panels={panels} />
            </Tabs.List>
            <Tabs.Panel value="overview">
              <Stack gap="lg">
                <Overview contact={loaded} />
                {can("contacts.files", "read") ? (
                  <AttachmentsPanel
                    owner={{ kind: "contacts", id: loaded.id }}
                    canAdd={can("contacts.files", "create") && !merged}
                    canRemove={can("contacts.files", "delete") && !merged}
                  />
                ) : null}
              </Stack>
            </Tabs.Panel>
            {recordParts.map((p) => (
              <Tabs.Panel key={p} value={p}>
                <RecordList contact={loaded} part={p as RecordPart} />
              </Tabs.Panel>
            ))}
            <Tabs.Panel value="job">
              <JobPanel contact={loaded} />
            </Tabs.Panel>
            <Tabs.Panel value="history">
              <HistoryPanel id={id} />
            </Tabs.Panel>
            <Tabs.Panel value="sales">
              <AdvancesNotice direction="sales" contactId={id} />
              <ContactDocsPanel contactId={id} direction="sales" />
            </Tabs.Panel>
            <Tabs.Panel value="purchases">
              <AdvancesNotice direction="purchases" contactId={id} />
              <ContactDocsPanel contactId={id} direction="purchases" />
            </Tabs.Panel>
          </Tabs>
        )}
      </QueryView>
      {deletion.dialog}
    </PageFrame>
  );
};
