import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Divider,
  Group,
  Select,
  SimpleGrid,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { TableFrame } from "../../components/data-table.tsx";
import { FormActions, FormCard, ResourceFormPage, useRules, useSchemaForm } from "../../components/form.tsx";
import { PlusIcon } from "../../components/icons.tsx";
import { SectionTitle } from "../../components/section-title.tsx";
import { today } from "../../lib/day.ts";
import { z } from "../../lib/zod.ts";
import { type Direction, type DocKind, directions, docKinds } from "./model.ts";
import { SellerMentionsAlert } from "./seller-mentions.tsx";
import {
  type DocSettings,
  type DocSettingsInput,
  docSettingsQuery,
  exampleNumber,
  isSeriesFormat,
  useSaveDocSettings,
} from "./settings-api.ts";
import { useCanDocs } from "./ui.tsx";

const useSettingsSchema = () => {
  const { t } = useTranslation("docs");
  const rules = useRules();
  return useMemo(
    () =>
      z
        .object({
          series: z.array(
            z.object({
              id: z
                .string()
                .trim()
                .regex(/^[A-Za-z0-9-]{1,40}$/, { message: t("settings.seriesIdInvalid") }),
              label: rules.text(t("settings.seriesLabel"), 100),
              kind: z.enum(docKinds),
              direction: z.enum(directions),
              format: z
                .string()
                .trim()
                .refine(isSeriesFormat, { message: t("settings.seriesFormatInvalid") }),
            }),
          ),
          paymentTerms: rules.text(t("settings.paymentTerms"), 500, { optional: true }),
          notes: rules.text(t("settings.notes"), 2000, { optional: true }),
          legalMentions: rules.text(t("settings.legalMentions"), 2000, { optional: true }),
          earlyPaymentDiscount: rules.text(t("settings.earlyPaymentDiscount"), 500),
          holder: rules.text(t("settings.holder"), 100, { optional: true }),
          iban: rules.text(t("settings.iban"), 50, { optional: true }),
          bic: rules.text(t("settings.bic"), 11, { optional: true }),
          printBankDetails: z.boolean(),
          facturxProfile: z.enum(["en16931", "basic"]),
          einvoiceSyntax: z.enum(["facturx", "cii"]),
        })
        .transform(
          (v): DocSettingsInput => ({
            series: v.series,
            paymentTerms: v.paymentTerms || null,
            notes: v.notes || null,
            legalMentions: v.legalMentions || null,
            earlyPaymentDiscount: v.earlyPaymentDiscount,
            bank: v.iban ? { holder: v.holder, iban: v.iban.replace(/\s+/g, ""), bic: v.bic || null } : null,
            printBankDetails: v.printBankDetails,
            facturxProfile: v.facturxProfile,
            einvoiceSyntax: v.einvoiceSyntax,
          }),
        ),
    [t, rules],
  );
};

