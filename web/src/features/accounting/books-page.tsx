import { type QueryKey, type UseQueryOptions, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ResourceFormPage } from "../../components/form.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { type AccountingRight, useCan } from "./access.ts";

/** A screen of the books (accounting and VAT): the kit's frame. */
export const BooksPage = PageFrame;

/**
 * A page that changes one record of the books: the record loaded when the user has the `right` to
 * change it, then its form (the kit's ResourceFormPage); the way back may name the record once loaded.
 */
export const BooksEditPage = <T, K extends QueryKey>({
  right,
  query,
  title,
  crumbs,
  testId,
  children,
}: {
  right: AccountingRight;
  query: UseQueryOptions<T, Error, T, K>;
  title: string;
  crumbs: (record: T | undefined) => { to: string; label: string }[];
  /** The test id of the record's problem, when it cannot be loaded. */
  testId: string;
  children: (record: T) => ReactNode;
}) => {
  const can = useCan();
  const allowed = can(right, "update");
  const record = useQuery({ ...query, enabled: allowed });
  return (
    <ResourceFormPage
      title={title}
      crumbs={crumbs(record.data)}
      allowed={allowed}
      record={record}
      recordTestId={testId}
    >
      {children}
    </ResourceFormPage>
  );
};
