import { Badge, Group, Table } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { AmountInput } from "../../components/amount-input.tsx";
import { useFormat } from "../../i18n/format.ts";
import type { Schemas } from "../../lib/api-client.ts";
import { formatCents } from "../../lib/money.ts";

type DueDocument = Schemas["ContactDocumentList"]["items"][number];

/**
 * A contact's open documents with what is left due on each and an amount to put on it: the payment
 * form's allocations and an advance's. Credit notes carry their badge (their due is owed the other way).
 */
export const AllocationTable = ({
  docs,
  values,
  onChange,
  placeholder,
  testId,
  inputTestId,
}: {
  readonly docs: readonly DueDocument[];
  /** The amounts typed, by document id. */
  readonly values: Readonly<Record<string, string>>;
  readonly onChange: (docId: string, value: string) => void;
  /** What an empty input suggests for a document. */
  readonly placeholder?: (doc: DueDocument) => string;
  readonly testId: string;
  readonly inputTestId: string;
}) => {
  const { t } = useTranslation("payments");
  const { locale, shortDate } = useFormat();
  const money = (cents: number) => formatCents(cents, locale, { currency: true });
  return (
    <Table data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("payments.document")}</Table.Th>
          <Table.Th>{t("payments.date")}</Table.Th>
          <Table.Th ta="right">{t("payments.due")}</Table.Th>
          <Table.Th ta="right">{t("payments.allocate")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {docs.map((doc) => (
          <Table.Tr key={doc.id} data-kind={doc.kind}>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Badge variant="light" color={doc.kind === "creditNote" ? "orange" : "blue"} tt="none">
                  {t(`payments.${doc.kind === "creditNote" ? "creditNote" : "invoice"}`)}
                </Badge>
                {doc.number}
              </Group>
            </Table.Td>
            <Table.Td>{shortDate(doc.issueDate)}</Table.Td>
            <Table.Td ta="right">{money(doc.due)}</Table.Td>
            <Table.Td w={180}>
              <AmountInput
                value={values[doc.id] ?? ""}
                onChange={(v) => onChange(doc.id, v)}
                placeholder={placeholder?.(doc)}
                aria-label={`${t("payments.allocate")} ${doc.number}`}
                data-testid={inputTestId}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
};
