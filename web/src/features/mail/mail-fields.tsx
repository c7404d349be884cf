import { Badge, Group, Textarea, TextInput } from "@mantine/core";
import type { GetInputPropsReturnType } from "@mantine/form";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * A row of words offered to a text field, each a button that puts it in (a template's variables into
 * its body, a contact's addresses into the recipients); `lead` says what they are, before them.
 */
export const InsertChips = ({
  words,
  show = (word) => word,
  onPick,
  lead,
  testId,
}: {
  words: readonly string[];
  show?: (word: string) => string;
  onPick: (word: string) => void;
  lead?: ReactNode;
  testId?: (word: string) => string;
}) => (
  <Group gap={6}>
    {lead}
    {words.map((word) => (
      <Badge
        key={word}
        component="button"
        type="button"
        variant="outline"
        radius="sm"
        tt="none"
        style={{ cursor: "pointer" }}
        onClick={() => onPick(word)}
        data-testid={testId?.(word)}
      >
        {show(word)}
      </Badge>
    ))}
  </Group>
);

/** An e-mail's subject and body (a template's or a message's), the body growing with its text. */
export const SubjectBodyFields = ({
  form,
  of,
  minRows,
  testId,
}: {
  form: { getInputProps: (path: "subject" | "body") => GetInputPropsReturnType };
  /** Whose fields: their labels are the catalogue's `${of}.subject` and `${of}.body`. */
  of: "templates" | "editor";
  minRows: number;
  /** The fields' test ids are `${testId}-subject` and `${testId}-body`. */
  testId: string;
}) => {
  const { t } = useTranslation("mail");
  return (
    <>
      <TextInput
        label={t(`${of}.subject`)}
        {...form.getInputProps("subject")}
        data-testid={`${testId}-subject`}
      />
      <Textarea
        label={t(`${of}.body`)}
        autosize
        minRows={minRows}
        maxRows={24}
        {...form.getInputProps("body")}
        data-testid={`${testId}-body`}
      />
    </>
  );
};
