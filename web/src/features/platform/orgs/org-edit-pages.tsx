import { Alert, Button, Group, Stack, Text, Textarea } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmModal } from "../../../components/confirm-modal.tsx";
import { ErrorAlert } from "../../../components/error-alert.tsx";
import { DownloadIcon } from "../../../components/icons.tsx";
import { useFormat } from "../../../i18n/format.ts";
import { api } from "../../../lib/api-client.ts";
import { getQuery } from "../../../lib/queries.ts";
import { downloadFile } from "../../accounting/access.ts";
import { MembershipsEditor } from "../memberships.tsx";
import { EmptyText, PlatformQuery } from "../users/platform-ui.tsx";
import { type Org, orgKeys } from "./api.ts";
import { OrgFrame } from "./org-platform-pages.tsx";

/** `/registre/orgs/:id/user/edit`: the organisation's members edited (added, profile, removed). */
export const OrgMembersEditPage = () => {
  const { t } = useTranslation("platform");
  return (
    <OrgFrame section="membersEdit" description={t("memberships.orgDescription")}>
      {(org) => <MembershipsEditor scope={{ org: org.id }} />}
    </OrgFrame>
  );
};

/** The organisation's fiscal years, each one's FEC downloadable by the platform administrator. */
const YearsExport = ({ org }: { org: Org }) => {
  const { t } = useTranslation("platform");
  const format = useFormat();
  const [error, setError] = useState<unknown>(null);
  const years = useQuery(
    getQuery([...orgKeys.detail(org.id), "years"] as const, "/registre/orgs/{id}/years", {
      path: { id: org.id },
    }),
  );
  return (
    <Stack gap="xs">
      <Text fw={600}>{t("archive.books")}</Text>
      <PlatformQuery
        query={years}
        errorTestId="org-years-error"
        isEmpty={(list) => list.items.length === 0}
        empty={<EmptyText testId="org-years-empty">{t("archive.noYears")}</EmptyText>}
      >
        {(list) => (
          <Group gap="sm" data-testid="org-years">
            {list.items.map((year) => (
              <Button
                key={year.id}
                variant="light"
                size="xs"
                leftSection={<DownloadIcon size={14} />}
                onClick={() => {
                  setError(null);
                  downloadFile(`/registre/orgs/${org.id}/fec?year=${year.id}`, `FEC-${year.end}.txt`).catch(
                    setError,
                  );
                }}
                data-testid="org-year-fec"
              >
                {t("archive.fec", { start: format.shortDate(year.start), end: format.shortDate(year.end) })}
              </Button>
            ))}
          </Group>
        )}
      </PlatformQuery>
      {error ? <ErrorAlert error={error} testId="org-fec-error" /> : null}
    </Stack>
  );
};

const Archive = ({ org }: { org: Org }) => {
  const { t } = useTranslation("platform");
  const queryClient = useQueryClient();
  const [reason, setReason] = useState("");
  const [confirming, setConfirming] = useState(false);
  const archive = useMutation({
    mutationFn: () =>
      api.delete("/registre/orgs/{id}", { path: { id: org.id }, query: reason.trim() ? { reason } : {} }),
    onSuccess: () => {
      setConfirming(false);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: orgKeys.all }),
        queryClient.invalidateQueries({ queryKey: ["memberships"] }),
      ]);
    },
  });
  return (
    <Stack gap="md" maw={640}>
      {archive.isSuccess ? (
        <Alert color="green" variant="light" data-testid="org-archived">
          {t("archive.done", { name: org.name })}
        </Alert>
      ) : (
        <>
          <Text size="sm">{t("archive.explain")}</Text>
          <Textarea
            label={t("archive.reason")}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
            data-testid="org-archive-reason"
          />
          <Group>
            <Button color="red" variant="light" onClick={() => setConfirming(true)} data-testid="org-archive">
              {t("archive.submit")}
            </Button>
          </Group>
        </>
      )}
      <YearsExport org={org} />
      <ConfirmModal
        opened={confirming}
        title={t("archive.confirmTitle", { name: org.name })}
        confirmLabel={t("archive.submit")}
        color="red"
        pending={archive.isPending}
        error={archive.error}
        onConfirm={() => archive.mutate()}
        onClose={() => setConfirming(false)}
        testId="org-archive-modal"
      >
        {t("archive.confirmText")}
      </ConfirmModal>
    </Stack>
  );
};

/**
 * `/registre/orgs/:id/history/edit`: what the platform administrator may do to the organisation's life —
 * archive it (its members lose access, its books are kept) and export its books, year by year.
 */
export const OrgArchivePage = () => {
  const { t } = useTranslation("platform");
  return (
    <OrgFrame section="archive" description={t("archive.description")}>
      {(org) => <Archive org={org} />}
    </OrgFrame>
  );
};
