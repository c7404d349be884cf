import { Alert, Anchor, Grid, Group, List, Paper, Stack, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyRow, TableFrame } from "../../components/data-table.tsx";
import { LabelledValue } from "../../components/field-label.tsx";
import { NoAccessPage } from "../../components/no-access-page.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryView } from "../../components/query-view.tsx";
import { formatSiren, useFormat } from "../../i18n/format.ts";
import { formatCents } from "../../lib/money.ts";
import { entryPath } from "../accounting/paths.ts";
import { contactPath } from "../contacts/paths.ts";
import { BuyerStatusPanel } from "../einvoicing/buyer-status.tsx";
import { AttachmentsPanel } from "../files/attachments-panel.tsx";
import { formatDecimal } from "../items/prices.ts";
import { useReference } from "../reference/api.ts";
import { type Doc, docCheckQuery } from "./api.ts";
import { DocActions } from "./doc-actions.tsx";
import { DocDeposits } from "./doc-deposits.tsx";
import { DocPayments } from "./doc-payments.tsx";
import { DocWarnings } from "./doc-warnings.tsx";
import { LineCell, LinesHead } from "./lines-table.tsx";
import { isValidatable, rightOf } from "./model.ts";
import { docContactEditPath, docPath } from "./paths.ts";
import { RegimeOutdatedHint, regimeOutdated, VatRegimeBadge } from "./regime.tsx";
import { TotalsCard } from "./totals-card.tsx";
import { TransmissionPanel } from "./transmission-panel.tsx";
import { DocStatusBadge, useRoutedDoc, useVatLabel } from "./ui.tsx";

type Address = NonNullable<NonNullable<Doc["contact"]>["billingAddress"]>;
const AddressText = ({ address }: { address: Address | null }) =>
  address ? (
    <>
      {address.line1}
      {address.line2 ? <br /> : null}
      {address.line2}
      <br />
      {address.postalCode} {address.city}
      {address.country !== "FR" ? ` (${address.country})` : ""}
    </>
  ) : null;

/**
 * The lines as printed: titles and comments across, priced lines with their figures and net; once
 * documents were made from it, what remains of each line to make into each kind (to deliver, to invoice).
 */
const LinesTable = ({ doc }: { doc: Doc }) => {
  const { t } = useTranslation("docs");
  const { locale } = useFormat();
  const vat = useVatLabel();
  const units = useReference("units");
  const targets = doc.children.length > 0 ? Object.keys(doc.remaining) : [];
  const span = 7 + targets.length;
  const quantity = (value: string | null | undefined) =>
    formatDecimal(value ?? null, locale).replace(/[,.]00$/, "");
  return (
    <TableFrame minWidth={820 + 60 * targets.length} className="docs-lines" testId="doc-lines">
      <LinesHead
        widths={{ quantity: 90, unit: 110, unitPrice: 120, discount: 90, vatRate: 90, net: 130 }}
        after={targets.map((target) => (
          <Table.Th key={target} w={90} ta="right">
            {t(`lines.remaining.${target}`, { defaultValue: target })}
          </Table.Th>
        ))}
      />
      <Table.Tbody>
        {doc.lines.length === 0 ? <EmptyRow colSpan={span}>{t("lines.empty")}</EmptyRow> : null}
        {doc.lines.map((line) =>
          line.kind === "title" ? (
            <Table.Tr key={line.id} data-layout="text">
              <LineCell col="text" colSpan={span} fw={650}>
                {line.label}
              </LineCell>
            </Table.Tr>
          ) : line.kind === "comment" ? (
            <Table.Tr key={line.id} data-layout="text">
              <LineCell col="text" colSpan={span}>
                <Text size="sm" c="dimmed" style={{ whiteSpace: "pre-wrap" }}>
                  {line.text}
                </Text>
              </LineCell>
            </Table.Tr>
          ) : (
            <Table.Tr key={line.id} data-layout="priced" data-testid="doc-line">
              <LineCell col="label">
                <Text size="sm">{line.label}</Text>
                {line.reference || line.description ? (
                  <Text size="xs" c="dimmed">
                    {[line.reference, line.description].filter(Boolean).join(" · ")}
                  </Text>
                ) : null}
                {line.vatRegime ? (
                  <VatRegimeBadge line={line} />
                ) : line.vatExemption ? (
                  <Text size="xs" c="dimmed" fs="italic">
                    {line.vatExemption}
                  </Text>
                ) : null}
              </LineCell>
              <LineCell col="quantity" className="kit-num">
                {quantity(line.quantity)}
              </LineCell>
              <LineCell col="unit">{units.labelOf(line.unit)}</LineCell>
              <LineCell col="unitPrice" className="kit-num" data-testid="doc-line-price">
                {formatDecimal(line.unitPrice ?? null, locale)}
              </LineCell>
              <LineCell
                col="discount"
                className="kit-num"
                data-empty={!line.discount || line.discount === "0" || undefined}
              >
                {line.discount && line.discount !== "0"
                  ? `${formatDecimal(line.discount, locale).replace(/[,.]00$/, "")}\u00a0%`
                  : ""}
              </LineCell>
              <LineCell col="vatRate">{line.vatRate ? vat(line.vatRate) : ""}</LineCell>
              <LineCell col="net" ta="right" className="registre-numeric" data-testid="doc-line-net">
                {line.net !== undefined ? formatCents(line.net, locale) : "—"}
              </LineCell>
              {targets.map((target) => (
                <LineCell
                  key={target}
                  col="remaining"
                  label={t(`lines.remaining.${target}`, { defaultValue: target })}
                  ta="right"
                  className="registre-numeric"
                  data-testid={`doc-line-remaining-${target}`}
                >
                  {quantity(doc.remaining[target]?.[line.id])}
                </LineCell>
              ))}
            </Table.Tr>
          ),
        )}
      </Table.Tbody>
    </TableFrame>
  );
};

