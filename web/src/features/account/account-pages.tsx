import {
  ActionIcon,
  Alert,
  EmptyState,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Tooltip,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { useRules, useSchemaForm } from "../../components/form.tsx";
import { ChevronRightIcon, UserIcon } from "../../components/icons.tsx";
import { LinkButton } from "../../components/link-button.tsx";
import { MutationFormCard } from "../../components/mutation-form-card.tsx";
import { TitleLine } from "../../components/section-title.tsx";
import { useFormat } from "../../i18n/format.ts";
import { api } from "../../lib/api-client.ts";
import { apiRequest } from "../../lib/http.ts";
import { useSession } from "../../lib/session-store.ts";
import { validate } from "../../lib/validation.ts";
import { z } from "../../lib/zod.ts";
import { PageHeader } from "../org/page-header.tsx";
import { type AccountRecord, type AccountResource, accountResources } from "./resources.ts";

const routes = Object.values(accountResources);

/** `/account`: the signed-in person, and the parts of their account. */
export const AccountPage = () => {
  const { t } = useTranslation("account");
  const format = useFormat();
  const session = useSession();
  const account = useQuery({
    queryKey: ["account"],
    queryFn: ({ signal }) => api.get("/account", { signal }),
  });
  const user = session.status === "authenticated" ? session.user : null;
  return (
    <Stack gap="lg">
      <PageHeader title={t("title")} description={t("description")} />
      <Paper p="lg">
        <Group gap="md" wrap="nowrap">
          <ThemeIcon variant="light" size={44} radius="xl">
            <UserIcon />
          </ThemeIcon>
          <div>
            <TitleLine title={account.data?.name ?? user?.name} hint={account.data?.email ?? user?.email} />
            {account.data ? (
              <Text size="xs" c="dimmed">
                {t("since", { date: format.date(account.data.createdAt) })}
              </Text>
            ) : null}
          </div>
        </Group>
        {account.isError ? (
          <Stack mt="md">
            <ErrorAlert error={account.error} testId="account-error" />
          </Stack>
        ) : null}
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {routes.map((resource) => (
          <Paper
            key={resource.route}
            p="lg"
            component={Link}
            to={`/account/${resource.route}`}
            className="registre-kpi"
          >
            <Group justify="space-between" wrap="nowrap">
              <div>
                <TitleLine
                  title={t(`sections.${resource.route}.title`)}
                  hint={t(`sections.${resource.route}.description`)}
                />
              </div>
              <ChevronRightIcon />
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
};

const listKey = (resource: AccountResource) => ["account", resource.api] as const;

/** `/account/{phone,email,address,legal}`: the records, with edit and delete. */
export const AccountResourcePage = ({ route }: { route: AccountResource["route"] }) => {
  const { t } = useTranslation(["account", "common"]);
  const resource = accountResources[route];
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: listKey(resource),
    queryFn: ({ signal }) => apiRequest<{ items: AccountRecord[] }>(`/account/${resource.api}`, { signal }),
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      apiRequest<unknown>(`/account/${resource.api}/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey(resource) }),
  });
  const title = t(`account:sections.${route}.title`);
  let body: React.ReactNode;
  if (list.isPending) body = <Skeleton height={120} />;
  else if (list.isError)
    body = (
      <ErrorAlert error={list.error} onRetry={() => void list.refetch()} testId="account-resource-error" />
    );
  else if (list.data.items.length === 0)
    body = (
      <EmptyState py={48} withIndicatorBackground icon={<UserIcon size={26} />} title={t("account:empty")} />
    );
  else
    body = (
      <Stack gap="sm">
        {list.data.items.map((record) => (
          <Paper key={record.id} p="md">
            <Group justify="space-between" wrap="nowrap">
              <div>
                <Text fw={600}>{String(record[resource.primary] ?? "")}</Text>
                <Text size="sm" c="dimmed">
                  {resource.fields
                    .filter((field) => field.name !== resource.primary)
                    .map((field) => String(record[field.name] ?? ""))
                    .filter(Boolean)
                    .join(" · ")}
                </Text>
              </div>
              <Group gap="xs">
                <LinkButton
                  to={`/account/${route}/edit?id=${encodeURIComponent(record.id)}`}
                  variant="default"
                  size="xs"
                >
                  {t("common:actions.edit")}
                </LinkButton>
                <Tooltip label={t("account:delete")}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t("account:delete")}
                    onClick={() => remove.mutate(record.id)}
                    loading={remove.isPending && remove.variables === record.id}
                  >
                    ×
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Stack gap="lg" maw={820}>
      <PageHeader
        title={title}
        description={t(`account:sections.${route}.description`)}
        crumbs={[{ to: "/account", label: t("account:title") }]}
        actions={
          <LinkButton to={`/account/${route}/edit`} data-testid="account-add">
            {t("account:add")}
          </LinkButton>
        }
      />
      {remove.isError ? <ErrorAlert error={remove.error} /> : null}
      {body}
    </Stack>
  );
};

/** `/account/{…}/edit` (`?id=` to change a record): the form, with a message under each field. */
export const AccountResourceEditPage = ({ route }: { route: AccountResource["route"] }) => {
  const { t } = useTranslation(["account", "common"]);
  const resource = accountResources[route];
  const rules = useRules();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const id = params.get("id");
  const labelOf = (field: AccountResource["fields"][number]) =>
    t(`account:${field.label}` as "account:fields.phone");
  // Each field's rules of `resources.ts`, worded with its label; what is sent is trimmed.
  const schema = z.object(
    Object.fromEntries(
      resource.fields.map((field) => [
        field.name,
        rules
          .check(labelOf(field), (value) => validate(value, field.rules))
          .transform((value) => value.trim()),
      ]),
    ),
  );
  const form = useSchemaForm(schema, Object.fromEntries(resource.fields.map((field) => [field.name, ""])));
  // Editing: the record comes from the list the previous screen loaded (or loads it).
  const existing = useQuery({
    queryKey: listKey(resource),
    queryFn: ({ signal }) => apiRequest<{ items: AccountRecord[] }>(`/account/${resource.api}`, { signal }),
    enabled: id !== null,
  });
  const record = id ? existing.data?.items.find((item) => item.id === id) : undefined;
  const { setValues } = form;
  useEffect(() => {
    if (!record) return;
    setValues(
      Object.fromEntries(
        resource.fields.map((field) => [
          field.name,
          record[field.name] == null ? "" : String(record[field.name]),
        ]),
      ),
    );
  }, [record, resource, setValues]);
  const save = useMutation({
    mutationFn: (body: Record<string, string>) =>
      id
        ? apiRequest<unknown>(`/account/${resource.api}/${encodeURIComponent(id)}`, { method: "PUT", body })
        : apiRequest<unknown>(`/account/${resource.api}`, { method: "POST", body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: listKey(resource) });
      await navigate(`/account/${route}`);
    },
  });
  const title = t(id ? "account:editTitle" : "account:addTitle", {
    section: t(`account:sections.${route}.title`),
  });
  return (
    <Stack gap="lg" maw={640}>
      <PageHeader
        title={title}
        crumbs={[
          { to: "/account", label: t("account:title") },
          { to: `/account/${route}`, label: t(`account:sections.${route}.title`) },
        ]}
      />
      <MutationFormCard
        testId="account-form"
        onSubmit={form.onSubmit((body) => save.mutate(body))}
        mutation={save}
        errorTitle={t("account:saveError")}
        errorTestId="account-save-error"
        cancel={`/account/${route}`}
        submitLabel={t("common:actions.save")}
        submitTestId="account-submit"
      >
        {resource.fields.map((field) => {
          const common = {
            label: labelOf(field),
            ...form.getInputProps(field.name),
            withAsterisk: field.rules.length > 0 && field.name !== "vatNumber",
            "data-testid": `account-field-${field.name}`,
          };
          if (field.kind === "select") {
            return (
              <Select
                key={field.name}
                {...common}
                data={(field.options ?? []).map((option) => ({
                  value: option,
                  label: t(`account:options.${option}` as "account:options.work"),
                }))}
                value={form.values[field.name] || null}
                onChange={(value) => form.setFieldValue(field.name, value ?? "")}
                allowDeselect={false}
              />
            );
          }
          return (
            <TextInput
              key={field.name}
              {...common}
              type={field.kind === "email" ? "email" : field.kind === "tel" ? "tel" : "text"}
              autoComplete={field.autoComplete}
              inputMode={field.numeric ? "numeric" : undefined}
              classNames={field.numeric ? { input: "registre-numeric" } : undefined}
            />
          );
        })}
        {id && existing.isError ? <ErrorAlert error={existing.error} testId="account-load-error" /> : null}
        {save.isSuccess ? <Alert color="teal">{t("account:saved")}</Alert> : null}
      </MutationFormCard>
    </Stack>
  );
};
