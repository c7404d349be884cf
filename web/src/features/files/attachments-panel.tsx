import { Anchor, Group, Stack, Table, Text } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { MutationModal } from "../../components/confirm-modal.tsx";
import { EmptyRow, TableFrame } from "../../components/data-table.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { QueryView } from "../../components/query-view.tsx";
import { RowRemoveButton } from "../../components/row-action.tsx";
import { SectionTitle } from "../../components/section-title.tsx";
import { useFormat } from "../../i18n/format.ts";
import {
  type Attachment,
  acceptedFiles,
  downloadAttachment,
  type FileOwner,
  filesQuery,
  MAX_FILE_BYTES,
  useDeleteFile,
  useUploadFile,
} from "./api.ts";
import { UploadButton, useCheckedUpload } from "./upload-button.tsx";

const kinds: Readonly<
  Record<string, "pdf" | "png" | "jpeg" | "gif" | "webp" | "xlsx" | "xls" | "ods" | "csv" | "text">
> = {
  "application/pdf": "pdf",
  "image/png": "png",
  "image/jpeg": "jpeg",
  "image/gif": "gif",
  "image/webp": "webp",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "application/vnd.ms-excel": "xls",
  "application/vnd.oasis.opendocument.spreadsheet": "ods",
  "text/csv": "csv",
  "text/plain": "text",
};
/** The kind a content type names, for its label. */
const kindOf = (contentType: string) => kinds[contentType];

/** A size as people read it: « 12 Ko », « 3,4 Mo ». */
export const useFileSize = () => {
  const { locale, number } = useFormat();
  const units = locale === "fr" ? ["o", "Ko", "Mo", "Go"] : ["B", "KB", "MB", "GB"];
  return (bytes: number) => {
    let value = bytes;
    let unit = 0;
    while (value >= 1024 && unit < units.length - 1) {
      value /= 1024;
      unit++;
    }
    const shown = unit === 0 ? String(value) : number(Math.round(value * 10) / 10);
    return `${shown}\u00a0${units[unit]}`;
  };
};

/**
 * The files attached to a document, a contact or an item: the list (name to download, kind, size, who
 * added it and when), « Joindre un fichier » and « Supprimer » (confirmed) for those whose rights allow.
 */
export const AttachmentsPanel = ({
  owner,
  canAdd,
  canRemove,
}: {
  owner: FileOwner;
  canAdd: boolean;
  canRemove: boolean;
}) => {
  const { t } = useTranslation("files");
  const { shortDate } = useFormat();
  const size = useFileSize();
  const files = useQuery(filesQuery(owner));
  const upload = useUploadFile(owner);
  const remove = useDeleteFile(owner);
  const download = useMutation({ mutationFn: (file: Attachment) => downloadAttachment(owner, file) });
  const chosen = useCheckedUpload(upload, MAX_FILE_BYTES);
  const [removing, setRemoving] = useState<Attachment | null>(null);
  const max = size(MAX_FILE_BYTES);
  const close = () => {
    setRemoving(null);
    remove.reset();
  };
  return (
    <Stack gap="xs" data-testid="attachments">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <SectionTitle
            title={t("attachments.title")}
            hint={t("attachments.description", { max })}
            size="h5"
          />
        </div>
        {canAdd ? (
          <UploadButton
            accept={acceptedFiles}
            onPick={chosen.pick}
            pending={upload.isPending}
            label={t("attachments.add")}
            testId="attachment-add"
          />
        ) : null}
      </Group>
      {chosen.tooBig ? (
        <Text size="sm" c="red" data-testid="attachment-too-big">
          {t("attachments.tooBig", { max })}
        </Text>
      ) : null}
      {upload.isError ? <ErrorAlert error={upload.error} testId="attachment-error" /> : null}
      {download.isError ? <ErrorAlert error={download.error} /> : null}
      <QueryView query={files} height={80}>
        {(list) => (
          <TableFrame minWidth={560} testId="attachment-list" stickyHeader={false}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("attachments.name")}</Table.Th>
                <Table.Th w={150}>{t("attachments.type")}</Table.Th>
                <Table.Th w={90} ta="right">
                  {t("attachments.size")}
                </Table.Th>
                <Table.Th w={220}>{t("attachments.added")}</Table.Th>
                {canRemove ? <Table.Th w={100} /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.length === 0 ? (
                <EmptyRow colSpan={canRemove ? 5 : 4}>{t("attachments.empty")}</EmptyRow>
              ) : null}
              {list.map((file) => (
                <Table.Tr key={file.fileId} data-testid="attachment-row">
                  <Table.Td>
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      onClick={() => download.mutate(file)}
                      aria-label={t("attachments.download", { name: file.name })}
                      data-testid="attachment-download"
                      style={{ wordBreak: "break-all", textAlign: "left" }}
                    >
                      {file.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {(() => {
                        const kind = kindOf(file.contentType);
                        return kind ? t(`kinds.${kind}`) : file.contentType;
                      })()}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" className="registre-numeric">
                    {size(file.size)}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {file.attachedBy
                        ? t("attachments.by", { date: shortDate(file.attachedAt), name: file.attachedBy })
                        : t("attachments.byNobody", { date: shortDate(file.attachedAt) })}
                    </Text>
                  </Table.Td>
                  {canRemove ? (
                    <Table.Td ta="right">
                      <RowRemoveButton onClick={() => setRemoving(file)} data-testid="attachment-remove">
                        {t("attachments.remove")}
                      </RowRemoveButton>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </TableFrame>
        )}
      </QueryView>
      <MutationModal
        subject={removing}
        mutation={remove}
        variables={(file) => file.fileId}
        onClose={close}
        title={t("attachments.removeTitle")}
        confirmLabel={t("attachments.remove")}
        testId="attachment-remove-modal"
      >
        {(file) => <Text size="sm">{t("attachments.removeText", { name: file.name })}</Text>}
      </MutationModal>
    </Stack>
  );
};
