import { Alert } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ResourceFormPage } from "../../components/form.tsx";
import { useCan } from "./access.ts";
import { entryQuery } from "./api.ts";
import { EntryEditor } from "./entry-editor.tsx";
import { entryNumberText } from "./entry-number.ts";
import { entriesPath, entryPath } from "./paths.ts";

/** `/org/accounting/entries/create`: a new entry. */
export const EntryCreatePage = () => {
  const { t } = useTranslation("accounting");
  const can = useCan();
  return (
    <ResourceFormPage
      title={t("editor.newTitle")}
      description={t("editor.newDescription")}
      crumbs={[{ to: entriesPath, label: t("entries.title") }]}
      allowed={can("entries", "create")}
    >
      <EntryEditor entry={null} />
    </ResourceFormPage>
  );
};

/** `/org/accounting/entries/{mvt}/edit`: a draft changed; a validated entry cannot be. */
export const EntryEditPage = () => {
  const { t } = useTranslation("accounting");
  const can = useCan();
  const mvt = useParams().mvt ?? "";
  const entry = useQuery({ ...entryQuery(mvt), enabled: can("entries", "update") });
  return (
    <ResourceFormPage
      title={t("editor.editTitle")}
      crumbs={[
        { to: entriesPath, label: t("entries.title") },
        {
          to: entryPath(mvt),
          label: entry.data?.number
            ? entryNumberText(entry.data.number, entry.data.journal)
            : entry.data?.label || t("entries.titleDraft"),
        },
      ]}
      allowed={can("entries", "update")}
      record={entry}
      recordTestId="entry-error"
    >
      {(data) =>
        data.status === "validated" ? (
          <Alert color="blue" variant="light" data-testid="entry-locked">
            {t("entries.immutable")} <Link to={entryPath(mvt)}>{t("editor.backToEntry")}</Link>
          </Alert>
        ) : (
          <EntryEditor key={data.mvt} entry={data} />
        )
      }
    </ResourceFormPage>
  );
};
