import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { ResourceFormPage } from "../../components/form.tsx";
import { type Contact, contactQuery } from "./api.ts";
import { type ContactPart, contactPartPath, contactPath, contactsPath } from "./paths.ts";

/**
 * A form about the contact the address names (`/org/contacts/{id}/…/edit`): its title, the contact's
 * name under it, the way back (the contacts, the contact's page, then the tab `part` when the form
 * belongs to one), the right, the form once the contact is loaded.
 */
export const ContactFormPage = ({
  title,
  part,
  allowed,
  children,
}: {
  title: string;
  part?: ContactPart;
  allowed: boolean;
  children: (contact: Contact) => ReactNode;
}) => {
  const { t } = useTranslation("contacts");
  const { id = "" } = useParams();
  const contact = useQuery(contactQuery(id));
  return (
    <ResourceFormPage
      title={title}
      description={contact.data?.name}
      crumbs={[
        { to: contactsPath, label: t("title") },
        ...(contact.data ? [{ to: contactPath(id), label: contact.data.name }] : []),
        ...(part ? [{ to: contactPartPath(id, part), label: t(`tabs.${part}`) }] : []),
      ]}
      allowed={allowed}
      record={contact}
    >
      {children}
    </ResourceFormPage>
  );
};
