import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import type { SchemaForm } from "../../components/form.tsx";
import { MutationFormCard } from "../../components/mutation-form-card.tsx";
import { doneOrFieldErrors } from "./server-errors.ts";

/**
 * A form of a contact (the contact itself, a record, a history entry): `toBody` makes what `save`
 * sends, back to `back` once saved, what a refusal says of a field on that field (`fieldOf`). Its test
 * ids are `name`'s: `${name}-form`, `${name}-error`, `${name}-submit`.
 */
export const ContactFormCard = <Values extends Record<string, unknown>, Output, Body>({
  name,
  form,
  save,
  toBody,
  fieldOf,
  back,
  submitLabel,
  more,
  children,
}: {
  name: string;
  form: SchemaForm<Values, Output>;
  save: {
    mutate: (body: Body, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
    isError: boolean;
    error: unknown;
    isPending: boolean;
  };
  toBody: (values: Output) => Body;
  fieldOf?: (path: string) => string | null;
  back: string;
  submitLabel: string;
  more?: ReactNode;
  children: ReactNode;
}) => {
  const navigate = useNavigate();
  return (
    <MutationFormCard
      testId={`${name}-form`}
      onSubmit={form.onSubmit((values) =>
        save.mutate(
          toBody(values),
          doneOrFieldErrors(form, () => void navigate(back), fieldOf),
        ),
      )}
      mutation={save}
      errorTestId={`${name}-error`}
      cancel={back}
      submitLabel={submitLabel}
      submitTestId={`${name}-submit`}
      more={more}
    >
      {children}
    </MutationFormCard>
  );
};
