import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Column } from "../../components/data-table.tsx";
import { useFormat } from "../../i18n/format.ts";
import type { DocKind } from "./model.ts";
import { docPath } from "./paths.ts";
import { DocNumber } from "./ui.tsx";

/** What a row of documents shows at the least. */
type DocRow = { id: string; kind: DocKind; number: string | null; issueDate: string };

/**
 * The columns every list of documents shows, declared once: the kind, the number (« Brouillon » when
 * none yet) and the day of issue; the kind, or the number when the list has no kind column, links to
 * the document.
 */
export const useDocColumns = () => {
  const { t } = useTranslation("docs");
  const { shortDate } = useFormat();
  return {
    kind: <T extends DocRow>(width: number): Column<T> => ({
      key: "kind",
      header: t("fields.kind"),
      width,
      cell: (doc) => (
        <Link to={docPath(doc.id)} className="registre-row-link">
          {t(`kinds.${doc.kind}`)}
        </Link>
      ),
    }),
    number: <T extends DocRow>(width: number, linked = false): Column<T> => ({
      key: "number",
      header: t("fields.number"),
      width,
      cell: (doc) =>
        linked ? (
          <Link to={docPath(doc.id)} className="registre-row-link">
            <DocNumber number={doc.number} />
          </Link>
        ) : (
          <DocNumber number={doc.number} />
        ),
    }),
    issueDate: <T extends DocRow>(width: number, sortable = false): Column<T> => ({
      key: "date",
      header: t("fields.issueDate"),
      width,
      ...(sortable && { sort: (a: T, b: T) => a.issueDate.localeCompare(b.issueDate) }),
      cell: (doc) => <span className="registre-numeric">{shortDate(doc.issueDate)}</span>,
    }),
  };
};
