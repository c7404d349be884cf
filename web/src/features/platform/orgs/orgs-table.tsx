import { Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useRowLink } from "../../../components/row-link.ts";
import { formatSiren } from "../../../i18n/format.ts";
import { TableSkeleton } from "../users/platform-ui.tsx";
import type { Org } from "./api.ts";
import { useOrgLabels } from "./org-labels.ts";
import { orgRoute } from "./paths.ts";

const Header = () => {
  const { t } = useTranslation("orgs");
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th>{t("fields.name")}</Table.Th>
        <Table.Th>{t("fields.siren")}</Table.Th>
        <Table.Th>{t("fields.vatRegime")}</Table.Th>
        <Table.Th>{t("fields.fiscalYearStartMonth")}</Table.Th>
        <Table.Th ta="right">{t("fields.createdAt")}</Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
};

export const OrgsTableSkeleton = ({ rows = 4 }: { rows?: number }) => (
  <TableSkeleton header={<Header />} columns={5} rows={rows} />
);

export const OrgsTable = ({ orgs }: { orgs: readonly Org[] }) => {
  const labels = useOrgLabels();
  const rowLink = useRowLink();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table
        className="registre-table"
        verticalSpacing="sm"
        horizontalSpacing="md"
        highlightOnHover
        data-testid="orgs-table"
      >
        <Header />
        <Table.Tbody>
          {orgs.map((org) => (
            <Table.Tr
              key={org.id}
              className="registre-row"
              data-testid="org-row"
              data-org-id={org.id}
              onClick={rowLink(orgRoute(org.id))}
            >
              <Table.Td>
                <Link to={orgRoute(org.id)} className="registre-row-link">
                  {org.name}
                </Link>
                {org.vatNumber ? (
                  <Text size="xs" c="dimmed" className="registre-numeric">
                    {org.vatNumber}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td className="registre-numeric" style={{ whiteSpace: "nowrap" }}>
                {formatSiren(org.siren)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{labels.vatRegime(org.vatRegime)}</Table.Td>
              <Table.Td>{labels.format.month(org.fiscalYearStartMonth)}</Table.Td>
              <Table.Td ta="right" className="registre-numeric">
                {labels.format.shortDate(org.createdAt)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
