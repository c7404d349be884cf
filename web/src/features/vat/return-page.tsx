import "./vat.css";
import { Alert, Button, Grid, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { ChevronLeftIcon, ChevronRightIcon } from "../../components/icons.tsx";
import { LinkButton } from "../../components/link-button.tsx";
import { useCan } from "../accounting/access.ts";
import { BooksPage } from "../accounting/books-page.tsx";
import { vatPath, vatPeriodPath } from "../accounting/paths.ts";
import { DownloadIcon, QueryView, today, useDay } from "../accounting/ui.tsx";
import { downloadVatReturn, type VatFileFormat, type VatReturn, vatReturnQuery } from "./api.ts";
import { CopySheet } from "./copy-sheet.tsx";
import { CorrectionsList } from "./corrections-editor.tsx";
import {
  periodParts,
  periodStart,
  shiftPeriod,
  useEuros,
  usePeriodName,
  useReadableProblem,
} from "./format.ts";
import { shareOf } from "./instalment.tsx";
import { boxTax, formBoxesOf } from "./model.ts";
import { ReturnForm } from "./return-form.tsx";
import { SettlementCard, VatWarnings } from "./settlement.tsx";
import { DueOrCredit, VatStatusBadge } from "./status.tsx";
import { ValidatedNotice, ValidatePanel } from "./validate-return.tsx";

const Downloads = ({ period }: { period: string }) => {
  const { t } = useTranslation("accounting");
  const readable = useReadableProblem();
  const download = useMutation({ mutationFn: (format: VatFileFormat) => downloadVatReturn(period, format) });
  return (
    <Stack gap={6}>
      <Group gap="xs">
        {(["pdf", "csv"] as const).map((format) => (
          <Button
            key={format}
            variant="default"
            size="xs"
            leftSection={<DownloadIcon />}
            loading={download.isPending && download.variables === format}
            onClick={() => download.mutate(format)}
            data-testid={`vat-download-${format}`}
          >
            {t(`vat.download.${format}`)}
          </Button>
        ))}
      </Group>
      {download.isError ? <ErrorAlert error={readable(download.error)} testId="vat-download-error" /> : null}
    </Stack>
  );
};

/** The way to the period before or after. */
const StepButton = ({ period, side }: { period: string; side: "previous" | "next" }) => {
  const periodName = usePeriodName();
  const icon =
    side === "previous" ? { leftSection: <ChevronLeftIcon /> } : { rightSection: <ChevronRightIcon /> };
  return (
    <LinkButton
      to={vatPeriodPath(period)}
      variant="subtle"
      size="xs"
      {...icon}
      data-testid={side === "previous" ? "vat-previous" : "vat-next-period"}
    >
      {periodName(period)}
    </LinkButton>
  );
};

/** The period before and after, the next only up to the period running today. */
const PeriodSteps = ({ period }: { period: string }) => {
  const previous = shiftPeriod(period, -1);
  const next = shiftPeriod(period, 1);
  const nextOpen = next !== null && (periodStart(next) ?? "") <= today();
  return (
    <Group gap={4} wrap="nowrap">
      {previous ? <StepButton period={previous} side="previous" /> : null}
      {next && nextOpen ? <StepButton period={next} side="next" /> : null}
    </Group>
  );
};

/** A tile of the return's summary: its label, then what it says. */
const Tile = ({ label, children }: { label: string; children: ReactNode }) => (
  <Paper p="md">
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
    {children}
  </Paper>
);

/** A tile giving a figure, and what it counts. */
const FigureTile = ({
  label,
  value,
  testId,
  hint,
}: {
  label: string;
  value: ReactNode;
  testId: string;
  hint: string;
}) => (
  <Tile label={label}>
    <Text mt={6} size="lg" fw={600} className="registre-numeric" data-testid={testId}>
      {value}
    </Text>
    <Text size="xs" c="dimmed" mt={4}>
      {hint}
    </Text>
  </Tile>
);

/** The return's state at a glance: what it leaves, its state, how many VAT lines it takes (an instalment: its base). */
const Summary = ({ vat }: { vat: VatReturn }) => {
  const { t } = useTranslation("accounting");
  const day = useDay();
  const euros = useEuros();
  const boxes = formBoxesOf(vat.form.id);
  const instalment = vat.kind === "instalment";
  const base = vat.boxes.find((b) => b.code === boxes.due)?.base ?? 0;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" data-testid="vat-summary">
      <Tile label={t("vat.statusLabel")}>
        <Group gap="xs" mt={6}>
          <VatStatusBadge status={vat.status} size="md" />
        </Group>
        <Text size="xs" c="dimmed" mt={6}>
          {vat.validatedOn
            ? t("vat.validatedOn", { day: day(vat.validatedOn) })
            : t(
                `vat.statusHint.${instalment && vat.status === "toPrepare" ? "instalmentToPrepare" : vat.status}`,
              )}
        </Text>
      </Tile>
      <Tile label={t("vat.amountLabel")}>
        <Text mt={6} size="lg" data-testid="vat-summary-amount">
          <DueOrCredit
            due={boxTax(vat, boxes.due)}
            credit={boxes.credit ? boxTax(vat, boxes.credit) : null}
            estimate={!instalment && (vat.status === "toPrepare" || vat.status === "future")}
          />
        </Text>
        {boxTax(vat, boxes.refund) > 0 ? (
          <Text size="xs" c="dimmed" mt={4}>
            {t("vat.refundAsked", { amount: euros(boxTax(vat, boxes.refund)) })}
          </Text>
        ) : null}
      </Tile>
      {instalment ? (
        <FigureTile
          label={t("vat.instalment.baseLabel")}
          value={euros(base)}
          testId="vat-instalment-base-amount"
          hint={t("vat.instalment.baseSummary", {
            year: Number(vat.period.slice(0, 4)) - 1,
            share: shareOf(vat.period),
          })}
        />
      ) : (
        <FigureTile
          label={t("vat.linesLabel")}
          value={vat.lineCount}
          testId="vat-line-count"
          hint={t("vat.linesHint")}
        />
      )}
    </SimpleGrid>
  );
};

