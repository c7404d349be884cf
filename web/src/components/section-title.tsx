import { Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A section's heading and the grey hint under it, side by side in the parent's stack (or wrapped in the
 * caller's own block). Without `size`, a page's section: the full heading, its hint a little apart; `h3`
 * to `h5` for a part, a card or a side panel, the hint smaller under an `h5` unless `hintSize` says.
 */
export const SectionTitle = ({
  title,
  hint,
  size,
  hintSize,
  id,
}: {
  title: ReactNode;
  hint: ReactNode;
  size?: "h3" | "h4" | "h5";
  hintSize?: "sm" | "xs";
  /** For the section's `aria-labelledby`. */
  id?: string;
}) => (
  <>
    <Title order={2} size={size} id={id}>
      {title}
    </Title>
    <Text size={hintSize ?? (size === "h5" ? "xs" : "sm")} c="dimmed" mt={size ? undefined : 4}>
      {hint}
    </Text>
  </>
);

/**
 * The same in running text rather than as a heading: a bold line and its grey hint under it (a card's
 * name and what it is for, a step and what it does).
 */
export const TitleLine = ({
  title,
  hint,
  weight = 650,
  size,
  hintSize = "sm",
}: {
  title: ReactNode;
  hint: ReactNode;
  weight?: 600 | 650;
  size?: "sm" | "lg";
  hintSize?: "sm" | "xs";
}) => (
  <>
    <Text fw={weight} size={size}>
      {title}
    </Text>
    <Text size={hintSize} c="dimmed">
      {hint}
    </Text>
  </>
);
