import {
  Alert,
  Badge,
  Button,
  Divider,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { useFormSchema, useSchemaForm } from "../../components/form.tsx";
import { BuildingIcon, ChevronRightIcon } from "../../components/icons.tsx";
import { formatSiren } from "../../i18n/format.ts";
import type { SessionOrg } from "../../lib/session.ts";
import { useSession } from "../../lib/session-store.ts";
import { compact, companyName } from "../../lib/validation.ts";
import { z } from "../../lib/zod.ts";
import { changeOrg, createUserOrg, logout, userOrgsQueryOptions } from "./api.ts";
import { AuthCard } from "./auth-card.tsx";
import { safeNext } from "./guards.ts";
import { ReceivedInvitations } from "./received-invitations.tsx";

type OrgChoice = SessionOrg & { siren?: string };

const OrgList = ({
  orgs,
  currentId,
  onPick,
  pendingId,
}: {
  orgs: OrgChoice[];
  currentId: string | null;
  onPick: (id: string) => void;
  pendingId: string | null;
}) => {
  const { t } = useTranslation("session");
  return (
    <Stack gap={8} role="list" data-testid="user-orgs-list">
      {orgs.map((org) => (
        <UnstyledButton
          key={org.id}
          role="listitem"
          className="registre-choice"
          onClick={() => onPick(org.id)}
          disabled={pendingId !== null}
          data-testid="user-org"
          aria-label={t("orgs.choose", { name: org.name })}
        >
          <Group justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <BuildingIcon />
              <div>
                <Text fw={600}>{org.name}</Text>
                {org.siren ? (
                  <Text size="xs" c="dimmed" className="registre-numeric">
                    {`SIREN ${formatSiren(org.siren)}`}
                  </Text>
                ) : null}
              </div>
            </Group>
            {org.id === currentId ? (
              <Badge variant="light" tt="none" fw={500}>
                {t("orgs.current")}
              </Badge>
            ) : (
              <ChevronRightIcon />
            )}
          </Group>
        </UnstyledButton>
      ))}
    </Stack>
  );
};

const CreateOrgForm = () => {
  const { t } = useTranslation("session");
  const navigate = useNavigate();
  const schema = useFormSchema("session", (t, rules) =>
    z.object({
      name: rules.check(t("fields.orgName"), companyName).transform((name) => name.trim()),
      siren: rules.siren(t("fields.siren")).transform(compact),
    }),
  );
  const form = useSchemaForm(schema, { name: "", siren: "" });
  const mutation = useMutation({ mutationFn: createUserOrg });
  return (
    <form
      onSubmit={form.onSubmit((org) =>
        mutation.mutate(org, { onSuccess: () => void navigate("/org/dashboard") }),
      )}
      noValidate
      data-testid="user-org-create-form"
    >
      <Stack gap="sm">
        <Title order={2}>{t("orgs.createTitle")}</Title>
        <TextInput
          label={t("fields.orgName")}
          {...form.getInputProps("name")}
          autoComplete="organization"
          withAsterisk
          data-testid="user-org-name"
        />
        <TextInput
          label={t("fields.siren")}
          description={t("orgs.sirenHint")}
          {...form.getInputProps("siren")}
          inputMode="numeric"
          classNames={{ input: "registre-numeric" }}
          withAsterisk
          data-testid="user-org-siren"
        />
        {mutation.isError ? (
          <ErrorAlert error={mutation.error} title={t("orgs.createError")} testId="user-org-create-error" />
        ) : null}
        <Button type="submit" loading={mutation.isPending} data-testid="user-org-create-submit">
          {t("orgs.createSubmit")}
        </Button>
      </Stack>
    </form>
  );
};

export const UserOrgsPage = () => {
  const { t } = useTranslation("session");
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Where a sign-in was headed (an invitation's page) once an organisation is chosen.
  const nextPath = safeNext(params.get("next"));
  const authenticated = session.status === "authenticated";
  const orgs = useQuery({ ...userOrgsQueryOptions(), enabled: authenticated });
  const pick = useMutation({
    mutationFn: changeOrg,
    onSuccess: () => void navigate(nextPath ?? "/org/dashboard"),
  });
  const [pendingId, setPendingId] = useState<string | null>(null);
  const onPick = (id: string) => {
    setPendingId(id);
    pick.mutate(id, { onSettled: () => setPendingId(null) });
  };

  let list = null;
  if (session.status === "multipleOrgs") {
    list = <OrgList orgs={session.orgs} currentId={null} onPick={onPick} pendingId={pendingId} />;
  } else if (orgs.isPending && authenticated) {
    list = <Skeleton height={120} />;
  } else if (orgs.isError) {
    list = <ErrorAlert error={orgs.error} onRetry={() => void orgs.refetch()} testId="user-orgs-error" />;
  } else if (orgs.data && orgs.data.items.length > 0) {
    const currentId = authenticated ? (session.user.org?.id ?? null) : null;
    list = <OrgList orgs={orgs.data.items} currentId={currentId} onPick={onPick} pendingId={pendingId} />;
  } else if (orgs.data) {
    list = (
      <Alert variant="light" color="gray" data-testid="user-orgs-empty">
        {t("orgs.empty")}
      </Alert>
    );
  }

  return (
    <AuthCard
      width={520}
      title={t("orgs.title")}
      subtitle={session.status === "multipleOrgs" ? t("orgs.subtitleChoose") : t("orgs.subtitle")}
      footer={
        <Button
          variant="subtle"
          size="xs"
          onClick={() => void logout().then(() => navigate("/"))}
          data-testid="user-orgs-logout"
        >
          {t("logout")}
        </Button>
      }
    >
      <Stack gap="lg">
        {authenticated ? <ReceivedInvitations /> : null}
        {list}
        {pick.isError ? (
          <ErrorAlert error={pick.error} title={t("orgs.changeError")} testId="org-change-error" />
        ) : null}
        {authenticated ? (
          <>
            <Divider />
            <CreateOrgForm />
          </>
        ) : null}
      </Stack>
    </AuthCard>
  );
};
