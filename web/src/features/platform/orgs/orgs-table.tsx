import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Column } from "../../../components/data-table.tsx";
import { PlainTable, TableSkeleton } from "../../../components/plain-table.tsx";
import { formatSiren } from "../../../i18n/format.ts";
import type { Org } from "./api.ts";
import { useOrgLabels } from "./org-labels.ts";
import { orgRoute } from "./paths.ts";

const useColumns = (): Column<Org>[] => {
  const { t } = useTranslation("orgs");
  const labels = useOrgLabels();
  return [
    {
      key: "name",
      header: t("fields.name"),
      cell: (org) => (
        <>
          <Link to={orgRoute(org.id)} className="registre-row-link">
            {org.name}
          </Link>
          {org.vatNumber ? (
            <Text size="xs" c="dimmed" className="registre-numeric">
              {org.vatNumber}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      key: "siren",
      header: t("fields.siren"),
      cell: (org) => formatSiren(org.siren),
      cellProps: () => ({ className: "registre-numeric" }),
    },
    {
      key: "vatRegime",
      header: t("fields.vatRegime"),
      cell: (org) => labels.vatRegime(org.vatRegime),
      cellProps: () => ({ style: { whiteSpace: "nowrap" } }),
    },
    {
      key: "fiscalYearStartMonth",
      header: t("fields.fiscalYearStartMonth"),
      cell: (org) => labels.format.month(org.fiscalYearStartMonth),
    },
    {
      key: "createdAt",
      header: t("fields.createdAt"),
      numeric: true,
      cell: (org) => labels.format.shortDate(org.createdAt),
    },
  ];
};

export const OrgsTableSkeleton = ({ rows = 4 }: { rows?: number }) => (
  <TableSkeleton columns={useColumns()} rows={rows} />
);

export const OrgsTable = ({ orgs }: { orgs: readonly Org[] }) => (
  <PlainTable
    columns={useColumns()}
    rows={orgs}
    rowKey={(org) => org.id}
    rowLink={(org) => orgRoute(org.id)}
    rowProps={(org) => ({ "data-testid": "org-row", "data-org-id": org.id })}
    testId="orgs-table"
    minWidth={640}
    highlight
  />
);
