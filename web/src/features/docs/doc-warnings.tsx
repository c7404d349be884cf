import { Alert, Stack } from "@mantine/core";

export type DocWarning = { readonly code: string; readonly message: string };

/**
 * What the API says to check before anything is done with a document or an import, in the reader's
 * language (a supplier with the organisation's own SIREN, `doc.supplierOwnSiren`): said, never blocking.
 */
export const DocWarnings = ({ warnings }: { warnings: readonly DocWarning[] | undefined }) =>
  warnings?.length ? (
    <Stack gap="xs">
      {warnings.map((w) => (
        <Alert key={w.code} color="orange" variant="light" data-testid="doc-warning" data-code={w.code}>
          {w.message}
        </Alert>
      ))}
    </Stack>
  ) : null;
