import { Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { useFormSchema, useSchemaForm } from "../../components/form.tsx";
import { z } from "../../lib/zod.ts";

/** A modal asking for a role's name: to create a role, or to rename one. */
export const ItemNameModal = ({
  opened,
  title,
  submitLabel,
  initial,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  opened: boolean;
  title: string;
  submitLabel: string;
  initial: string;
  pending: boolean;
  error: unknown;
  onSubmit: (name: string) => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation(["app", "common"]);
  const schema = useFormSchema(["app", "common"], (t, rules) =>
    z.object({ name: rules.text(t("app:rights.items.name"), 100) }),
  );
  const form = useSchemaForm(schema, { name: initial });
  const { setValues, clearErrors } = form;
  useEffect(() => {
    if (opened) {
      setValues({ name: initial });
      clearErrors();
    }
  }, [opened, initial, setValues, clearErrors]);
  const submit = form.onSubmit(({ name }) => onSubmit(name));
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form onSubmit={submit} noValidate data-testid="rights-item-form">
        <Stack gap="md">
          <TextInput
            label={t("app:rights.items.name")}
            placeholder={t("app:rights.items.namePlaceholder")}
            {...form.getInputProps("name")}
            withAsterisk
            data-autofocus
            data-testid="rights-item-name"
          />
          {error ? <ErrorAlert error={error} testId="rights-item-error" /> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t("common:actions.cancel")}
            </Button>
            <Button type="submit" loading={pending} data-testid="rights-item-submit">
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
