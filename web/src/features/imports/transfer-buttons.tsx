import { Button, Group } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { LinkButton } from "../../components/link-button.tsx";
import { MutationButton } from "../../components/mutation-button.tsx";
import { can } from "../../lib/session.ts";
import { useSession } from "../../lib/session-store.ts";
import { downloadFile } from "../accounting/access.ts";

type Filter = Readonly<Record<string, string | null | undefined>>;

const queryOf = (filter: Filter): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : "";
};

/**
 * The list's export (French CSV of what the filter shows; for contacts also their vCards) and the
 * link to its import, for a list's header.
 */
export const TransferButtons = ({ target, filter }: { target: "contacts" | "items"; filter: Filter }) => {
  const { t } = useTranslation("imports");
  const session = useSession();
  const download = useMutation({
    mutationFn: (format: "csv" | "vcard") =>
      format === "csv"
        ? downloadFile(
            `/${target}/export${queryOf(filter)}`,
            target === "contacts" ? "contacts.csv" : "articles.csv",
          )
        : downloadFile(`/contacts/vcards${queryOf(filter)}`, "contacts.vcf"),
  });
  return (
    <Group gap="xs">
      <Button
        variant="default"
        onClick={() => download.mutate("csv")}
        loading={download.isPending && download.variables === "csv"}
        data-testid={`${target}-export-csv`}
      >
        {t("exportCsv")}
      </Button>
      {target === "contacts" ? (
        <Button
          variant="default"
          onClick={() => download.mutate("vcard")}
          loading={download.isPending && download.variables === "vcard"}
          data-testid="contacts-export-vcard"
        >
          {t("exportVcard")}
        </Button>
      ) : null}
      {can(session, target, "create") ? (
        <LinkButton variant="default" to={`/org/${target}/import`} data-testid={`${target}-import`}>
          {t("import")}
        </LinkButton>
      ) : null}
      {download.isError ? <ErrorAlert error={download.error} testId={`${target}-export-error`} /> : null}
    </Group>
  );
};

/** One contact's vCard, for its detail screen. */
export const VCardButton = ({ id }: { id: string }) => {
  const { t } = useTranslation("imports");
  const download = useMutation({
    mutationFn: () => downloadFile(`/contacts/${encodeURIComponent(id)}/vcard`, "contact.vcf"),
  });
  return (
    <MutationButton mutation={download} variant="default" data-testid="contact-vcard">
      {t("vcard")}
    </MutationButton>
  );
};
