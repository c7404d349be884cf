import {
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Input,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { useFieldMessage } from "../../components/field-message.ts";
import { PlusIcon } from "../../components/icons.tsx";
import { useRowLink } from "../../components/row-link.ts";
import { useFormat } from "../../i18n/format.ts";
import { maxLength, required, type ValidationMessage, validate } from "../../lib/validation.ts";
import { PageHeader } from "../org/page-header.tsx";
import { useCan } from "./access.ts";
import {
  type Account,
  type AccountFilter,
  type AccountKind,
  accountQuery,
  accountsQuery,
  chartQuery,
  useCreateAccount,
  useDeleteAccount,
  useUpdateAccount,
} from "./api.ts";
import { accountPath, accountsPath, ledgerPath } from "./paths.ts";
import {
  accountLabel,
  BookTable,
  DeleteModal,
  EditIcon,
  EmptyRow,
  Fields,
  NoAccess,
  QueryView,
  TrashIcon,
} from "./ui.tsx";

export const accountClasses = [1, 2, 3, 4, 5, 6, 7, 8] as const;

/** General accounts: three PCG digits (class 1 to 8), then digits or capitals (core/src/accounting/chart.ts). */
export const generalNumber = /^[1-8]\d{2}[0-9A-Z]{0,17}$/;
/** Auxiliary accounts: a code such as "CALPHA" or "F0001". */
export const auxiliaryNumber = /^[0-9A-Z][0-9A-Z_.-]{0,16}$/;

const readFilter = (params: URLSearchParams): AccountFilter => {
  const cls = Number(params.get("class"));
  const kind = params.get("kind");
  return {
    q: (params.get("q") ?? "").trim(),
    class: Number.isInteger(cls) && cls >= 1 && cls <= 8 ? cls : null,
    kind: kind === "general" || kind === "auxiliary" ? kind : null,
  };
};

const writeFilter = (filter: AccountFilter): URLSearchParams => {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.class) params.set("class", String(filter.class));
  if (filter.kind) params.set("kind", filter.kind);
  return params;
};

/** The badges of an account's nature: collective, lettrable, auxiliary of…, closed. */
const AccountBadges = ({ account }: { account: Account }) => {
  const { t } = useTranslation("accounting");
  return (
    <Group gap={4} wrap="nowrap">
      {account.kind === "auxiliary" ? (
        <Badge size="xs" variant="light" color="grape" radius="sm" tt="none">
          {t("accounts.auxiliaryOf", { control: account.control ?? "" })}
        </Badge>
      ) : null}
      {account.collective ? (
        <Badge size="xs" variant="light" color="indigo" radius="sm" tt="none">
          {t("accounts.collective")}
        </Badge>
      ) : null}
      {account.lettrable ? (
        <Badge size="xs" variant="light" color="cyan" radius="sm" tt="none">
          {t("accounts.lettrable")}
        </Badge>
      ) : null}
      {account.closed ? (
        <Badge size="xs" variant="light" color="gray" radius="sm" tt="none">
          {t("accounts.closed")}
        </Badge>
      ) : null}
    </Group>
  );
};

