import { Badge, type BadgeProps, type ElementProps } from "@mantine/core";

/**
 * A short label in a soft colour — a status, a kind, a code: the app's badges all alike (light, barely
 * rounded, written as is rather than in capitals). Any of Badge's props still applies.
 */
export const Tag = (props: BadgeProps & ElementProps<"div", keyof BadgeProps>) => (
  <Badge variant="light" radius="sm" tt="none" {...props} />
);
