import type { ComponentProps, ReactNode } from "react";
import { FormActions, FormCard } from "./form.tsx";

/** A mutation as a form shows it (what TanStack Query's `useMutation` answers): its refusal, its run. */
type FormMutation = { isError: boolean; error: unknown; isPending: boolean };

/**
 * A form in its card whose submit runs `mutation`: the server's refusal under the fields, then cancel
 * (a link back, or what closes the form) and the submit button, pending while the mutation runs.
 */
export const MutationFormCard = ({
  mutation,
  cancel,
  submitLabel,
  submitTestId,
  submitAutoFocus,
  submitDisabled,
  more,
  children,
  ...card
}: Omit<ComponentProps<typeof FormCard>, "error" | "actions"> & {
  mutation: FormMutation;
  cancel?: ComponentProps<typeof FormActions>["cancel"];
  submitLabel: string;
  submitTestId?: string;
  submitAutoFocus?: boolean;
  submitDisabled?: boolean;
  /** Other actions, between cancel and submit (a deletion). */
  more?: ReactNode;
}) => (
  <FormCard
    {...card}
    error={mutation.isError ? mutation.error : null}
    actions={
      <FormActions
        cancel={cancel}
        submitLabel={submitLabel}
        pending={mutation.isPending}
        submitTestId={submitTestId}
        submitAutoFocus={submitAutoFocus}
        submitDisabled={submitDisabled}
      >
        {more}
      </FormActions>
    }
  >
    {children}
  </FormCard>
);
