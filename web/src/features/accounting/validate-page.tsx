import { Alert, Anchor, Button, Checkbox, List, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Column } from "../../components/data-table.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { CheckIcon } from "../../components/icons.tsx";
import { QueryTable } from "../../components/query-table.tsx";
import { SavedNotice } from "../../components/saved-notice.tsx";
import { Tag } from "../../components/tag.tsx";
import { useFormat } from "../../i18n/format.ts";
import { useCan } from "./access.ts";
import { draftsQuery, type EntrySummary, useValidateEntries, type ValidationOutcome } from "./api.ts";
import { BooksPage } from "./books-page.tsx";
import { amountColumn, dayColumn, entryLabelColumn, journalColumn } from "./columns.tsx";
import { entriesPath, entryPath } from "./paths.ts";
import { useDay } from "./ui.tsx";

/** `/org/accounting/entries/validate`: the drafts, a selection of them validated at once. */
export const ValidateEntriesPage = () => {
  const { t } = useTranslation("accounting");
  const format = useFormat();
  const day = useDay();
  const can = useCan();
  const drafts = useQuery({ ...draftsQuery(), enabled: can("entries.validate", "read") });
  const validate = useValidateEntries();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [outcome, setOutcome] = useState<(ValidationOutcome & { labels: Map<string, string> }) | null>(null);
  const items = drafts.data?.items ?? [];
  const visible = new Set(items.map((d) => d.mvt));
  const chosen = [...selected].filter((mvt) => visible.has(mvt));
  const allChecked = items.length > 0 && chosen.length === items.length;
  const toggle = (mvt: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(mvt);
      else next.delete(mvt);
      return next;
    });
  const columns: Column<EntrySummary>[] = [
    {
      key: "check",
      header: (
        <Checkbox
          aria-label={t("validate.selectAll")}
          checked={allChecked}
          indeterminate={chosen.length > 0 && !allChecked}
          onChange={(event) =>
            setSelected(event.currentTarget.checked ? new Set(items.map((d) => d.mvt)) : new Set())
          }
          disabled={items.length === 0}
          data-testid="validate-all"
        />
      ),
      width: 40,
      cell: (draft) => (
        <Checkbox
          aria-label={t("validate.select", { label: draft.label })}
          checked={selected.has(draft.mvt)}
          onChange={(event) => toggle(draft.mvt, event.currentTarget.checked)}
          data-testid="draft-check"
        />
      ),
    },
    dayColumn({
      key: "date",
      header: t("entries.date"),
      width: 110,
      day: (draft) => draft.date,
      show: day,
      sortable: true,
    }),
    journalColumn({
      header: t("entries.journalShort"),
      width: 70,
      journal: (draft) => draft.journal,
      sortable: true,
    }),
    { key: "piece", header: t("entries.pieceRef"), width: 130, cell: (draft) => draft.pieceRef },
    entryLabelColumn({
      header: t("entries.label"),
      label: (draft) => draft.label,
      to: (draft) => entryPath(draft.mvt),
    }),
    amountColumn({
      key: "debit",
      header: t("common.debit"),
      width: 130,
      cents: (draft) => draft.debit,
      sortable: true,
    }),
    amountColumn({
      key: "credit",
      header: t("common.credit"),
      width: 130,
      cents: (draft) => draft.credit,
      sortable: true,
    }),
    {
      key: "balance",
      header: "",
      width: 120,
      cell: (draft) =>
        draft.debit !== draft.credit ? (
          <Tag color="red" size="sm">
            {t("validate.unbalanced")}
          </Tag>
        ) : null,
    },
  ];
  const run = () => {
    const labels = new Map(
      items.map((d) => [d.mvt, `${day(d.date)} · ${d.journal} · ${d.pieceRef} · ${d.label}`]),
    );
    validate.mutate(chosen, {
      onSuccess: (result) => {
        setOutcome({ ...result, labels });
        setSelected(new Set(result.refused.map((r) => r.mvt)));
      },
    });
  };
  return (
    <BooksPage
      allowed={can("entries.validate", "read")}
      title={t("validate.title")}
      description={t("validate.description")}
      crumbs={[{ to: entriesPath, label: t("entries.title") }]}
      actions={
        can("entries.validate", "update") ? (
          <Button
            leftSection={<CheckIcon />}
            disabled={chosen.length === 0}
            loading={validate.isPending}
            onClick={run}
            data-testid="validate-selection"
          >
            {t("validate.submit", { count: chosen.length })}
          </Button>
        ) : null
      }
    >
      {validate.isError ? <ErrorAlert error={validate.error} testId="validate-error" /> : null}
      {outcome ? (
        <Stack gap="xs" data-testid="validate-outcome">
          {outcome.validated.length > 0 ? (
            <SavedNotice onClose={() => setOutcome(null)} testId="validate-done">
              {t("validate.validated", {
                count: outcome.validated.length,
                n: format.number(outcome.validated.length),
              })}
            </SavedNotice>
          ) : null}
          {outcome.refused.length > 0 ? (
            <Alert
              color="red"
              variant="light"
              title={t("validate.refused", { count: outcome.refused.length })}
              data-testid="validate-refused"
            >
              <List size="sm" spacing={4}>
                {outcome.refused.map((refusal) => (
                  <List.Item key={refusal.mvt}>
                    <Anchor component={Link} to={entryPath(refusal.mvt)} size="sm" fw={600}>
                      {outcome.labels.get(refusal.mvt) ?? refusal.mvt}
                    </Anchor>
                    {t("common.colon")}
                    {refusal.detail}
                  </List.Item>
                ))}
              </List>
            </Alert>
          ) : null}
        </Stack>
      ) : null}
      <QueryTable
        query={drafts}
        errorTestId="drafts-error"
        columns={columns}
        rowKey={(draft) => draft.mvt}
        rowProps={(draft) => ({
          className: selected.has(draft.mvt) ? "acc-selected" : undefined,
          "data-testid": "draft-row",
          "data-mvt": draft.mvt,
        })}
        empty={t("validate.empty")}
        testId="drafts-table"
        caption={t("validate.title")}
        className="acc-table"
        minWidth={900}
      />
    </BooksPage>
  );
};
