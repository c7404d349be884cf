import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { EmptyRow, TableFrame } from "../../components/data-table.tsx";
import { DateField } from "../../components/date-input.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { QueryView } from "../../components/query-view.tsx";
import { RowRemoveButton } from "../../components/row-action.tsx";
import { useFormat } from "../../i18n/format.ts";
import { today } from "../../lib/day.ts";
import { type CreatedShare, type Share, sharesQuery, useCreateShare, useRevokeShare } from "./api.ts";

/** The link's address in this browser's origin (the API answers it in PUBLIC_URL's). */
const linkOf = (share: CreatedShare) =>
  `${window.location.origin}/share/docs?token=${encodeURIComponent(share.token)}`;

/** The day after today in Paris (the first day a link may end). */
const tomorrow = () => {
  const day = new Date(`${today()}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
};

/**
 * « Partager » on a document: a dialog that creates a public link (optionally until a day), shows it
 * once to copy, and lists the active links with « Révoquer » (confirmed).
 */
export const ShareButton = ({ docId, name }: { docId: string; name: string }) => {
  const { t } = useTranslation("files");
  const { shortDate, dateTime } = useFormat();
  const [opened, setOpened] = useState(false);
  const [expiry, setExpiry] = useState("");
  const [created, setCreated] = useState<CreatedShare | null>(null);
  const [revoking, setRevoking] = useState<Share | null>(null);
  const shares = useQuery({ ...sharesQuery(docId), enabled: opened });
  const create = useCreateShare(docId);
  const revoke = useRevokeShare(docId);
  const close = () => {
    setOpened(false);
    setCreated(null);
    setExpiry("");
    create.reset();
  };
  // The end of the chosen day, in the reader's time zone.
  const expiresAt = expiry ? new Date(`${expiry}T23:59:59`).toISOString() : null;
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)} data-testid="doc-share">
        {t("share.button")}
      </Button>
      <Modal opened={opened} onClose={close} title={t("share.title", { name })} centered size="lg">
        <Stack gap="md" data-testid="share-dialog">
          <Text size="sm">{t("share.description")}</Text>
          {/* The day and the button side by side: the calendar, opening under the field, never covers
              the button that creates the link. */}
          <Group gap="sm" align="flex-end" wrap="nowrap">
            <DateField
              label={t("share.expiry")}
              description={t("share.expiryHint")}
              value={expiry}
              onChange={setExpiry}
              min={tomorrow()}
              clearable
              style={{ flex: 1, minWidth: 0, maxWidth: 300 }}
              data-testid="share-expiry"
            />
            <Button
              onClick={() => create.mutate(expiresAt, { onSuccess: setCreated })}
              loading={create.isPending}
              style={{ flexShrink: 0 }}
              data-testid="share-create"
            >
              {t("share.create")}
            </Button>
          </Group>
          {create.isError ? <ErrorAlert error={create.error} testId="share-error" /> : null}
          {created ? (
            <Alert color="teal" variant="light" data-testid="share-created">
              <Stack gap="xs">
                <Text size="sm">{t("share.created")}</Text>
                <Group gap="xs" wrap="nowrap">
                  <TextInput
                    readOnly
                    value={linkOf(created)}
                    aria-label={t("share.link")}
                    style={{ flex: 1 }}
                    onFocus={(event) => event.currentTarget.select()}
                    data-testid="share-link"
                  />
                  <CopyButton value={linkOf(created)}>
                    {({ copied, copy }) => (
                      <Button color={copied ? "teal" : "blue"} onClick={copy} data-testid="share-copy">
                        {copied ? t("share.copied") : t("share.copy")}
                      </Button>
                    )}
                  </CopyButton>
                </Group>
              </Stack>
            </Alert>
          ) : null}
          <Title order={3} size="h6">
            {t("share.active")}
          </Title>
          <QueryView query={shares} height={60}>
            {(list) => (
              <TableFrame minWidth={480} testId="share-list" stickyHeader={false}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("share.createdAt")}</Table.Th>
                    <Table.Th w={140}>{t("share.expires")}</Table.Th>
                    <Table.Th w={110} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.length === 0 ? <EmptyRow colSpan={3}>{t("share.none")}</EmptyRow> : null}
                  {list.map((share) => (
                    <Table.Tr key={share.shareId} data-testid="share-row">
                      <Table.Td>
                        <Text size="sm">
                          {dateTime(share.createdAt)}
                          {share.createdBy ? ` · ${share.createdBy}` : ""}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {share.expired ? (
                          <Badge color="gray" variant="light">
                            {t("share.expired")}
                          </Badge>
                        ) : (
                          <Text size="sm">
                            {share.expiresAt ? shortDate(share.expiresAt) : t("share.never")}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">
                        <RowRemoveButton onClick={() => setRevoking(share)} data-testid="share-revoke">
                          {t("share.revoke")}
                        </RowRemoveButton>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </TableFrame>
            )}
          </QueryView>
        </Stack>
      </Modal>
      <ConfirmModal
        opened={revoking !== null}
        title={t("share.revokeTitle")}
        confirmLabel={t("share.revoke")}
        pending={revoke.isPending}
        error={revoke.isError ? revoke.error : null}
        onClose={() => {
          setRevoking(null);
          revoke.reset();
        }}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.shareId, {
            onSuccess: () => {
              setRevoking(null);
              if (created?.shareId === revoking.shareId) setCreated(null);
            },
          })
        }
        testId="share-revoke-modal"
      >
        <Text size="sm">{t("share.revokeText")}</Text>
      </ConfirmModal>
    </>
  );
};