const ReturnView = ({ vat }: { vat: VatReturn }) => {
  const [validated, setValidated] = useState(false);
  return (
    <Stack gap="md">
      {validated && vat.status !== "toPrepare" ? (
        <ValidatedNotice period={vat.period} instalment={vat.kind === "instalment"} />
      ) : null}
      <Summary vat={vat} />
      <VatWarnings vat={vat} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <ReturnForm vat={vat} />
            <CorrectionsList vat={vat} />
            <SettlementCard vat={vat} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <ValidatePanel vat={vat} onValidated={() => setValidated(true)} />
            <CopySheet vat={vat} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
};

/**
 * `/org/accounting/vat/{period}`: one period's return laid out like the form, its boxes down to their
 * lines, its warnings, the copy sheet and its files, the settlement entry, and its validation.
 */
export const VatReturnPage = () => {
  const { t } = useTranslation("accounting");
  const { period = "" } = useParams();
  const can = useCan();
  const day = useDay();
  const periodName = usePeriodName();
  const allowed = can("accounting", "read");
  const valid = periodParts(period) !== null;
  const vat = useQuery({ ...vatReturnQuery(period), enabled: allowed && valid });
  const title = t("vat.returnTitle", { period: periodName(period) });
  const year = periodParts(period)?.year;
  const crumbs = [{ to: vatPath(year), label: t("vat.title") }];
  return (
    <BooksPage
      allowed={allowed}
      title={title}
      crumbs={crumbs}
      description={
        vat.data
          ? t("vat.formLine", {
              form: vat.data.form.id,
              version: vat.data.form.version,
              start: day(vat.data.start),
              end: day(vat.data.end),
            })
          : undefined
      }
      actions={valid ? <Downloads period={period} /> : null}
    >
      {valid ? <PeriodSteps period={period} /> : null}
      {valid ? (
        <QueryView query={vat} height={520} testId="vat-return-error">
          {(data) => <ReturnView key={data.period} vat={data} />}
        </QueryView>
      ) : (
        <Alert color="red" variant="light" data-testid="vat-invalid-period">
          {t("vat.invalidPeriod", { period })}
        </Alert>
      )}
    </BooksPage>
  );
};