const SettingsForm = ({ settings, canEdit }: { settings: DocSettings; canEdit: boolean }) => {
  const { t } = useTranslation(["docs", "common"]);
  const save = useSaveDocSettings();
  const form = useSchemaForm(useSettingsSchema(), {
    series: settings.series.map((s) => ({ ...s })),
    paymentTerms: settings.paymentTerms ?? "",
    notes: settings.notes ?? "",
    legalMentions: settings.legalMentions ?? "",
    earlyPaymentDiscount: settings.earlyPaymentDiscount,
    holder: settings.bank?.holder ?? "",
    iban: settings.bank?.iban ?? "",
    bic: settings.bank?.bic ?? "",
    printBankDetails: settings.printBankDetails,
    facturxProfile: settings.facturxProfile,
    einvoiceSyntax: settings.einvoiceSyntax,
  });
  const used = new Set(settings.usedSeries);
  const day = today();
  const submit = form.onSubmit((values) => save.mutate(values, { onSuccess: () => form.resetDirty() }));
  return (
    <FormCard
      testId="doc-settings-form"
      width={1080}
      onSubmit={submit}
      error={save.isError ? save.error : null}
      errorTestId="doc-settings-error"
      actions={
        canEdit ? (
          <FormActions
            cancel="/org/settings"
            submitLabel={t("common:actions.save")}
            pending={save.isPending}
            submitTestId="doc-settings-save"
          />
        ) : null
      }
    >
      <SellerMentionsAlert warnings={settings.warnings} />
      <SectionTitle title={t("settings.series")} hint={t("settings.seriesHint")} size="h4" />
      <TableFrame minWidth={900} highlight={false} stickyHeader={false} testId="doc-settings-series">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={140}>{t("settings.seriesId")}</Table.Th>
            <Table.Th>{t("settings.seriesLabel")}</Table.Th>
            <Table.Th w={150}>{t("settings.seriesKind")}</Table.Th>
            <Table.Th w={100}>{t("settings.seriesDirection")}</Table.Th>
            <Table.Th w={160}>{t("settings.seriesFormat")}</Table.Th>
            <Table.Th w={120}>{t("settings.seriesExample")}</Table.Th>
            <Table.Th w={64} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {form.values.series.map((series, index) => {
            const locked = used.has(series.id) && settings.series.some((s) => s.id === series.id);
            const path = `series.${index}`;
            return (
              <Table.Tr key={form.key(path)} data-testid="doc-series-row">
                <Table.Td>
                  <TextInput
                    size="xs"
                    aria-label={t("settings.seriesId")}
                    {...form.getInputProps(`${path}.id`)}
                    disabled={locked || !canEdit}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    aria-label={t("settings.seriesLabel")}
                    {...form.getInputProps(`${path}.label`)}
                    disabled={!canEdit}
                  />
                </Table.Td>
                <Table.Td>
                  <Select
                    size="xs"
                    aria-label={t("settings.seriesKind")}
                    data={docKinds.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
                    allowDeselect={false}
                    {...form.getInputProps(`${path}.kind`)}
                    disabled={locked || !canEdit}
                  />
                </Table.Td>
                <Table.Td>
                  <Select
                    size="xs"
                    aria-label={t("settings.seriesDirection")}
                    data={directions.map((d) => ({ value: d, label: t(`directions.${d}`) }))}
                    allowDeselect={false}
                    {...form.getInputProps(`${path}.direction`)}
                    disabled={locked || !canEdit}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
                    aria-label={t("settings.seriesFormat")}
                    {...form.getInputProps(`${path}.format`)}
                    disabled={locked || !canEdit}
                    data-testid="doc-series-format"
                  />
                </Table.Td>
                <Table.Td>
                  {isSeriesFormat(series.format) ? (
                    <Text size="sm" ff="monospace" data-testid="doc-series-example">
                      {exampleNumber(series.format.trim(), day)}
                    </Text>
                  ) : (
                    "—"
                  )}
                </Table.Td>
                <Table.Td>
                  {locked ? (
                    <Badge size="xs" variant="light" color="gray" tt="none">
                      {t("settings.seriesUsed")}
                    </Badge>
                  ) : canEdit ? (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t("settings.removeSeries", { id: series.id })}
                      onClick={() => form.removeListItem("series", index)}
                    >
                      ×
                    </ActionIcon>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </TableFrame>
      {canEdit ? (
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<PlusIcon />}
            onClick={() =>
              form.insertListItem("series", {
                id: "",
                label: "",
                kind: "invoice" as DocKind,
                direction: "sales" as Direction,
                format: "{YYYY}-{#####}",
              })
            }
            data-testid="doc-series-add"
          >
            {t("settings.addSeries")}
          </Button>
        </Group>
      ) : null}
      <Divider />
      <Title order={2} size="h4">
        {t("settings.terms")}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Textarea
          label={t("settings.paymentTerms")}
          autosize
          minRows={2}
          {...form.getInputProps("paymentTerms")}
          disabled={!canEdit}
        />
        <TextInput
          label={t("settings.earlyPaymentDiscount")}
          withAsterisk
          {...form.getInputProps("earlyPaymentDiscount")}
          disabled={!canEdit}
        />
        <Textarea
          label={t("settings.notes")}
          autosize
          minRows={2}
          {...form.getInputProps("notes")}
          disabled={!canEdit}
        />
        <Textarea
          label={t("settings.legalMentions")}
          description={t("settings.legalMentionsHint")}
          autosize
          minRows={2}
          {...form.getInputProps("legalMentions")}
          disabled={!canEdit}
          data-testid="doc-settings-legal"
        />
      </SimpleGrid>
      <Divider />
      <Title order={2} size="h4">
        {t("settings.bank")}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <TextInput label={t("settings.holder")} {...form.getInputProps("holder")} disabled={!canEdit} />
        <TextInput
          label={t("settings.iban")}
          styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
          {...form.getInputProps("iban")}
          disabled={!canEdit}
        />
        <TextInput
          label={t("settings.bic")}
          styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
          {...form.getInputProps("bic")}
          disabled={!canEdit}
        />
      </SimpleGrid>
      <Checkbox
        label={t("settings.printBankDetails")}
        {...form.getInputProps("printBankDetails", { type: "checkbox" })}
        disabled={!canEdit}
      />
      <Select
        label={t("settings.facturxProfile")}
        description={t("settings.facturxProfileHelp")}
        data={[
          { value: "en16931", label: "EN 16931" },
          { value: "basic", label: "BASIC" },
        ]}
        allowDeselect={false}
        w={260}
        data-testid="doc-settings-facturx"
        {...form.getInputProps("facturxProfile")}
        disabled={!canEdit}
      />
      <Select
        label={t("settings.einvoiceSyntax")}
        description={t("settings.einvoiceSyntaxHelp")}
        data={[
          { value: "facturx", label: "Factur-X" },
          { value: "cii", label: t("settings.einvoiceSyntaxCii") },
        ]}
        allowDeselect={false}
        w={260}
        data-testid="doc-settings-einvoice-syntax"
        {...form.getInputProps("einvoiceSyntax")}
        disabled={!canEdit}
      />
      {save.isSuccess && !form.isDirty() ? (
        <Alert color="teal" variant="light" data-testid="doc-settings-saved">
          {t("settings.saved")}
        </Alert>
      ) : null}
    </FormCard>
  );
};

/** `/org/docs/settings`: numbering series and formats, default terms and notes, legal mentions, bank details. */
export const DocSettingsPage = () => {
  const { t } = useTranslation(["docs", "app"]);
  const can = useCanDocs();
  const allowed = can("organization", "read");
  const settings = useQuery({ ...docSettingsQuery(), enabled: allowed });
  return (
    <ResourceFormPage
      title={t("settings.title")}
      description={t("settings.description")}
      crumbs={[{ to: "/org/settings", label: t("app:settings.title") }]}
      allowed={allowed}
      record={settings}
      recordTestId="doc-settings-load-error"
    >
      {(loaded) => <SettingsForm settings={loaded} canEdit={can("organization", "update")} />}
    </ResourceFormPage>
  );
};
