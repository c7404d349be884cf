import { Button, Group, Paper, Stack, Textarea, TextInput, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { useFormSchema, useSchemaForm } from "../../components/form.tsx";
import { SavedNotice } from "../../components/saved-notice.tsx";
import { api } from "../../lib/api-client.ts";
import { isEmail } from "../../lib/validation.ts";
import { z } from "../../lib/zod.ts";

/** The public contact form (`POST /mail/help/public/send`): a message to the platform's address. */
export const ContactForm = () => {
  const { t } = useTranslation("mail");
  const schema = useFormSchema("mail", (t, rules) =>
    z.object({
      name: rules.text(t("contact.name"), 200),
      email: z
        .string()
        .trim()
        .refine(isEmail, { message: t("contact.invalidEmail") }),
      subject: rules.text(t("contact.subject"), 200),
      message: rules.text(t("contact.message"), 10_000),
    }),
  );
  const send = useMutation({
    mutationFn: (body: z.output<typeof schema>) => api.post("/mail/help/public/send", { body }),
  });
  const form = useSchemaForm(schema, { name: "", email: "", subject: "", message: "" });
  return (
    <Paper p="lg" data-testid="contact-form">
      <form onSubmit={form.onSubmit((values) => send.mutate(values))} noValidate>
        <Stack gap="sm">
          <Title order={2}>{t("contact.title")}</Title>
          {send.isSuccess ? (
            <SavedNotice testId="contact-sent">{send.data.detail}</SavedNotice>
          ) : (
            <>
              <Group grow>
                <TextInput label={t("contact.name")} {...form.getInputProps("name")} />
                <TextInput label={t("contact.email")} type="email" {...form.getInputProps("email")} />
              </Group>
              <TextInput label={t("contact.subject")} {...form.getInputProps("subject")} />
              <Textarea
                label={t("contact.message")}
                autosize
                minRows={4}
                {...form.getInputProps("message")}
              />
              {send.isError ? <ErrorAlert error={send.error} title={t("editor.failed")} /> : null}
              <Group justify="flex-end">
                <Button type="submit" loading={send.isPending} data-testid="contact-send">
                  {t("contact.send")}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </form>
    </Paper>
  );
};
