import { useTranslation } from "react-i18next";
import type { ValidationMessage } from "../lib/validation.ts";

/** Renders a validation message with the field's label. */
export const useFieldMessage = (): ((
  label: string,
  message: ValidationMessage | undefined | null,
) => string | undefined) => {
  const { t } = useTranslation("validation");
  return (label, message) => (message ? t(message.key, { label, ...message.values }) : undefined);
};
