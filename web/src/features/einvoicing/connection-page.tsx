import {
  Anchor,
  Button,
  CopyButton,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MutationModal } from "../../components/confirm-modal.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { FormActions, FormCard, ResourceFormPage, useRules, useSchemaForm } from "../../components/form.tsx";
import { MutationButton } from "../../components/mutation-button.tsx";
import { SavedNotice } from "../../components/saved-notice.tsx";
import { can } from "../../lib/session.ts";
import { useSession } from "../../lib/session-store.ts";
import { z } from "../../lib/zod.ts";
import {
  type ConnectionAnswer,
  type ConnectionInput,
  connectionQuery,
  removeConnection,
  saveConnection,
  testConnection,
} from "./connection-api.ts";
import { ConnectionTestResult } from "./connection-test.tsx";
import { ereportingPath } from "./ereporting-api.ts";

const SETTINGS = "/org/settings";

/** The form's schema: the URLs and the client id required, the secrets left empty to keep the ones kept. */
const useConnectionSchema = (secretKept: boolean) => {
  const { t } = useTranslation(["einvoicing", "validation"]);
  const rules = useRules();
  return useMemo(
    () =>
      z.object({
        flowUrl: rules.text(t("einvoicing:connection.flowUrl"), 500),
        directoryUrl: rules.text(t("einvoicing:connection.directoryUrl"), 500),
        tokenUrl: rules.text(t("einvoicing:connection.tokenUrl"), 500),
        clientId: rules.text(t("einvoicing:connection.clientId"), 200),
        clientSecret: rules.text(t("einvoicing:connection.clientSecret"), 500, { optional: secretKept }),
        webhookSecret: rules.text(t("einvoicing:connection.webhookSecret"), 500, { optional: true }),
      }),
    [t, rules, secretKept],
  );
};

type Values = z.input<ReturnType<typeof useConnectionSchema>>;

/** What is sent: the secrets only when typed (else the ones kept stay). */
const inputOf = (
  values: z.output<ReturnType<typeof useConnectionSchema>>,
  generate: boolean,
): ConnectionInput => ({
  flowUrl: values.flowUrl,
  directoryUrl: values.directoryUrl,
  tokenUrl: values.tokenUrl,
  clientId: values.clientId,
  ...(values.clientSecret && { clientSecret: values.clientSecret }),
  ...(values.webhookSecret && !generate && { webhookSecret: values.webhookSecret }),
  ...(generate && { generateWebhookSecret: true }),
});

