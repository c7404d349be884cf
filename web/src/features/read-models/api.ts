import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../lib/http.ts";

/** An organisation a read model is stopped for: the event it failed on, and why. */
export type FailedOrganisation = {
  orgId: string;
  name: string | null;
  position: number;
  txId: string;
  orgSeq: number;
  error: string;
  failedAt: string;
};

export type ReadModel = {
  name: string;
  version: number;
  generation: number;
  status: "running" | "degraded";
  lag: number;
  failures: FailedOrganisation[];
};

export type ReadModels = { status: "ok" | "degraded"; items: ReadModel[] };

export type ResumeOutcome = { resumed: string[]; failed: FailedOrganisation[] };

export const readModelKeys = { all: ["read-models"] as const };

export const readModelsQueryOptions = () =>
  queryOptions({
    queryKey: readModelKeys.all,
    queryFn: ({ signal }) => apiRequest<ReadModels>("/registre/projections", { signal }),
    // The state moves on its own (lag, a failure): keep it fresh while the screen is open.
    refetchInterval: 10_000,
  });

/** Applies what a read model held back for an organisation, after a fix is deployed. */
export const useResumeReadModel = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, orgId }: { name: string; orgId: string }) =>
      apiRequest<ResumeOutcome>(`/registre/projections/${encodeURIComponent(name)}/resume`, {
        method: "POST",
        body: { orgId },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: readModelKeys.all }),
  });
};
