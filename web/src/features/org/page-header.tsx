/** The page header is part of the shared kit; the organisation's screens still import it from here. */
export { PageHeader } from "../../components/page-header.tsx";
