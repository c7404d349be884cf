import { Alert, Badge, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { AlertIcon, CheckIcon } from "../../components/icons.tsx";
import { formatSiren } from "../../i18n/format.ts";
import type { ConnectionTestReport, DirectoryLookup } from "./connection-api.ts";

const outcomeColor = { ok: "teal", failed: "red", skipped: "gray" } as const;

/** An organisation's (or a customer's) directory entry: its legal unit and the lines saying where it receives. */
export const DirectoryLines = ({ lookup }: { lookup: DirectoryLookup }) => {
  const { t } = useTranslation("einvoicing");
  return (
    <Stack gap="xs" data-testid="directory-lines">
      <Title order={4}>{t("connection.directoryLine.title")}</Title>
      {lookup.legalUnit ? (
        <Text size="sm">
          {lookup.legalUnit.businessName ?? "—"} · {t("connection.directoryLine.siren")}{" "}
          {formatSiren(lookup.siren)}
        </Text>
      ) : null}
      {lookup.lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("connection.directoryLine.none")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("connection.directoryLine.addressing")}</Table.Th>
                <Table.Th>{t("connection.directoryLine.businessName")}</Table.Th>
                <Table.Th>{t("connection.directoryLine.platform")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lookup.lines.map((line, i) => (
                <Table.Tr key={line.addressingIdentifier ?? i} data-testid="directory-line">
                  <Table.Td>{line.addressingIdentifier ?? "—"}</Table.Td>
                  <Table.Td>{line.businessName ?? line.facilityName ?? "—"}</Table.Td>
                  <Table.Td>
                    {line.platformType === "WK" || line.platformType === "DFH"
                      ? t(`connection.directoryLine.platformType.${line.platformType}`)
                      : (line.platformType ?? "—")}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
};

/** The « test the connection » report: each step's outcome in words, then the directory entry found. */
export const ConnectionTestResult = ({ report }: { report: ConnectionTestReport }) => {
  const { t } = useTranslation("einvoicing");
  return (
    <Paper p="lg" maw={640} data-testid="connection-test" data-ok={report.ok}>
      <Stack gap="sm">
        <Alert
          color={report.ok ? "teal" : "red"}
          variant="light"
          icon={report.ok ? <CheckIcon /> : <AlertIcon />}
          role="status"
          title={t("connection.test.title")}
        >
          {report.ok ? t("connection.test.ok") : t("connection.test.failed")}
        </Alert>
        {report.steps.map((step) => (
          <Stack
            key={step.step}
            gap={2}
            data-testid={`connection-step-${step.step}`}
            data-outcome={step.outcome}
          >
            <Group gap="xs">
              <Badge color={outcomeColor[step.outcome]} variant="light">
                {t(`connection.test.outcome.${step.outcome}`)}
              </Badge>
              <Text size="sm" fw={500}>
                {t(`connection.test.step.${step.step}`)}
              </Text>
            </Group>
            {step.outcome !== "ok" && step.message ? (
              <Text size="sm" c="dimmed">
                {step.message}
              </Text>
            ) : null}
          </Stack>
        ))}
        {report.lookup ? <DirectoryLines lookup={report.lookup} /> : null}
      </Stack>
    </Paper>
  );
};
