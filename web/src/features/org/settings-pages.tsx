import { FileInput, Group, Image, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { type UseQueryResult, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  FormActions,
  FormCard,
  ResourceFormPage,
  useFormSchema,
  useRules,
  useSchemaForm,
} from "../../components/form.tsx";
import { BuildingIcon, LinkIcon, SettingsIcon, ShieldIcon, UserIcon } from "../../components/icons.tsx";
import { LinkCard } from "../../components/link-card.tsx";
import { MutationButton } from "../../components/mutation-button.tsx";
import { Picture } from "../../components/picture.tsx";
import { SavedNotice } from "../../components/saved-notice.tsx";
import { api } from "../../lib/api-client.ts";
import { getSession, setSession, useSession } from "../../lib/session-store.ts";
import { z } from "../../lib/zod.ts";
import type { Org } from "../platform/orgs/api.ts";
import { PageHeader } from "./page-header.tsx";
import { currentOrgQuery, TaxIdentityCard } from "./tax-identity.tsx";

const settingsLinks = [
  { to: "/org/settings/orgname", key: "orgname", icon: <BuildingIcon /> },
  { to: "/org/settings/orgmail", key: "orgmail", icon: <UserIcon /> },
  { to: "/org/settings/orglogo", key: "orglogo", icon: <SettingsIcon /> },
  { to: "/org/settings/rights", key: "rights", icon: <ShieldIcon /> },
  { to: "/org/settings/clouddrive", key: "clouddrive", icon: <SettingsIcon /> },
  { to: "/org/settings/einvoicing", key: "einvoicing", icon: <LinkIcon /> },
] as const;

export const SettingsPage = () => {
  const { t } = useTranslation("app");
  return (
    <Stack gap="lg">
      <PageHeader title={t("settings.title")} description={t("settings.description")} />
      <TaxIdentityCard />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {settingsLinks.map((link) => (
          <LinkCard
            key={link.key}
            to={link.to}
            icon={link.icon}
            title={t(`settings.${link.key}.title`)}
            description={t(`settings.${link.key}.description`)}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
};

const settingsPath = "/org/settings";

/** A settings screen: its header, its form, « saved » once it is. */
const SettingsFormPage = ({
  name,
  record,
  children,
}: {
  name: "orgname" | "orgmail" | "orglogo";
  record?: UseQueryResult<Org>;
  children: (org: Org | null) => ReactNode;
}) => {
  const { t } = useTranslation("app");
  const head = {
    title: t(`settings.${name}.title`),
    description: t(`settings.${name}.description`),
    crumbs: [{ to: settingsPath, label: t("settings.title") }],
    allowed: true,
  };
  return record ? (
    <ResourceFormPage {...head} record={record}>
      {(org) => children(org)}
    </ResourceFormPage>
  ) : (
    <ResourceFormPage {...head}>{children(null)}</ResourceFormPage>
  );
};

/** What every settings form ends with: « saved » when it worked, cancel and save. */
const SaveActions = ({ save }: { save: { isSuccess: boolean; isPending: boolean } }) => {
  const { t } = useTranslation(["app", "common"]);
  return (
    <>
      {save.isSuccess ? <SavedNotice testId="settings-saved">{t("app:settings.saved")}</SavedNotice> : null}
      <FormActions cancel={settingsPath} submitLabel={t("common:actions.save")} pending={save.isPending} />
    </>
  );
};

/** The organisation's name: a company name, at most 200 characters. */
const useNameSchema = () =>
  useFormSchema(["app", "validation"], (t, rules) => {
    const label = t("app:settings.orgname.label");
    return z.object({
      name: rules
        .text(label, 200, { optional: true })
        .refine((name) => name !== "", { error: t("validation:companyName") }),
    });
  });

export const OrgNamePage = () => {
  const { t } = useTranslation("app");
  const session = useSession();
  const org = session.status === "authenticated" ? session.user.org : null;
  const mutation = useMutation({
    mutationFn: (next: string) => {
      if (!org) throw new Error("no organisation");
      return api.put("/org", { body: { name: next } });
    },
    onSuccess: (result) => {
      const current = getSession();
      if (current.status === "authenticated" && current.user.org) {
        setSession({
          ...current,
          user: { ...current.user, org: { ...current.user.org, name: result.name } },
        });
      }
    },
  });
  const form = useSchemaForm(useNameSchema(), { name: org?.name ?? "" });
  return (
    <SettingsFormPage name="orgname">
      {() => (
        <FormCard
          onSubmit={form.onSubmit(({ name }) => mutation.mutate(name))}
          error={mutation.isError ? mutation.error : null}
          actions={<SaveActions save={mutation} />}
        >
          <TextInput
            label={t("settings.orgname.label")}
            {...form.getInputProps("name")}
            withAsterisk
            autoComplete="organization"
            data-testid="orgname-input"
          />
        </FormCard>
      )}
    </SettingsFormPage>
  );
};

const MailForm = ({ org }: { org: Org }) => {
  const { t } = useTranslation("app");
  const rules = useRules();
  const label = t("settings.orgmail.label");
  const schema = useMemo(() => z.object({ email: rules.email(label) }), [rules, label]);
  const form = useSchemaForm(schema, { email: org.email ?? "" });
  const mutation = useMutation({
    mutationFn: (address: string) => api.put("/org", { body: { email: address } }),
  });
  return (
    <FormCard
      onSubmit={form.onSubmit(({ email }) => mutation.mutate(email))}
      error={mutation.isError ? mutation.error : null}
      actions={<SaveActions save={mutation} />}
    >
      <TextInput
        label={label}
        type="email"
        {...form.getInputProps("email")}
        withAsterisk
        autoComplete="email"
        data-testid="orgmail-input"
      />
    </FormCard>
  );
};

export const OrgMailPage = () => (
  <SettingsFormPage name="orgmail" record={useQuery(currentOrgQuery())}>
    {(org) => (org ? <MailForm org={org} /> : null)}
  </SettingsFormPage>
);

const logoTypes = ["image/png", "image/jpeg", "image/webp", "image/gif"];
const logoSchema = (invalid: string) =>
  z.object({
    file: z.custom<File | null>().transform((file, context): File => {
      if (file && file.size > 0 && logoTypes.includes(file.type) && file.size <= 2 * 1024 * 1024) return file;
      context.addIssue({ code: "custom", message: invalid });
      return z.NEVER;
    }),
  });

const LogoForm = ({ org }: { org: Org }) => {
  const { t } = useTranslation(["app", "validation"]);
  const queryClient = useQueryClient();
  const [preview, setPreview] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (chosen: File) => {
      const body = new FormData();
      body.append("file", chosen);
      return api.post("/org/logo", { body });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(currentOrgQuery().queryKey, saved);
      form.setFieldValue("file", null);
    },
  });
  const remove = useMutation({
    mutationFn: () => api.delete("/org/logo"),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: currentOrgQuery().queryKey }),
  });
  const schema = useMemo(() => logoSchema(t("validation:fileInvalid")), [t]);
  const form = useSchemaForm(schema, { file: null as File | null });
  const file = form.values.file;
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const logo = org.logo ?? null;
  return (
    <FormCard
      onSubmit={form.onSubmit(({ file: chosen }) => save.mutate(chosen))}
      error={save.isError ? save.error : remove.isError ? remove.error : null}
      actions={<SaveActions save={save} />}
    >
      {logo ? (
        <Group gap="md" data-testid="orglogo-current">
          <Picture
            src={logo.png}
            alt={t("app:settings.orglogo.current")}
            style={{ maxHeight: 96, width: "auto" }}
          />
          <MutationButton mutation={remove} variant="subtle" color="red">
            {t("app:settings.orglogo.remove")}
          </MutationButton>
        </Group>
      ) : null}
      <FileInput
        label={t("app:settings.orglogo.label")}
        description={t("app:settings.orglogo.hint")}
        accept={logoTypes.join(",")}
        {...form.getInputProps("file")}
        onChange={(next) => {
          form.setFieldValue("file", next);
          save.reset();
        }}
        clearable
        withAsterisk
        data-testid="orglogo-input"
      />
      {preview && !form.errors.file ? (
        <Image src={preview} alt={t("app:settings.orglogo.preview")} h={96} w="auto" fit="contain" />
      ) : null}
    </FormCard>
  );
};

export const OrgLogoPage = () => (
  <SettingsFormPage name="orglogo" record={useQuery(currentOrgQuery())}>
    {(org) => (org ? <LogoForm org={org} /> : null)}
  </SettingsFormPage>
);
