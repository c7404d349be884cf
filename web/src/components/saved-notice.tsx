import { Alert } from "@mantine/core";
import type { ReactNode } from "react";
import { CheckIcon } from "./icons.tsx";

/**
 * What a screen says once its change is made (« Modifications enregistrées. »): a polite status, read
 * out by screen readers, that may be dismissed when `onClose` is given.
 */
export const SavedNotice = ({
  children,
  title,
  onClose,
  testId,
}: {
  children?: ReactNode;
  title?: ReactNode;
  onClose?: () => void;
  testId?: string;
}) => (
  <Alert
    color="teal"
    variant="light"
    icon={<CheckIcon />}
    role="status"
    title={title}
    withCloseButton={onClose !== undefined}
    onClose={onClose}
    data-testid={testId}
  >
    {children}
  </Alert>
);
