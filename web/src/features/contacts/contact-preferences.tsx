/** `/org/contacts/{id}/pref/me` and `/pref/org`: how the contacts open (the list's sort and filters, a contact's tab). */
import { Select } from "@mantine/core";
import { contactListStatuses, contactTabs } from "@registre/core/contacts/preferences";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { ResourceFormPage, useSchemaForm } from "../../components/form.tsx";
import { MutationFormCard } from "../../components/mutation-form-card.tsx";
import { SavedNotice } from "../../components/saved-notice.tsx";
import { z } from "../../lib/zod.ts";
import {
  type ContactPreferences,
  contactPreferencesQuery,
  contactQuery,
  contactSorts,
  contactTypes,
  myContactPreferencesQuery,
  type PreferenceScope,
  useSaveContactPreferences,
} from "./api.ts";
import { contactPath, contactsPath } from "./paths.ts";
import { useCan } from "./ui.tsx";

const statuses = contactListStatuses;
const tabs = contactTabs;

/** The list's sort, type (all when empty) and status, and the tab a contact opens on. */
const preferencesSchema = z
  .object({
    sort: z.enum(contactSorts),
    type: z.union([z.enum(contactTypes), z.literal("")]),
    status: z.enum(statuses),
    tab: z.enum(tabs),
  })
  .transform((p) => ({ ...p, type: p.type || null }));

const PreferencesForm = ({
  scope,
  initial,
  back,
}: {
  scope: PreferenceScope;
  initial: ContactPreferences;
  back: string;
}) => {
  const { t } = useTranslation("contacts");
  const save = useSaveContactPreferences(scope);
  const form = useSchemaForm(preferencesSchema, {
    sort: initial.sort,
    type: initial.type ?? "",
    status: initial.status,
    tab: initial.tab,
  });
  const option = <V extends string>(values: readonly V[], label: (v: V) => string) =>
    values.map((value) => ({ value, label: label(value) }));
  return (
    <MutationFormCard
      mutation={save}
      cancel={back}
      submitLabel={t("edit.submit")}
      testId={`contact-pref-${scope}`}
      onSubmit={form.onSubmit((preferences) => save.mutate(preferences))}
    >
      <Select
        label={t("pref.sort")}
        data={option(contactSorts, (s) => t(`pref.sorts.${s}`))}
        allowDeselect={false}
        {...form.getInputProps("sort")}
      />
      <Select
        label={t("pref.type")}
        data={[
          { value: "", label: t("pref.allTypes") },
          ...option(contactTypes, (type) => t(`types.${type}`)),
        ]}
        allowDeselect={false}
        {...form.getInputProps("type")}
      />
      <Select
        label={t("pref.status")}
        data={option(statuses, (s) => t(`pref.statuses.${s}`))}
        allowDeselect={false}
        {...form.getInputProps("status")}
      />
      <Select
        label={t("pref.tab")}
        data={option(tabs, (tab) => (tab === "overview" ? t("detail.overview") : t(`tabs.${tab}`)))}
        allowDeselect={false}
        {...form.getInputProps("tab")}
      />
      {save.isSuccess ? <SavedNotice testId="contact-pref-saved">{t("pref.saved")}</SavedNotice> : null}
    </MutationFormCard>
  );
};

const PreferencesPage = ({ scope }: { scope: PreferenceScope }) => {
  const { t } = useTranslation("contacts");
  const can = useCan();
  const { id = "" } = useParams();
  const contact = useQuery({ ...contactQuery(id), enabled: id !== "" });
  const scoped = useQuery(contactPreferencesQuery());
  // Where nothing is set yet, the form starts from what applies now (mine: the organisation's, else the defaults).
  const effective = useQuery(myContactPreferencesQuery());
  const back = id ? contactPath(id) : contactsPath;
  return (
    <ResourceFormPage
      title={t(scope === "me" ? "pref.meTitle" : "pref.orgTitle")}
      description={t(scope === "me" ? "pref.meHint" : "pref.orgHint")}
      crumbs={[
        { to: contactsPath, label: t("title") },
        ...(contact.data ? [{ to: back, label: contact.data.name }] : []),
      ]}
      allowed={scope === "me" ? can("contacts", "read") : can("organization", "update")}
      record={scoped}
    >
      {() => {
        const own = scoped.data?.[scope];
        const { source: _source, ...applied } = effective.data ?? {
          source: "default",
          sort: "name",
          type: null,
          status: "active",
          tab: "overview",
        };
        // Started again once what applies now is known (both are asked for together).
        return (
          <PreferencesForm
            key={effective.isSuccess ? "applied" : "defaults"}
            scope={scope}
            initial={own ?? applied}
            back={back}
          />
        );
      }}
    </ResourceFormPage>
  );
};

export const ContactPrefMePage = () => <PreferencesPage scope="me" />;
export const ContactPrefOrgPage = () => <PreferencesPage scope="org" />;