/** `/org/accounting/accounts`: the chart of accounts, searched and filtered by class and kind. */
export const AccountsPage = () => {
  const { t } = useTranslation("accounting");
  const { locale, number } = useFormat();
  const can = useCan();
  const rowLink = useRowLink();
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const [search, setSearch] = useState(filter.q);
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const applied = useRef(debounced);
  useEffect(() => {
    if (debounced === applied.current) return;
    applied.current = debounced;
    if (debounced !== filter.q) setParams(writeFilter({ ...filter, q: debounced }), { replace: true });
  }, [debounced, filter, setParams]);
  const accounts = useQuery({ ...accountsQuery(filter), enabled: can("accounts", "read") });
  if (!can("accounts", "read"))
    return (
      <Stack gap="lg">
        <PageHeader title={t("accounts.title")} />
        <NoAccess />
      </Stack>
    );
  const set = (next: Partial<AccountFilter>) => setParams(writeFilter({ ...filter, ...next }));
  return (
    <Stack gap="md">
      <PageHeader
        title={t("accounts.title")}
        description={t("accounts.description")}
        actions={
          can("accounts", "create") ? (
            <Button
              component={Link}
              to={`${accountsPath}/create`}
              leftSection={<PlusIcon />}
              data-testid="account-new"
            >
              {t("accounts.new")}
            </Button>
          ) : null
        }
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          type="search"
          label={t("accounts.search")}
          placeholder={t("accounts.searchPlaceholder")}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={280}
          autoComplete="off"
          spellCheck={false}
          data-testid="accounts-search"
        />
        <Select
          label={t("accounts.class")}
          data={[
            { value: "", label: t("accounts.allClasses") },
            ...accountClasses.map((c) => ({ value: String(c), label: `${c} · ${t(`classes.${c}`)}` })),
          ]}
          value={filter.class ? String(filter.class) : ""}
          onChange={(value) => set({ class: value ? Number(value) : null })}
          allowDeselect={false}
          w={300}
          data-testid="accounts-class"
        />
        <div>
          <Input.Label id="accounts-kind-label" display="block">
            {t("accounts.kind")}
          </Input.Label>
          <SegmentedControl
            aria-labelledby="accounts-kind-label"
            data={[
              { value: "", label: t("accounts.allKinds") },
              { value: "general", label: t("accounts.kinds.general") },
              { value: "auxiliary", label: t("accounts.kinds.auxiliary") },
            ]}
            value={filter.kind ?? ""}
            onChange={(value) => set({ kind: value === "" ? null : (value as AccountKind) })}
            data-testid="accounts-kind"
          />
        </div>
        {accounts.data ? (
          <Text size="sm" c="dimmed" ml="auto" className="registre-numeric" data-testid="accounts-count">
            {t("accounts.count", {
              count: accounts.data.items.length,
              n: number(accounts.data.items.length),
            })}
          </Text>
        ) : null}
      </Group>
      <QueryView query={accounts} testId="accounts-error">
        {(data) => (
          <div style={{ opacity: accounts.isPlaceholderData ? 0.6 : 1 }}>
            <BookTable testId="accounts-table" caption={t("accounts.title")} minWidth={640}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={140}>{t("accounts.number")}</Table.Th>
                  <Table.Th>{t("accounts.label")}</Table.Th>
                  <Table.Th w={80} ta="center">
                    {t("accounts.classShort")}
                  </Table.Th>
                  <Table.Th w={260}>{t("accounts.nature")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.length === 0 ? (
                  <EmptyRow colSpan={4}>{t("accounts.empty")}</EmptyRow>
                ) : (
                  data.items.map((account) => (
                    <Table.Tr
                      key={account.number}
                      className="registre-row"
                      data-testid="account-row"
                      data-number={account.number}
                      onClick={rowLink(accountPath(account.number))}
                      style={account.closed ? { opacity: 0.6 } : undefined}
                    >
                      <Table.Td>
                        <Link to={accountPath(account.number)} className="registre-row-link acc-code">
                          {account.number}
                        </Link>
                      </Table.Td>
                      <Table.Td>{accountLabel(account, locale)}</Table.Td>
                      <Table.Td ta="center" className="registre-numeric">
                        {account.kind === "general" ? account.class : "—"}
                      </Table.Td>
                      <Table.Td>
                        <AccountBadges account={account} />
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </BookTable>
          </div>
        )}
      </QueryView>
    </Stack>
  );
};

/** `/org/accounting/accounts/{id}`: one account, its auxiliary accounts, edit and delete. */
export const AccountDetailPage = () => {
  const { t } = useTranslation(["accounting", "common"]);
  const { locale } = useFormat();
  const can = useCan();
  const number = useParams().id ?? "";
  const account = useQuery({ ...accountQuery(number), enabled: can("accounts", "read") });
  const chart = useQuery({
    ...chartQuery(),
    enabled: can("accounts", "read") && account.data?.collective === true,
  });
  const remove = useDeleteAccount();
  const [deleting, setDeleting] = useState(false);
  const crumbs = [{ to: accountsPath, label: t("accounts.title") }];
  if (!can("accounts", "read"))
    return (
      <Stack gap="lg">
        <PageHeader title={t("accounts.title")} crumbs={crumbs} />
        <NoAccess />
      </Stack>
    );
  const auxiliaries = (chart.data?.items ?? []).filter((a) => a.kind === "auxiliary" && a.control === number);
  const yes = (value: boolean) => (value ? t("common:values.yes") : t("common:values.no"));
  return (
    <Stack gap="md">
      <PageHeader
        title={account.data ? `${account.data.number} · ${accountLabel(account.data, locale)}` : number}
        crumbs={crumbs}
        actions={
          account.data ? (
            <Group gap="sm">
              <Button component={Link} to={ledgerPath({ account: number })} variant="default">
                {t("accounts.ledger")}
              </Button>
              {can("accounts", "update") ? (
                <Button
                  component={Link}
                  to={`${accountPath(number)}/edit`}
                  variant="default"
                  leftSection={<EditIcon />}
                  data-testid="account-edit"
                >
                  {t("common:actions.edit")}
                </Button>
              ) : null}
              {can("accounts", "delete") ? (
                <Button
                  variant="light"
                  color="red"
                  leftSection={<TrashIcon />}
                  onClick={() => {
                    remove.reset();
                    setDeleting(true);
                  }}
                  data-testid="account-delete"
                >
                  {t("accounts.delete")}
                </Button>
              ) : null}
            </Group>
          ) : null
        }
      />
      <QueryView query={account} testId="account-error">
        {(data) => (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: data.collective ? 6 : 8 }}>
              <Paper p="lg">
                <Fields
                  items={[
                    { label: t("accounts.number"), value: <span className="acc-code">{data.number}</span> },
                    { label: t("accounts.labelFr"), value: data.label },
                    { label: t("accounts.labelEn"), value: data.labelEn || "—" },
                    {
                      label: t("accounts.kind"),
                      value: t(`accounts.kindSingle.${data.kind}`),
                    },
                    ...(data.kind === "general"
                      ? [
                          {
                            label: t("accounts.class"),
                            value: `${data.class} · ${t(`classes.${data.class as 1}`)}`,
                          },
                          { label: t("accounts.collective"), value: yes(data.collective) },
                        ]
                      : [
                          {
                            label: t("accounts.control"),
                            value: data.control ? (
                              <Anchor component={Link} to={accountPath(data.control)} className="acc-code">
                                {data.control}
                              </Anchor>
                            ) : (
                              "—"
                            ),
                          },
                        ]),
                    { label: t("accounts.lettrable"), value: yes(data.lettrable) },
                    {
                      label: t("accounts.state"),
                      value: (
                        <Badge variant="light" color={data.closed ? "gray" : "teal"} radius="sm" tt="none">
                          {data.closed ? t("accounts.closed") : t("accounts.open")}
                        </Badge>
                      ),
                    },
                  ]}
                />
              </Paper>
            </Grid.Col>
            {data.collective ? (
              <Grid.Col span={{ base: 12, md: 6 }}>
                <Stack gap="sm">
                  <Group justify="space-between">
                    <Title order={2} size="h4">
                      {t("accounts.auxiliaries")}
                    </Title>
                    {can("accounts", "create") ? (
                      <Button
                        component={Link}
                        to={`${accountsPath}/create?kind=auxiliary&control=${encodeURIComponent(data.number)}`}
                        size="xs"
                        variant="light"
                        leftSection={<PlusIcon size={14} />}
                      >
                        {t("accounts.newAuxiliary")}
                      </Button>
                    ) : null}
                  </Group>
                  <BookTable minWidth={320}>
                    <Table.Tbody>
                      {auxiliaries.length === 0 ? (
                        <EmptyRow colSpan={2}>{t("accounts.noAuxiliaries")}</EmptyRow>
                      ) : (
                        auxiliaries.map((aux) => (
                          <Table.Tr key={aux.number}>
                            <Table.Td w={140}>
                              <Link to={accountPath(aux.number)} className="registre-row-link acc-code">
                                {aux.number}
                              </Link>
                            </Table.Td>
                            <Table.Td>{accountLabel(aux, locale)}</Table.Td>
                          </Table.Tr>
                        ))
                      )}
                    </Table.Tbody>
                  </BookTable>
                </Stack>
              </Grid.Col>
            ) : null}
          </Grid>
        )}
      </QueryView>
      <DeleteModal
        opened={deleting}
        onClose={() => setDeleting(false)}
        remove={remove}
        id={number}
        listPath={accountsPath}
        title={t("accounts.deleteTitle")}
        confirmLabel={t("accounts.deleteConfirm")}
        testId="account-delete-dialog"
      >
        <Text size="sm">{t("accounts.deleteText", { number })}</Text>
      </DeleteModal>
    </Stack>
  );
};

const AccountEditForm = ({ account }: { account: Account }) => {
  const { t } = useTranslation(["accounting", "common"]);
  const fieldMessage = useFieldMessage();
  const navigate = useNavigate();
  const update = useUpdateAccount(account.number);
  const [label, setLabel] = useState(account.label);
  const [labelEn, setLabelEn] = useState(account.labelEn);
  const [lettrable, setLettrable] = useState(account.lettrable);
  const [closed, setClosed] = useState(account.closed);
  const [errors, setErrors] = useState<{
    label?: ValidationMessage | null;
    labelEn?: ValidationMessage | null;
  }>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = {
      label: validate(label, [required, maxLength(200)]),
      labelEn: validate(labelEn, [maxLength(200)]),
    };
    setErrors(next);
    if (next.label || next.labelEn) return;
    update.mutate(
      { label: label.trim(), labelEn: labelEn.trim(), lettrable, closed },
      { onSuccess: () => void navigate(accountPath(account.number)) },
    );
  };
  const labelFr = t("accounts.labelFr");
  const labelEnName = t("accounts.labelEn");
  return (
    <Paper p="lg" maw={640}>
      <form onSubmit={submit} noValidate data-testid="account-edit-form">
        <Stack gap="md">
          <TextInput label={t("accounts.number")} value={account.number} readOnly disabled />
          <TextInput
            label={labelFr}
            value={label}
            onChange={(event) => {
              setLabel(event.currentTarget.value);
              setErrors((e) => ({ ...e, label: null }));
            }}
            error={fieldMessage(labelFr, errors.label)}
            withAsterisk
            data-autofocus
            data-testid="account-label"
          />
          <TextInput
            label={labelEnName}
            value={labelEn}
            onChange={(event) => {
              setLabelEn(event.currentTarget.value);
              setErrors((e) => ({ ...e, labelEn: null }));
            }}
            error={fieldMessage(labelEnName, errors.labelEn)}
          />
          <Switch
            label={t("accounts.lettrable")}
            description={t("accounts.lettrableHint")}
            checked={lettrable}
            onChange={(event) => setLettrable(event.currentTarget.checked)}
          />
          <Switch
            label={t("accounts.closeAccount")}
            description={t("accounts.closeHint")}
            checked={closed}
            onChange={(event) => setClosed(event.currentTarget.checked)}
            data-testid="account-closed"
          />
          {update.isError ? <ErrorAlert error={update.error} testId="account-save-error" /> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" component={Link} to={accountPath(account.number)}>
              {t("common:actions.cancel")}
            </Button>
            <Button type="submit" loading={update.isPending} data-testid="account-save">
              {t("common:actions.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};

/** `/org/accounting/accounts/{id}/edit`: the labels, lettering and closing of an account. */
export const AccountEditPage = () => {
  const { t } = useTranslation("accounting");
  const can = useCan();
  const number = useParams().id ?? "";
  const account = useQuery({ ...accountQuery(number), enabled: can("accounts", "update") });
  return (
    <Stack gap="md">
      <PageHeader
        title={t("accounts.editTitle", { number })}
        crumbs={[
          { to: accountsPath, label: t("accounts.title") },
          { to: accountPath(number), label: number },
        ]}
      />
      {can("accounts", "update") ? (
        <QueryView query={account} testId="account-error">
          {(data) => <AccountEditForm account={data} />}
        </QueryView>
      ) : (
        <NoAccess />
      )}
    </Stack>
  );
};

/** `/org/accounting/accounts/create`: a general account, or an auxiliary account under a collective one. */
export const AccountCreatePage = () => {
  const { t } = useTranslation(["accounting", "common", "validation"]);
  const { locale } = useFormat();
  const fieldMessage = useFieldMessage();
  const can = useCan();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [kind, setKind] = useState<AccountKind>(params.get("kind") === "auxiliary" ? "auxiliary" : "general");
  const [number, setNumber] = useState("");
  const [label, setLabel] = useState("");
  const [labelEn, setLabelEn] = useState("");
  const [lettrable, setLettrable] = useState(false);
  const [collective, setCollective] = useState(false);
  const [control, setControl] = useState<string | null>(params.get("control"));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const chart = useQuery({ ...chartQuery(), enabled: can("accounts", "read") });
  const create = useCreateAccount();
  const collectives = (chart.data?.items ?? []).filter((a) => a.collective && !a.closed);

  const numberLabel = t("accounts.number");
  const labelFr = t("accounts.labelFr");
  const labelEnName = t("accounts.labelEn");
  const controlLabel = t("accounts.control");
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const clean = number.trim().toUpperCase();
    const pattern = kind === "general" ? generalNumber : auxiliaryNumber;
    const next: Record<string, string | undefined> = {
      number:
        fieldMessage(numberLabel, validate(clean, [required])) ??
        (pattern.test(clean)
          ? undefined
          : t(kind === "general" ? "accounts.numberInvalid" : "accounts.auxiliaryNumberInvalid")),
      label: fieldMessage(labelFr, validate(label, [required, maxLength(200)])),
      labelEn: fieldMessage(labelEnName, validate(labelEn, [maxLength(200)])),
      control:
        kind === "auxiliary" ? fieldMessage(controlLabel, validate(control ?? "", [required])) : undefined,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    create.mutate(
      kind === "general"
        ? { number: clean, label: label.trim(), labelEn: labelEn.trim(), lettrable, collective }
        : { number: clean, label: label.trim(), control: control ?? "" },
      { onSuccess: (account) => void navigate(accountPath(account.number)) },
    );
  };
  const clear = (field: string) => setErrors((e) => ({ ...e, [field]: undefined }));
  return (
    <Stack gap="md">
      <PageHeader
        title={t("accounts.createTitle")}
        description={t("accounts.createDescription")}
        crumbs={[{ to: accountsPath, label: t("accounts.title") }]}
      />
      {can("accounts", "create") ? (
        <Paper p="lg" maw={640}>
          <form onSubmit={submit} noValidate data-testid="account-create-form">
            <Stack gap="md">
              <SegmentedControl
                aria-label={t("accounts.kind")}
                data={[
                  { value: "general", label: t("accounts.kindSingle.general") },
                  { value: "auxiliary", label: t("accounts.kindSingle.auxiliary") },
                ]}
                value={kind}
                onChange={(value) => {
                  setKind(value as AccountKind);
                  setErrors({});
                }}
              />
              {kind === "auxiliary" ? (
                <Select
                  label={controlLabel}
                  description={t("accounts.controlHint")}
                  data={collectives.map((a) => ({
                    value: a.number,
                    label: `${a.number} · ${accountLabel(a, locale)}`,
                  }))}
                  value={control}
                  onChange={(value) => {
                    setControl(value);
                    clear("control");
                  }}
                  searchable
                  withAsterisk
                  error={errors.control}
                  nothingFoundMessage={t("accounts.empty")}
                  data-testid="account-control"
                />
              ) : null}
              <TextInput
                label={numberLabel}
                description={
                  kind === "general" ? t("accounts.numberHint") : t("accounts.auxiliaryNumberHint")
                }
                value={number}
                onChange={(event) => {
                  setNumber(event.currentTarget.value.toUpperCase());
                  clear("number");
                }}
                error={errors.number}
                withAsterisk
                autoComplete="off"
                spellCheck={false}
                classNames={{ input: "acc-code" }}
                data-autofocus
                data-testid="account-number"
              />
              <TextInput
                label={labelFr}
                value={label}
                onChange={(event) => {
                  setLabel(event.currentTarget.value);
                  clear("label");
                }}
                error={errors.label}
                withAsterisk
                data-testid="account-label"
              />
              {kind === "general" ? (
                <>
                  <TextInput
                    label={labelEnName}
                    value={labelEn}
                    onChange={(event) => {
                      setLabelEn(event.currentTarget.value);
                      clear("labelEn");
                    }}
                    error={errors.labelEn}
                  />
                  <Switch
                    label={t("accounts.collective")}
                    description={t("accounts.collectiveHint")}
                    checked={collective}
                    onChange={(event) => setCollective(event.currentTarget.checked)}
                  />
                  <Switch
                    label={t("accounts.lettrable")}
                    description={t("accounts.lettrableHint")}
                    checked={lettrable}
                    onChange={(event) => setLettrable(event.currentTarget.checked)}
                  />
                </>
              ) : null}
              {create.isError ? <ErrorAlert error={create.error} testId="account-create-error" /> : null}
              {chart.isError ? <Alert color="orange">{t("accounts.chartUnavailable")}</Alert> : null}
              <Group justify="flex-end" gap="sm">
                <Button variant="default" component={Link} to={accountsPath}>
                  {t("common:actions.cancel")}
                </Button>
                <Button type="submit" loading={create.isPending} data-testid="account-create-submit">
                  {t("accounts.create")}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      ) : (
        <NoAccess />
      )}
    </Stack>
  );
};
