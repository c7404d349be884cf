import { Badge, Button, Group, Paper, Select, Stack, Switch, Table, Text, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { useFieldMessage } from "../../components/field-message.ts";
import { PlusIcon } from "../../components/icons.tsx";
import { useRowLink } from "../../components/row-link.ts";
import { useFormat } from "../../i18n/format.ts";
import { maxLength, required, validate } from "../../lib/validation.ts";
import { PageHeader } from "../org/page-header.tsx";
import { useCan } from "./access.ts";
import {
  chartQuery,
  type Journal,
  type JournalKind,
  journalKinds,
  journalQuery,
  journalsQuery,
  useCreateJournal,
  useDeleteJournal,
  useUpdateJournal,
} from "./api.ts";
import { accountPath, entriesPath, journalPath, journalsPath } from "./paths.ts";
import {
  accountLabel,
  BookTable,
  DeleteModal,
  EditIcon,
  EmptyRow,
  Fields,
  journalLabel,
  NoAccess,
  QueryView,
  TrashIcon,
} from "./ui.tsx";

const journalCode = /^[A-Z0-9]{1,6}$/;
const treasuryKinds: readonly JournalKind[] = ["bank", "cash"];

const kindColors: Record<JournalKind, string> = {
  sales: "teal",
  purchases: "orange",
  bank: "blue",
  cash: "cyan",
  misc: "gray",
  opening: "grape",
};

export const JournalKindBadge = ({ kind }: { kind: JournalKind }) => {
  const { t } = useTranslation("accounting");
  return (
    <Badge size="sm" variant="light" color={kindColors[kind]} radius="sm" tt="none">
      {t(`journals.kinds.${kind}`)}
    </Badge>
  );
};

/** `/org/accounting/journals`: the journals of the organisation. */
export const JournalsPage = () => {
  const { t } = useTranslation(["accounting", "common"]);
  const { locale } = useFormat();
  const can = useCan();
  const rowLink = useRowLink();
  const journals = useQuery({ ...journalsQuery(), enabled: can("journals", "read") });
  if (!can("journals", "read"))
    return (
      <Stack gap="lg">
        <PageHeader title={t("journals.title")} />
        <NoAccess />
      </Stack>
    );
  return (
    <Stack gap="md">
      <PageHeader
        title={t("journals.title")}
        description={t("journals.description")}
        actions={
          can("journals", "create") ? (
            <Button
              component={Link}
              to={`${journalsPath}/create`}
              leftSection={<PlusIcon />}
              data-testid="journal-new"
            >
              {t("journals.new")}
            </Button>
          ) : null
        }
      />
      <QueryView query={journals} testId="journals-error">
        {(data) => (
          <BookTable testId="journals-table" caption={t("journals.title")} minWidth={640}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={100}>{t("journals.code")}</Table.Th>
                <Table.Th>{t("journals.label")}</Table.Th>
                <Table.Th w={180}>{t("journals.kind")}</Table.Th>
                <Table.Th w={180}>{t("journals.account")}</Table.Th>
                <Table.Th w={120} ta="center">
                  {t("journals.vat")}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.length === 0 ? (
                <EmptyRow colSpan={5}>{t("journals.empty")}</EmptyRow>
              ) : (
                data.items.map((journal) => (
                  <Table.Tr
                    key={journal.code}
                    className="registre-row"
                    data-testid="journal-row"
                    onClick={rowLink(journalPath(journal.code))}
                  >
                    <Table.Td>
                      <Link to={journalPath(journal.code)} className="registre-row-link acc-code">
                        {journal.code}
                      </Link>
                    </Table.Td>
                    <Table.Td>{journalLabel(journal, locale)}</Table.Td>
                    <Table.Td>
                      <JournalKindBadge kind={journal.kind} />
                    </Table.Td>
                    <Table.Td className="acc-code">{journal.account ?? "—"}</Table.Td>
                    <Table.Td ta="center">
                      {journal.vat ? (
                        <Badge size="sm" variant="light" radius="sm" tt="none">
                          {t("common:values.yes")}
                        </Badge>
                      ) : (
                        <Text span c="dimmed">
                          —
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </BookTable>
        )}
      </QueryView>
    </Stack>
  );
};

/** `/org/accounting/journals/{id}`: one journal. */
export const JournalDetailPage = () => {
  const { t } = useTranslation(["accounting", "common"]);
  const { locale } = useFormat();
  const can = useCan();
  const code = useParams().id ?? "";
  const journal = useQuery({ ...journalQuery(code), enabled: can("journals", "read") });
  const remove = useDeleteJournal();
  const [deleting, setDeleting] = useState(false);
  const crumbs = [{ to: journalsPath, label: t("journals.title") }];
  if (!can("journals", "read"))
    return (
      <Stack gap="lg">
        <PageHeader title={t("journals.title")} crumbs={crumbs} />
        <NoAccess />
      </Stack>
    );
  return (
    <Stack gap="md">
      <PageHeader
        title={journal.data ? `${journal.data.code} · ${journalLabel(journal.data, locale)}` : code}
        crumbs={crumbs}
        actions={
          journal.data ? (
            <Group gap="sm">
              <Button
                component={Link}
                to={`${entriesPath}?journal=${encodeURIComponent(code)}`}
                variant="default"
              >
                {t("journals.entries")}
              </Button>
              {can("journals", "update") ? (
                <Button
                  component={Link}
                  to={`${journalPath(code)}/edit`}
                  variant="default"
                  leftSection={<EditIcon />}
                >
                  {t("common:actions.edit")}
                </Button>
              ) : null}
              {can("journals", "delete") ? (
                <Button
                  variant="light"
                  color="red"
                  leftSection={<TrashIcon />}
                  onClick={() => {
                    remove.reset();
                    setDeleting(true);
                  }}
                  data-testid="journal-delete"
                >
                  {t("journals.delete")}
                </Button>
              ) : null}
            </Group>
          ) : null
        }
      />
      <QueryView query={journal} testId="journal-error">
        {(data) => (
          <Paper p="lg" maw={720}>
            <Fields
              items={[
                { label: t("journals.code"), value: <span className="acc-code">{data.code}</span> },
                { label: t("journals.labelFr"), value: data.label },
                { label: t("journals.labelEn"), value: data.labelEn || "—" },
                { label: t("journals.kind"), value: <JournalKindBadge kind={data.kind} /> },
                {
                  label: t("journals.account"),
                  value: data.account ? (
                    <Link to={accountPath(data.account)} className="acc-code acc-link">
                      {data.account}
                    </Link>
                  ) : (
                    "—"
                  ),
                },
                {
                  label: t("journals.vat"),
                  value: data.vat ? t("common:values.yes") : t("common:values.no"),
                },
              ]}
            />
          </Paper>
        )}
      </QueryView>
      <DeleteModal
        opened={deleting}
        onClose={() => setDeleting(false)}
        remove={remove}
        id={code}
        listPath={journalsPath}
        title={t("journals.deleteTitle")}
        confirmLabel={t("journals.deleteConfirm")}
        testId="journal-delete-dialog"
      >
        <Text size="sm">{t("journals.deleteText", { code })}</Text>
      </DeleteModal>
    </Stack>
  );
};

/** The fields of a journal, to create one or change one (its code and kind are fixed once created). */
const JournalForm = ({ journal }: { journal: Journal | null }) => {
  const { t } = useTranslation(["accounting", "common"]);
  const { locale } = useFormat();
  const fieldMessage = useFieldMessage();
  const navigate = useNavigate();
  const chart = useQuery(chartQuery());
  const create = useCreateJournal();
  const update = useUpdateJournal(journal?.code ?? "");
  const save = journal ? update : create;
  const [code, setCode] = useState(journal?.code ?? "");
  const [label, setLabel] = useState(journal?.label ?? "");
  const [labelEn, setLabelEn] = useState(journal?.labelEn ?? "");
  const [kind, setKind] = useState<JournalKind>(journal?.kind ?? "misc");
  const [vat, setVat] = useState(journal?.vat ?? false);
  const [account, setAccount] = useState<string | null>(journal?.account ?? null);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const treasury = treasuryKinds.includes(kind);
  const treasuryAccounts = (chart.data?.items ?? []).filter(
    (a) => a.kind === "general" && a.class === 5 && !a.closed,
  );
  const names = {
    code: t("journals.code"),
    label: t("journals.labelFr"),
    labelEn: t("journals.labelEn"),
    account: t("journals.account"),
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const clean = code.trim().toUpperCase();
    const next: Record<string, string | undefined> = {
      code: journal
        ? undefined
        : (fieldMessage(names.code, validate(clean, [required])) ??
          (journalCode.test(clean) ? undefined : t("journals.codeInvalid"))),
      label: fieldMessage(names.label, validate(label, [required, maxLength(100)])),
      labelEn: fieldMessage(names.labelEn, validate(labelEn, [maxLength(100)])),
      account: treasury ? fieldMessage(names.account, validate(account ?? "", [required])) : undefined,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    const common = {
      label: label.trim(),
      labelEn: labelEn.trim(),
      vat,
      account: treasury ? account : null,
    };
    const done = (saved: Journal) => void navigate(journalPath(saved.code));
    if (journal) update.mutate(common, { onSuccess: done });
    else create.mutate({ code: clean, kind, ...common }, { onSuccess: done });
  };
  const clear = (field: string) => setErrors((e) => ({ ...e, [field]: undefined }));
  return (
    <Paper p="lg" maw={640}>
      <form onSubmit={submit} noValidate data-testid="journal-form">
        <Stack gap="md">
          <TextInput
            label={names.code}
            description={journal ? undefined : t("journals.codeHint")}
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value.toUpperCase());
              clear("code");
            }}
            error={errors.code}
            disabled={journal !== null}
            withAsterisk={journal === null}
            maxLength={6}
            autoComplete="off"
            classNames={{ input: "acc-code" }}
            data-autofocus={journal === null ? true : undefined}
            data-testid="journal-code"
          />
          <Select
            label={t("journals.kind")}
            data={journalKinds.map((value) => ({ value, label: t(`journals.kinds.${value}`) }))}
            value={kind}
            onChange={(value) => {
              if (value) setKind(value as JournalKind);
            }}
            allowDeselect={false}
            disabled={journal !== null}
            withAsterisk={journal === null}
          />
          <TextInput
            label={names.label}
            value={label}
            onChange={(event) => {
              setLabel(event.currentTarget.value);
              clear("label");
            }}
            error={errors.label}
            withAsterisk
            data-autofocus={journal !== null ? true : undefined}
            data-testid="journal-label"
          />
          <TextInput
            label={names.labelEn}
            value={labelEn}
            onChange={(event) => {
              setLabelEn(event.currentTarget.value);
              clear("labelEn");
            }}
            error={errors.labelEn}
          />
          {treasury ? (
            <Select
              label={names.account}
              description={t("journals.accountHint")}
              data={treasuryAccounts.map((a) => ({
                value: a.number,
                label: `${a.number} · ${accountLabel(a, locale)}`,
              }))}
              value={account}
              onChange={(value) => {
                setAccount(value);
                clear("account");
              }}
              searchable
              withAsterisk
              error={errors.account}
            />
          ) : null}
          <Switch
            label={t("journals.vatJournal")}
            description={t("journals.vatHint")}
            checked={vat}
            onChange={(event) => setVat(event.currentTarget.checked)}
          />
          {save.isError ? <ErrorAlert error={save.error} testId="journal-save-error" /> : null}
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              component={Link}
              to={journal ? journalPath(journal.code) : journalsPath}
            >
              {t("common:actions.cancel")}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="journal-save">
              {journal ? t("common:actions.save") : t("journals.create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};

/** `/org/accounting/journals/{id}/edit`. */
export const JournalEditPage = () => {
  const { t } = useTranslation("accounting");
  const can = useCan();
  const code = useParams().id ?? "";
  const journal = useQuery({ ...journalQuery(code), enabled: can("journals", "update") });
  return (
    <Stack gap="md">
      <PageHeader
        title={t("journals.editTitle", { code })}
        crumbs={[
          { to: journalsPath, label: t("journals.title") },
          { to: journalPath(code), label: code },
        ]}
      />
      {can("journals", "update") ? (
        <QueryView query={journal} testId="journal-error">
          {(data) => <JournalForm journal={data} />}
        </QueryView>
      ) : (
        <NoAccess />
      )}
    </Stack>
  );
};

/** `/org/accounting/journals/create`. */
export const JournalCreatePage = () => {
  const { t } = useTranslation("accounting");
  const can = useCan();
  return (
    <Stack gap="md">
      <PageHeader
        title={t("journals.createTitle")}
        crumbs={[{ to: journalsPath, label: t("journals.title") }]}
      />
      {can("journals", "create") ? <JournalForm journal={null} /> : <NoAccess />}
    </Stack>
  );
};
