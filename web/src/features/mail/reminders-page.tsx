import { Alert, Button, Group, NumberInput, Stack, Switch, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type Column, DataTable } from "../../components/data-table.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { FormActions, FormCard, useSchemaForm } from "../../components/form.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { QueryView } from "../../components/query-view.tsx";
import { selectColumn } from "../../components/select-column.tsx";
import { useFormat } from "../../i18n/format.ts";
import { formatCents } from "../../lib/money.ts";
import { z } from "../../lib/zod.ts";
import { docPath } from "../docs/paths.ts";
import { DocNumber, useCanDocs } from "../docs/ui.tsx";
import {
  type LateInvoice,
  type ReminderSettings,
  remindersQuery,
  templatesPath,
  useSaveReminderSettings,
  useSendReminders,
} from "./api.ts";
import { ReminderPreview } from "./reminder-preview.tsx";

/** The days after the due date each level waits, worded by the `validation` catalogue. */
const useSettingsSchema = (levels: ReminderSettings["levels"]) => {
  const { t } = useTranslation(["mail", "validation"]);
  return useMemo(
    () =>
      z
        .object({ automatic: z.boolean(), days: z.array(z.union([z.number(), z.string()])) })
        .superRefine(({ days }, context) => {
          days.forEach((value, i) => {
            const label = t("reminders.levelDays", { level: levels[i]?.level });
            const message =
              value === ""
                ? t("validation:required", { label })
                : Number(value) < 1
                  ? t("validation:min", { label, min: 1 })
                  : Number(value) > 365
                    ? t("validation:max", { label, max: 365 })
                    : null;
            if (message) context.addIssue({ code: "custom", path: ["days", i], message });
          });
        })
        .transform(
          ({ automatic, days }): ReminderSettings => ({
            automatic,
            levels: levels.map((l, i) => ({ level: l.level, days: Number(days[i] ?? l.days) })),
          }),
        ),
    [t, levels],
  );
};

const SettingsCard = ({ settings, canEdit }: { settings: ReminderSettings; canEdit: boolean }) => {
  const { t } = useTranslation("mail");
  const save = useSaveReminderSettings();
  const form = useSchemaForm(useSettingsSchema(settings.levels), {
    automatic: settings.automatic,
    days: settings.levels.map((l): number | string => l.days),
  });
  return (
    <FormCard
      testId="reminder-settings"
      width={760}
      onSubmit={form.onSubmit((input) => save.mutate(input))}
      error={save.isError ? save.error : null}
      actions={
        canEdit ? (
          <FormActions
            submitLabel={t("reminders.save")}
            pending={save.isPending}
            submitTestId="reminder-settings-save"
          />
        ) : null
      }
    >
      <Title order={2} size="h5">
        {t("reminders.settings")}
      </Title>
      <Group gap="md" align="flex-start">
        {settings.levels.map((level, i) => (
          <NumberInput
            key={level.level}
            label={t("reminders.levelDays", { level: level.level })}
            {...form.getInputProps(`days.${i}`)}
            min={1}
            max={365}
            allowDecimal={false}
            disabled={!canEdit}
            w={200}
            data-testid={`reminder-days-${level.level}`}
          />
        ))}
      </Group>
      <Switch
        label={t("reminders.automatic")}
        {...form.getInputProps("automatic", { type: "checkbox" })}
        disabled={!canEdit}
        data-testid="reminder-automatic"
      />
      <Text size="xs" c="dimmed">
        {t("reminders.formalNotice")} <Link to={templatesPath}>{t("reminders.templates")}</Link>
      </Text>
      {save.isSuccess ? (
        <Text size="sm" c="teal" data-testid="reminder-settings-saved">
          {t("reminders.saved")}
        </Text>
      ) : null}
    </FormCard>
  );
};

