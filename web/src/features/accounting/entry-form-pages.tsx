import { Alert } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ResourceFormPage } from "../../components/form.tsx";
import { useCan } from "./access.ts";
import { entryQuery } from "./api.ts";
import { BooksEditPage } from "./books-page.tsx";
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
  const mvt = useParams().mvt ?? "";
  return (
    <BooksEditPage
      right="entries"
      query={entryQuery(mvt)}
      title={t("editor.editTitle")}
      crumbs={(entry) => [
        { to: entriesPath, label: t("entries.title") },
        {
          to: entryPath(mvt),
          label: entry?.number
            ? entryNumberText(entry.number, entry.journal)
            : entry?.label || t("entries.titleDraft"),
        },
      ]}
      testId="entry-error"
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
    </BooksEditPage>
  );
};
