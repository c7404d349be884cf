import { Text } from "@mantine/core";
import type { ReactNode } from "react";

/** The small grey capitals that name a field or a group of a record's page (« ÉCHÉANCE », « ACOMPTES »). */
export const FieldLabel = ({ children }: { children: ReactNode }) => (
  <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
    {children}
  </Text>
);

/** A field of a record's page: its label over its value, « — » when it has none. */
export const LabelledValue = ({ label, children }: { label: string; children: ReactNode }) => (
  <div>
    <FieldLabel>{label}</FieldLabel>
    <Text size="sm" component="div">
      {children || "—"}
    </Text>
  </div>
);