const Copyable = ({ value, testId }: { value: string; testId: string }) => {
  const { t } = useTranslation("einvoicing");
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" ff="monospace" style={{ wordBreak: "break-all" }} data-testid={testId}>
        {value}
      </Text>
      <CopyButton value={value} timeout={1500}>
        {({ copied, copy }) => (
          <Button size="compact-xs" variant="default" onClick={copy} style={{ flexShrink: 0 }}>
            {copied ? t("connection.copied") : t("connection.copy")}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
};

const ConnectionForm = ({ answer, allowed }: { answer: ConnectionAnswer; allowed: boolean }) => {
  const { t } = useTranslation(["einvoicing", "common", "ereporting"]);
  const queryClient = useQueryClient();
  const current = answer.connection;
  const form = useSchemaForm(useConnectionSchema(current?.clientSecretSet ?? false), {
    flowUrl: current?.flowUrl ?? "",
    directoryUrl: current?.directoryUrl ?? "",
    tokenUrl: current?.tokenUrl ?? "",
    clientId: current?.clientId ?? "",
    clientSecret: "",
    webhookSecret: "",
  } satisfies Values);
  const [generated, setGenerated] = useState<string | null>(null);
  const [removing, setRemoving] = useState<true | null>(null);
  const [removed, setRemoved] = useState(false);
  const save = useMutation({
    mutationFn: (input: ConnectionInput) => saveConnection(input),
    onSuccess: (saved) => {
      queryClient.setQueryData(connectionQuery().queryKey, { ...saved, generatedWebhookSecret: undefined });
      setGenerated(saved.generatedWebhookSecret ?? null);
      setRemoved(false);
      test.reset();
      form.setValues({ clientSecret: "", webhookSecret: "" });
    },
  });
  const test = useMutation({ mutationFn: testConnection });
  const remove = useMutation({ mutationFn: removeConnection });
  const submit = (generate: boolean) => form.onSubmit((values) => save.mutate(inputOf(values, generate)));
  /** One of the platform's required addresses or ids: labelled by its name, bound to the form. */
  const setting = (
    name: "flowUrl" | "directoryUrl" | "tokenUrl" | "clientId",
    props?: { description?: string; autoComplete?: string },
  ) => (
    <TextInput
      label={t(`connection.${name}`)}
      {...props}
      withAsterisk
      {...form.getInputProps(name)}
      data-testid={`connection-${name}`}
    />
  );
  return (
    <Stack gap="md">
      <FormCard
        onSubmit={submit(false)}
        testId="einvoicing-connection-form"
        error={save.isError ? save.error : null}
        actions={
          <>
            {save.isSuccess ? (
              <SavedNotice testId="settings-saved">{t("connection.saved")}</SavedNotice>
            ) : null}
            {removed ? (
              <SavedNotice testId="connection-removed">{t("connection.removed")}</SavedNotice>
            ) : null}
            {allowed ? (
              <FormActions cancel={SETTINGS} submitLabel={t("common:actions.save")} pending={save.isPending}>
                {current ? (
                  <Button
                    variant="subtle"
                    color="red"
                    onClick={() => setRemoving(true)}
                    data-testid="connection-remove"
                  >
                    {t("connection.remove")}
                  </Button>
                ) : null}
                {current ? (
                  <MutationButton mutation={test} variant="default" data-testid="connection-test-run">
                    {t("connection.test.run")}
                  </MutationButton>
                ) : null}
              </FormActions>
            ) : null}
          </>
        }
      >
        {current ? null : (
          <Text size="sm" c="dimmed" data-testid="connection-none">
            {t("connection.none")}
          </Text>
        )}
        {current ? (
          <Anchor component={Link} to={ereportingPath} size="sm" data-testid="connection-ereporting">
            {t("ereporting:link")}
          </Anchor>
        ) : null}
        {setting("flowUrl", { description: t("connection.flowUrlHint") })}
        {setting("directoryUrl", { description: t("connection.directoryUrlHint") })}
        {setting("tokenUrl")}
        {setting("clientId", { autoComplete: "off" })}
        <PasswordInput
          label={t("connection.clientSecret")}
          description={
            current?.clientSecretSet ? t("connection.clientSecretKept") : t("connection.clientSecretNew")
          }
          withAsterisk={!current?.clientSecretSet}
          autoComplete="new-password"
          {...form.getInputProps("clientSecret")}
          data-testid="connection-clientSecret"
        />
        <Title order={4}>{t("connection.webhook")}</Title>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t("connection.webhookUrl")}
          </Text>
          <Copyable value={answer.webhookUrl} testId="connection-webhookUrl" />
        </Stack>
        <Text
          size="sm"
          c={current?.webhookSecretSet ? undefined : "dimmed"}
          data-testid="connection-webhook-state"
        >
          {current?.webhookSecretSet ? t("connection.webhookSecretSet") : t("connection.webhookSecretNone")}
        </Text>
        {generated ? (
          <Stack gap={4} data-testid="connection-generated">
            <Text size="sm">{t("connection.generated")}</Text>
            <Copyable value={generated} testId="connection-generated-secret" />
          </Stack>
        ) : null}
        <PasswordInput
          label={t("connection.webhookSecret")}
          description={t("connection.webhookSecretHint")}
          autoComplete="new-password"
          {...form.getInputProps("webhookSecret")}
          data-testid="connection-webhookSecret"
        />
        {allowed ? (
          <Group>
            <Button
              variant="default"
              onClick={() => submit(true)()}
              loading={save.isPending}
              data-testid="connection-generate"
            >
              {t("connection.generate")}
            </Button>
          </Group>
        ) : null}
      </FormCard>
      {test.isError ? <ErrorAlert error={test.error} testId="connection-test-error" /> : null}
      {test.data ? <ConnectionTestResult report={test.data} /> : null}
      <MutationModal
        subject={removing}
        mutation={remove}
        variables={() => undefined}
        onDone={() => {
          setRemoved(true);
          test.reset();
          save.reset();
          void queryClient.invalidateQueries({ queryKey: connectionQuery().queryKey });
        }}
        onClose={() => setRemoving(null)}
        title={t("connection.removeTitle")}
        confirmLabel={t("connection.remove")}
        color="red"
        testId="connection-remove-modal"
      >
        {() => <Text size="sm">{t("connection.removeText")}</Text>}
      </MutationModal>
    </Stack>
  );
};

/** `/org/settings/einvoicing`: the organisation's approved platform — its addresses, credentials, webhook and test. */
export const EInvoicingConnectionPage = () => {
  const { t } = useTranslation(["einvoicing", "app"]);
  const session = useSession();
  const query = useQuery(connectionQuery());
  return (
    <ResourceFormPage
      title={t("einvoicing:connection.title")}
      description={t("einvoicing:connection.description")}
      crumbs={[{ to: SETTINGS, label: t("app:settings.title") }]}
      allowed={can(session, "organization", "read")}
      record={query}
      recordTestId="einvoicing-connection"
    >
      {(answer) => (
        <ConnectionForm
          key={answer.connection ? "set" : "none"}
          answer={answer}
          allowed={can(session, "organization", "update")}
        />
      )}
    </ResourceFormPage>
  );
};
