import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { newIdempotencyKey } from "../lib/retry.ts";
import { type Column, DataTable } from "./data-table.tsx";
import { ErrorAlert } from "./error-alert.tsx";
import { UploadProgress } from "./upload-progress.tsx";

/** A file sent to an import endpoint: checked only (a dry run) or written, with the page's own option. */
export type Upload<O> = { file: File; option?: O; dryRun: boolean; key: string };

/** The request running now: its progress is asked under its key, its time told from its start. */
export type RunningUpload = { key: string; startedAt: number };

/**
 * The shape the import pages share: a file chosen is checked at once by a dry run (nothing written),
 * the check shown, then the same file sent for good. `send` posts the file with the Idempotency-Key
 * under which the server reports its progress; `option` is what the page adds (a column mapping).
 */
export const useUploadCheck = <R, O = undefined>({
  send,
  onChecked,
  onConfirmed,
}: {
  send: (upload: Upload<O>) => Promise<R>;
  onChecked?: (result: R) => void;
  onConfirmed?: (result: R) => void;
}) => {
  const [file, setFile] = useState<File | null>(null);
  const [running, setRunning] = useState<RunningUpload | null>(null);
  const tracked = (upload: { file: File; option?: O }, dryRun: boolean) => {
    const key = newIdempotencyKey();
    setRunning({ key, startedAt: Date.now() });
    return send({ ...upload, dryRun, key }).finally(() =>
      setRunning((current) => (current?.key === key ? null : current)),
    );
  };
  const check = useMutation({
    mutationFn: (upload: { file: File; option?: O }) => tracked(upload, true),
    onSuccess: (result) => onChecked?.(result),
  });
  const confirm = useMutation({
    mutationFn: (upload: { file: File; option?: O }) => tracked(upload, false),
    onSuccess: (result) => onConfirmed?.(result),
  });
  /** Another file (or none): the last one's check and sending forgotten, the new one checked. */
  const choose = (chosen: File | null) => {
    setFile(chosen);
    confirm.reset();
    if (chosen) check.mutate({ file: chosen });
    else check.reset();
  };
  /** No file any more, nothing checked nor sent. */
  const clear = () => {
    setFile(null);
    check.reset();
    confirm.reset();
  };
  return { file, choose, clear, check, confirm, running, result: confirm.data ?? check.data };
};

export type UploadCheck<R, O = undefined> = ReturnType<typeof useUploadCheck<R, O>>;

/** The check's and the sending's errors, then, while a request runs, its progress (and time, with `elapsed`). */
export const UploadCheckStatus = <R, O>({
  flow,
  errorTestId,
  elapsed = false,
}: {
  flow: UploadCheck<R, O>;
  errorTestId: string;
  elapsed?: boolean;
}) => (
  <>
    {flow.check.isError ? <ErrorAlert error={flow.check.error} testId={errorTestId} /> : null}
    {flow.confirm.isError ? <ErrorAlert error={flow.confirm.error} testId={errorTestId} /> : null}
    {flow.running ? (
      <UploadProgress uploadKey={flow.running.key} startedAt={elapsed ? flow.running.startedAt : undefined} />
    ) : null}
  </>
);

/** The last step of a clean check: what the import will write, anything to agree to, and the button. */
export const ConfirmUpload = ({
  summary,
  summaryTestId,
  label,
  testId,
  onConfirm,
  loading,
  disabled,
  children,
}: {
  summary: ReactNode;
  summaryTestId: string;
  label: ReactNode;
  testId: string;
  onConfirm: () => void;
  loading: boolean;
  disabled?: boolean;
  children?: ReactNode;
}) => (
  <Stack gap="xs">
    <Alert color="blue" data-testid={summaryTestId}>
      {summary}
    </Alert>
    {children}
    <Group>
      <Button onClick={onConfirm} loading={loading} disabled={disabled} data-testid={testId}>
        {label}
      </Button>
    </Group>
  </Stack>
);

/**
 * A check's errors or warnings, by line: the first ones the server lists, and, when it found more, a
 * note saying how many it listed (`${testId}-listed`).
 */
export const UploadFindings = <F,>({
  rows,
  total,
  columns,
  rowKey,
  listed,
  testId,
  minWidth,
}: {
  rows: readonly F[];
  total: number;
  columns: Column<F>[];
  rowKey: (finding: F) => string;
  /** The note, given how many there are and how many are listed. */
  listed: (count: number, listed: number) => string;
  testId: string;
  minWidth?: number;
}) => (
  <Stack gap={4}>
    <DataTable
      rows={[...rows]}
      columns={columns}
      rowKey={rowKey}
      testId={testId}
      pageSize={50}
      minWidth={minWidth}
      empty={null}
    />
    {total > rows.length ? (
      <Text size="sm" c="dimmed" data-testid={`${testId}-listed`}>
        {listed(total, rows.length)}
      </Text>
    ) : null}
  </Stack>
);