/** `/org/sales/reminders`: the late sales invoices, the reminder due for each, sent one by one or in bulk. */
export const RemindersPage = () => {
  const { t } = useTranslation("mail");
  const { locale, shortDate } = useFormat();
  const can = useCanDocs();
  const list = useQuery({ ...remindersQuery(), enabled: can("sales.invoices", "read") });
  const send = useSendReminders();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // The reminder shown before it is sent (one click shows it; the dialog sends it).
  const [preview, setPreview] = useState<LateInvoice | null>(null);
  const canSend = can("sales.invoices", "update");
  const money = (cents: number | null) => (cents === null ? "—" : formatCents(cents, locale));
  const sendIds = (ids: string[]) => send.mutate(ids, { onSuccess: () => setSelected(new Set()) });
  const columns = (rows: readonly LateInvoice[]): Column<LateInvoice>[] => {
    const dueRows = rows.filter((r) => r.dueLevel !== null);
    return [
      selectColumn({
        rows: dueRows,
        selected,
        onChange: setSelected,
        allLabel: t("reminders.sendSelected", { count: dueRows.length }),
        rowLabel: (row) => row.number ?? "",
        disabled: (row) => row.dueLevel === null,
        allTestId: "reminders-select-all",
        testId: "reminder-select",
      }),
      {
        key: "number",
        header: t("reminders.invoice"),
        width: 120,
        cellProps: () => ({ style: { whiteSpace: "nowrap" } }),
        cell: (row) => (
          <Link to={docPath(row.id)} className="registre-row-link">
            <DocNumber number={row.number} />
          </Link>
        ),
      },
      { key: "contact", header: t("reminders.contact"), cell: (row) => row.contactName ?? "—" },
      {
        key: "dueDate",
        header: t("reminders.dueDate"),
        width: 100,
        numeric: true,
        cell: (row) => (row.dueDate ? shortDate(row.dueDate) : "—"),
      },
      {
        key: "daysLate",
        header: t("reminders.daysLate"),
        width: 70,
        numeric: true,
        sort: (a, b) => (a.daysLate ?? 0) - (b.daysLate ?? 0),
        cell: (row) => (
          <Text span c="red" size="sm">
            {t("reminders.days", { count: row.daysLate ?? 0 })}
          </Text>
        ),
      },
      { key: "due", header: t("reminders.due"), width: 100, numeric: true, cell: (row) => money(row.due) },
      {
        key: "penalty",
        header: t("reminders.penalty"),
        width: 100,
        numeric: true,
        cell: (row) => money(row.penalty),
      },
      {
        key: "indemnity",
        header: t("reminders.indemnity"),
        width: 90,
        numeric: true,
        cell: (row) => money(row.indemnity),
      },
      {
        key: "action",
        header: t("reminders.dueLevel"),
        width: 150,
        cell: (row) => (
          <Stack gap={2} align="flex-start">
            {row.dueLevel === null ? (
              t("reminders.none")
            ) : canSend ? (
              <Button
                size="compact-xs"
                variant="light"
                loading={send.isPending && send.variables?.includes(row.id)}
                onClick={() => {
                  send.reset();
                  setPreview(row);
                }}
                data-testid="reminder-send"
              >
                {t("reminders.sendLevel", { level: row.dueLevel })}
              </Button>
            ) : (
              t("reminders.level", { level: row.dueLevel })
            )}
            {row.remindersSent.length ? (
              <Text size="xs" c="dimmed" data-testid="reminder-sent">
                {t("reminders.sentLevels", { levels: row.remindersSent.join(", ") })}
              </Text>
            ) : null}
          </Stack>
        ),
      },
    ];
  };
  return (
    <PageFrame
      allowed={can("sales.invoices", "read")}
      title={t("reminders.title")}
      description={t("reminders.description")}
      actions={
        canSend ? (
          <Button
            disabled={selected.size === 0}
            loading={send.isPending}
            onClick={() => sendIds([...selected])}
            data-testid="reminders-send-selected"
          >
            {t("reminders.sendSelected", { count: selected.size })}
          </Button>
        ) : null
      }
    >
      <ReminderPreview
        invoice={
          preview?.dueLevel ? { id: preview.id, number: preview.number, dueLevel: preview.dueLevel } : null
        }
        pending={send.isPending}
        error={preview ? send.error : null}
        onSend={() => {
          if (preview) send.mutate([preview.id], { onSuccess: () => setPreview(null) });
        }}
        onClose={() => setPreview(null)}
      />
      {send.isError && !preview ? <ErrorAlert error={send.error} /> : null}
      {send.data ? (
        <Alert color={send.data.refused.length ? "orange" : "teal"} data-testid="reminders-report">
          <Stack gap={4}>
            <Text size="sm">
              {t("reminders.reportSent", { count: send.data.sent.length })},{" "}
              {t("reminders.reportRefused", { count: send.data.refused.length })}
            </Text>
            {send.data.refused.map((r) => (
              <Text key={r.id} size="xs">
                {r.message}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}
      <QueryView query={list}>
        {(data) => (
          <Stack gap="lg">
            <DataTable
              rows={data.items}
              columns={columns(data.items)}
              rowKey={(row) => row.id}
              empty={t("reminders.empty")}
              testId="reminders-table"
            />
            <SettingsCard
              key={JSON.stringify(data.settings)}
              settings={data.settings}
              canEdit={can("organization", "update")}
            />
          </Stack>
        )}
      </QueryView>
    </PageFrame>
  );
};
