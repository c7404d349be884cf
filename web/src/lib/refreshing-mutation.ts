import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";

/**
 * A change sent to the API after which what it changed is read again: the queries under `queryKey`
 * are invalidated once it succeeds (or once it is `settled`, refused too, when a refusal may leave part
 * of it done). The mutation waits for that refresh before it says it succeeded.
 */
export const useRefreshingMutation = <Variables, Result>(
  queryKey: QueryKey,
  mutationFn: (variables: Variables) => Promise<Result>,
  when: "success" | "settled" = "success",
) => {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey });
  return useMutation({
    mutationFn,
    ...(when === "settled" ? { onSettled: refresh } : { onSuccess: refresh }),
  });
};

/** Every query (the prefix of every key): after a change that moves the documents, the banks and the books alike. */
export const allQueries: QueryKey = [];
