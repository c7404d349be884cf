import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BankIcon, LedgerIcon, PurchasesIcon, SalesIcon } from "../../components/icons.tsx";
import { useFormat } from "../../i18n/format.ts";
import { useSession } from "../../lib/session-store.ts";
import { PageHeader } from "./page-header.tsx";

const kpis = [
  { key: "revenue", icon: <SalesIcon />, to: "/org/sales/invoices" },
  { key: "due", icon: <LedgerIcon />, to: "/org/sales/invoices" },
  { key: "expenses", icon: <PurchasesIcon />, to: "/org/purchases/invoices" },
  { key: "cash", icon: <BankIcon />, to: "/org/bankstatements" },
] as const;

const shortcuts = [
  { to: "/org/sales/quotes", key: "quote" },
  { to: "/org/sales/invoices", key: "invoice" },
  { to: "/org/contacts", key: "contact" },
  { to: "/org/bankstatements", key: "statement" },
] as const;

export const DashboardPage = () => {
  const { t } = useTranslation("app");
  const format = useFormat();
  const session = useSession();
  const user = session.status === "authenticated" ? session.user : null;
  const today = new Date();
  return (
    <Stack gap="lg" data-testid="dashboard">
      <PageHeader
        title={t("dashboard.title")}
        description={t("dashboard.greeting", { name: user?.name ?? "", date: format.date(today) })}
      />
      {user && user.org === null ? (
        <Alert variant="light" title={t("dashboard.noOrgTitle")}>
          <Group justify="space-between">
            <Text size="sm">{t("dashboard.noOrgText")}</Text>
            <Button component={Link} to="/user/orgs" size="xs">
              {t("dashboard.noOrgAction")}
            </Button>
          </Group>
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        {kpis.map((kpi) => (
          <Paper key={kpi.key} p="lg" component={Link} to={kpi.to} className="registre-kpi">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <div>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.5}>
                  {t(`dashboard.kpis.${kpi.key}`)}
                </Text>
                {/* No accounting read model answers these figures yet: say so rather than show 0,00 €. */}
                <Text fz={26} fw={650} mt={6} className="registre-numeric" c="dimmed">
                  —
                </Text>
              </div>
              <ThemeIcon variant="light" size={36} radius="md">
                {kpi.icon}
              </ThemeIcon>
            </Group>
            <Text size="xs" c="dimmed" mt="sm">
              {t("dashboard.pending")}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Paper p="lg">
        <Text fw={650} mb="sm">
          {t("dashboard.shortcuts")}
        </Text>
        <Group gap="sm">
          {shortcuts.map((shortcut) => (
            <Button key={shortcut.key} component={Link} to={shortcut.to} variant="default">
              {t(`dashboard.actions.${shortcut.key}`)}
            </Button>
          ))}
        </Group>
      </Paper>
    </Stack>
  );
};
