import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ResourceFormPage } from "../../components/form.tsx";
import type { Contact } from "./api.ts";
import { contactsPath } from "./paths.ts";

/**
 * A form about one contact (`/org/contacts/{id}/…/edit`): its title, the contact's name under it, the
 * way back (the contacts, then `back` once the contact is known: its page, its tab), the right, the form
 * once the contact is loaded.
 */
export const ContactFormPage = ({
  title,
  contact,
  back,
  allowed,
  children,
}: {
  title: string;
  contact: UseQueryResult<Contact>;
  back: (contact: Contact) => { to: string; label: string }[];
  allowed: boolean;
  children: (contact: Contact) => ReactNode;
}) => {
  const { t } = useTranslation("contacts");
  return (
    <ResourceFormPage
      title={title}
      description={contact.data?.name}
      crumbs={[{ to: contactsPath, label: t("title") }, ...(contact.data ? back(contact.data) : [])]}
      allowed={allowed}
      record={contact}
    >
      {children}
    </ResourceFormPage>
  );
};
