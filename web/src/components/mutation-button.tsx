import { Button, type ButtonProps, type ElementProps } from "@mantine/core";

/** A mutation as a button runs it: one that takes nothing (a download, a test, a removal). */
type RunnableMutation = { mutate: () => void; isPending: boolean };

/** A button that runs `mutation` when clicked, loading while it runs. */
export const MutationButton = ({
  mutation,
  ...props
}: { mutation: RunnableMutation } & ButtonProps & ElementProps<"button", keyof ButtonProps>) => (
  <Button onClick={() => mutation.mutate()} loading={mutation.isPending} {...props} />
);
