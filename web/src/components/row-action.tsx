import { Button, type ButtonProps, type ElementProps } from "@mantine/core";

/** A row's own small red action (remove, revoke): quiet in the table until hovered. */
export const RowRemoveButton = (props: ButtonProps & ElementProps<"button", keyof ButtonProps>) => (
  <Button size="compact-xs" variant="subtle" color="red" {...props} />
);
