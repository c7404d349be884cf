import {
  Alert,
  Button,
  FileInput,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { useFieldMessage } from "../../components/field-message.ts";
import {
  BuildingIcon,
  CheckIcon,
  ChevronRightIcon,
  SettingsIcon,
  ShieldIcon,
  UserIcon,
} from "../../components/icons.tsx";
import { Picture } from "../../components/picture.tsx";
import { api } from "../../lib/api-client.ts";
import { getSession, setSession, useSession } from "../../lib/session-store.ts";
import {
  companyName,
  email,
  maxLength,
  required,
  type ValidationMessage,
  validate,
} from "../../lib/validation.ts";
import { PageHeader } from "./page-header.tsx";
import { TaxIdentityCard } from "./tax-identity.tsx";

const settingsLinks = [
  { to: "/org/settings/orgname", key: "orgname", icon: <BuildingIcon /> },
  { to: "/org/settings/orgmail", key: "orgmail", icon: <UserIcon /> },
  { to: "/org/settings/orglogo", key: "orglogo", icon: <SettingsIcon /> },
  { to: "/org/settings/rights", key: "rights", icon: <ShieldIcon /> },
  { to: "/org/settings/clouddrive", key: "clouddrive", icon: <SettingsIcon /> },
] as const;

export const SettingsPage = () => {
  const { t } = useTranslation("app");
  return (
    <Stack gap="lg">
      <PageHeader title={t("settings.title")} description={t("settings.description")} />
      <TaxIdentityCard />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {settingsLinks.map((link) => (
          <Paper key={link.key} p="lg" component={Link} to={link.to} className="registre-kpi">
            <Group justify="space-between" wrap="nowrap">
              <Group gap="md" wrap="nowrap">
                <ThemeIcon variant="light" size={38} radius="md">
                  {link.icon}
                </ThemeIcon>
                <div>
                  <Text fw={650}>{t(`settings.${link.key}.title`)}</Text>
                  <Text size="sm" c="dimmed">
                    {t(`settings.${link.key}.description`)}
                  </Text>
                </div>
              </Group>
              <ChevronRightIcon />
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
};

const SettingsForm = ({
  title,
  description,
  children,
  onSubmit,
}: {
  title: string;
  description: string;
  children: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) => {
  const { t } = useTranslation("app");
  return (
    <Stack gap="lg" maw={640}>
      <PageHeader
        title={title}
        description={description}
        crumbs={[{ to: "/org/settings", label: t("settings.title") }]}
      />
      <Paper p="lg">
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">{children}</Stack>
        </form>
      </Paper>
    </Stack>
  );
};

/** What every settings form ends with: the problem if saving failed, "saved" when it worked, the button. */
const SaveFooter = ({
  save,
  extraError,
}: {
  save: { isError: boolean; error: Error | null; isSuccess: boolean; isPending: boolean };
  extraError?: Error | null;
}) => {
  const { t } = useTranslation(["app", "common"]);
  return (
    <>
      {save.isError ? <ErrorAlert error={save.error} /> : null}
      {extraError ? <ErrorAlert error={extraError} /> : null}
      {save.isSuccess ? (
        <Alert color="teal" variant="light" icon={<CheckIcon />} role="status" data-testid="settings-saved">
          {t("app:settings.saved")}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button type="submit" loading={save.isPending}>
          {t("common:actions.save")}
        </Button>
      </Group>
    </>
  );
};

export const OrgNamePage = () => {
  const { t } = useTranslation(["app", "common"]);
  const fieldMessage = useFieldMessage();
  const session = useSession();
  const org = session.status === "authenticated" ? session.user.org : null;
  const [name, setName] = useState(org?.name ?? "");
  const [error, setError] = useState<ValidationMessage | null>(null);
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
  useEffect(() => {
    if (org) setName(org.name);
  }, [org]);
  const label = t("app:settings.orgname.label");
  return (
    <SettingsForm
      title={t("app:settings.orgname.title")}
      description={t("app:settings.orgname.description")}
      onSubmit={(event) => {
        event.preventDefault();
        const message = validate(name, [companyName, maxLength(200)]);
        setError(message);
        if (!message) mutation.mutate(name.trim());
      }}
    >
      <TextInput
        label={label}
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          setError(null);
        }}
        error={fieldMessage(label, error)}
        withAsterisk
        autoComplete="organization"
        data-testid="orgname-input"
      />
      <SaveFooter save={mutation} />
    </SettingsForm>
  );
};

export const OrgMailPage = () => {
  const { t } = useTranslation(["app", "common"]);
  const fieldMessage = useFieldMessage();
  const [value, setValue] = useState("");
  const [error, setError] = useState<ValidationMessage | null>(null);
  const current = useQuery({
    queryKey: ["org"],
    queryFn: ({ signal }) => api.get("/org", { signal }),
  });
  useEffect(() => {
    if (current.data?.email) setValue(current.data.email);
  }, [current.data]);
  const mutation = useMutation({
    mutationFn: (address: string) => api.put("/org", { body: { email: address } }),
  });
  const label = t("app:settings.orgmail.label");
  return (
    <SettingsForm
      title={t("app:settings.orgmail.title")}
      description={t("app:settings.orgmail.description")}
      onSubmit={(event) => {
        event.preventDefault();
        const message = validate(value, [required, email]);
        setError(message);
        if (!message) mutation.mutate(value.trim());
      }}
    >
      <TextInput
        label={label}
        type="email"
        value={value}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          setError(null);
        }}
        error={fieldMessage(label, error)}
        withAsterisk
        autoComplete="email"
        data-testid="orgmail-input"
      />
      <SaveFooter save={mutation} />
    </SettingsForm>
  );
};

const logoTypes = ["image/png", "image/jpeg", "image/webp", "image/gif"];

export const OrgLogoPage = () => {
  const { t } = useTranslation(["app", "common", "validation"]);
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const current = useQuery({
    queryKey: ["org"],
    queryFn: ({ signal }) => api.get("/org", { signal }),
  });
  const save = useMutation({
    mutationFn: (chosen: File) => {
      const form = new FormData();
      form.append("file", chosen);
      return api.post("/org/logo", { body: form });
    },
    onSuccess: (org) => {
      queryClient.setQueryData(["org"], org);
      setFile(null);
    },
  });
  const remove = useMutation({
    mutationFn: () => api.delete("/org/logo"),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["org"] }),
  });
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const logo = current.data?.logo ?? null;
  return (
    <SettingsForm
      title={t("app:settings.orglogo.title")}
      description={t("app:settings.orglogo.description")}
      onSubmit={(event) => {
        event.preventDefault();
        const invalid =
          !file || file.size === 0 || !logoTypes.includes(file.type) || file.size > 2 * 1024 * 1024;
        setError(invalid ? t("validation:fileInvalid") : null);
        if (!invalid && file) save.mutate(file);
      }}
    >
      {logo ? (
        <Group gap="md" data-testid="orglogo-current">
          <Picture
            src={logo.png}
            alt={t("app:settings.orglogo.current")}
            style={{ maxHeight: 96, width: "auto" }}
          />
          <Button variant="subtle" color="red" onClick={() => remove.mutate()} loading={remove.isPending}>
            {t("app:settings.orglogo.remove")}
          </Button>
        </Group>
      ) : null}
      <FileInput
        label={t("app:settings.orglogo.label")}
        description={t("app:settings.orglogo.hint")}
        accept={logoTypes.join(",")}
        value={file}
        onChange={(next) => {
          setFile(next);
          setError(null);
          save.reset();
        }}
        error={error}
        clearable
        withAsterisk
        data-testid="orglogo-input"
      />
      {preview && !error ? (
        <Image src={preview} alt={t("app:settings.orglogo.preview")} h={96} w="auto" fit="contain" />
      ) : null}
      <SaveFooter save={save} extraError={remove.isError ? remove.error : null} />
    </SettingsForm>
  );
};