/** What validation would refuse now (GET /docs/{id}/validate), shown on a draft invoice. */
const ValidationCheck = ({ doc }: { doc: Doc }) => {
  const { t } = useTranslation("docs");
  const check = useQuery(docCheckQuery(doc.id));
  if (!check.data) return null;
  return check.data.valid ? (
    <Alert color="teal" variant="light" data-testid="doc-check-ok">
      {t("detail.checkOk")}
    </Alert>
  ) : (
    <Alert color="orange" variant="light" title={t("detail.checkProblems")} data-testid="doc-check-problems">
      <List size="sm">
        {check.data.problems.map((problem) => (
          <List.Item key={`${problem.code}-${problem.field ?? ""}`}>{problem.message}</List.Item>
        ))}
      </List>
      {regimeOutdated(check.data.problems) && doc.status === "draft" ? (
        <RegimeOutdatedHint docId={doc.id} />
      ) : null}
    </Alert>
  );
};

const DocView = ({ doc }: { doc: Doc }) => {
  const { t } = useTranslation("docs");
  const { shortDate } = useFormat();
  const h = doc.header;
  const date = (value: string | null | undefined) => (value ? shortDate(value) : null);
  const docLink = (id: string, label: string) => (
    <Anchor component={Link} to={docPath(id)} size="sm">
      {label}
    </Anchor>
  );
  return (
    <Stack gap="md">
      <DocWarnings warnings={doc.warnings} />
      {isValidatable(doc.kind, doc.status) ? <ValidationCheck doc={doc} /> : null}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper p="md" h="100%">
            <Stack gap="sm">
              <Group justify="space-between">
                <LabelledValue label={t(doc.direction === "sales" ? "fields.customer" : "fields.supplier")}>
                  {doc.contact ? (
                    <Anchor
                      component={Link}
                      to={contactPath(doc.contact.id)}
                      fw={600}
                      data-testid="doc-contact-name"
                    >
                      {doc.contact.name}
                    </Anchor>
                  ) : null}
                </LabelledValue>
                {doc.status === "draft" ? (
                  <Anchor component={Link} to={docContactEditPath(doc.id)} size="xs">
                    {t("detail.changeContact")}
                  </Anchor>
                ) : null}
              </Group>
              <Group gap="xl" align="flex-start">
                <LabelledValue label={t("fields.billingAddress")}>
                  <AddressText address={doc.contact?.billingAddress ?? null} />
                </LabelledValue>
                {doc.contact?.deliveryAddress ? (
                  <LabelledValue label={t("fields.deliveryAddress")}>
                    <AddressText address={doc.contact.deliveryAddress} />
                  </LabelledValue>
                ) : null}
              </Group>
              {doc.contact?.siren || doc.contact?.vatNumber ? (
                <Text size="xs" c="dimmed">
                  {[
                    doc.contact.siren ? `SIREN ${formatSiren(doc.contact.siren)}` : null,
                    doc.contact.vatNumber,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </Text>
              ) : null}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper p="md" h="100%">
            <Grid gap="sm">
              <Grid.Col span={{ base: 6, sm: 4 }}>
                <LabelledValue label={t("fields.issueDate")}>{date(doc.issueDate)}</LabelledValue>
              </Grid.Col>
              {h.expiryDate ? (
                <Grid.Col span={{ base: 6, sm: 4 }}>
                  <LabelledValue label={t("fields.expiryDate")}>{date(h.expiryDate)}</LabelledValue>
                </Grid.Col>
              ) : null}
              {h.deliveryDate ? (
                <Grid.Col span={{ base: 6, sm: 4 }}>
                  <LabelledValue label={t("fields.deliveryDate")}>{date(h.deliveryDate)}</LabelledValue>
                </Grid.Col>
              ) : null}
              {doc.dueDate || doc.kind === "invoice" ? (
                <Grid.Col span={{ base: 6, sm: 4 }}>
                  <LabelledValue label={t("fields.dueDate")}>{date(doc.dueDate)}</LabelledValue>
                </Grid.Col>
              ) : null}
              {h.deadline ? (
                <Grid.Col span={{ base: 6, sm: 4 }}>
                  <LabelledValue label={t("fields.deadline")}>{date(h.deadline)}</LabelledValue>
                </Grid.Col>
              ) : null}
              {doc.reference ? (
                <Grid.Col span={{ base: 6, sm: 4 }}>
                  <LabelledValue label={t("fields.reference")}>{doc.reference}</LabelledValue>
                </Grid.Col>
              ) : null}
              {h.customerReference ? (
                <Grid.Col span={{ base: 6, sm: 4 }}>
                  <LabelledValue label={t("fields.customerReference")}>{h.customerReference}</LabelledValue>
                </Grid.Col>
              ) : null}
              {h.supplierNumber ? (
                <Grid.Col span={{ base: 6, sm: 4 }}>
                  <LabelledValue label={t("fields.supplierNumber")}>
                    {h.supplierNumber} {h.supplierDate ? `· ${date(h.supplierDate)}` : ""}
                  </LabelledValue>
                </Grid.Col>
              ) : null}
              {doc.label ? (
                <Grid.Col span={12}>
                  <LabelledValue label={t("fields.label")}>{doc.label}</LabelledValue>
                </Grid.Col>
              ) : null}
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <LabelledValue label={t("fields.origin")}>
                  {doc.origin
                    ? docLink(
                        doc.origin.docId,
                        t(`detail.relations.${doc.origin.relation}`, {
                          name: `${t(`kinds.${doc.origin.kind}`)} ${doc.origin.number ?? t("draft")}`,
                          date: doc.origin.issueDate ? shortDate(doc.origin.issueDate) : "",
                        }),
                      )
                    : null}
                </LabelledValue>
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <LabelledValue label={t("fields.children")}>
                  {doc.children.length ? (
                    <Group gap="xs" data-testid="doc-children">
                      {doc.children.map((child) => (
                        <span key={child.docId}>
                          {docLink(
                            child.docId,
                            t("detail.child", {
                              name: `${t(`kinds.${child.kind}`)} ${child.number ?? t("draft")}`,
                              date: child.issueDate ? shortDate(child.issueDate) : "",
                            }),
                          )}
                        </span>
                      ))}
                    </Group>
                  ) : null}
                </LabelledValue>
              </Grid.Col>
              {doc.kind === "invoice" || doc.kind === "creditNote" ? (
                <Grid.Col span={12}>
                  <LabelledValue label={t("fields.entry")}>
                    {doc.entryMvt ? (
                      <Anchor
                        component={Link}
                        to={entryPath(doc.entryMvt)}
                        size="sm"
                        data-testid="doc-entry-link"
                      >
                        {t("detail.entryLink")}
                      </Anchor>
                    ) : (
                      <Text size="sm" c="dimmed" span>
                        {t("detail.noEntry")}
                      </Text>
                    )}
                  </LabelledValue>
                </Grid.Col>
              ) : null}
            </Grid>
          </Paper>
        </Grid.Col>
      </Grid>
      <LinesTable doc={doc} />
      <Group align="flex-start" justify="space-between" gap="md" wrap="wrap">
        <Stack gap="xs" style={{ flex: "1 1 360px" }}>
          {h.notes ? (
            <LabelledValue label={t("fields.notes")}>
              <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                {h.notes}
              </Text>
            </LabelledValue>
          ) : null}
          <DocDeposits doc={doc} />
          <DocPayments doc={doc} />
          <BuyerStatusPanel doc={doc} />
          <TransmissionPanel doc={doc} />
        </Stack>
        <TotalsCard totals={doc.totals} />
      </Group>
    </Stack>
  );
};

/** `/org/docs/{id}`: a document, its status and what can be done with it, its lines and totals, its entry. */
export const DocDetailPage = () => {
  const { t } = useTranslation("docs");
  const { can, name, crumbs, doc } = useRoutedDoc();
  const { locale } = useFormat();
  const data = doc.data;
  if (data && !can(rightOf(data.direction, data.kind), "read")) return <NoAccessPage title={t("title")} />;
  return (
    <Stack gap="md">
      <PageHeader
        title={data ? name(data) : t("title")}
        description={
          data ? (
            <Group gap="xs" component="span">
              <DocStatusBadge doc={data} />
              <span>{data.contactName}</span>
              <span>·</span>
              <span className="registre-numeric">
                {formatCents(data.totalInclTax, locale, { currency: true })}
              </span>
            </Group>
          ) : null
        }
        crumbs={data ? [crumbs.toList(data.direction, data.kind)] : []}
        actions={data ? <DocActions doc={data} /> : null}
      />
      <QueryView query={doc} testId="doc-error">
        {(loaded) => <DocView doc={loaded} />}
      </QueryView>
      {data && can(`${rightOf(data.direction, data.kind)}.files`, "read") ? (
        <AttachmentsPanel
          owner={{ kind: "docs", id: data.id }}
          canAdd={can(`${rightOf(data.direction, data.kind)}.files`, "create")}
          canRemove={can(`${rightOf(data.direction, data.kind)}.files`, "delete")}
        />
      ) : null}
    </Stack>
  );
};
