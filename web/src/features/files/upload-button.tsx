import { Button, FileButton } from "@mantine/core";
import { useState } from "react";

/** An upload as the button runs it (what TanStack Query's `useMutation` answers). */
type Upload = { mutate: (file: File) => void; reset: () => void; isPending: boolean };

/**
 * A file chosen to upload: one over `maxBytes` is not sent, `tooBig` says so (until the next choice);
 * a new choice forgets the previous upload's refusal.
 */
export const useCheckedUpload = (upload: Upload, maxBytes: number) => {
  const [tooBig, setTooBig] = useState(false);
  return {
    tooBig,
    pick: (file: File | null) => {
      setTooBig(false);
      upload.reset();
      if (!file) return;
      if (file.size > maxBytes) setTooBig(true);
      else upload.mutate(file);
    },
  };
};

/** The small button that opens the file chooser (`accept`: the types offered), loading while it uploads. */
export const UploadButton = ({
  accept,
  onPick,
  pending,
  label,
  testId,
}: {
  accept: string;
  onPick: (file: File | null) => void;
  pending: boolean;
  label: string;
  testId: string;
}) => (
  <FileButton accept={accept} onChange={onPick}>
    {(props) => (
      <Button {...props} size="xs" variant="default" loading={pending} data-testid={testId}>
        {label}
      </Button>
    )}
  </FileButton>
);
