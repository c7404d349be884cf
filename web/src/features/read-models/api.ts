import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type AnswerOf, api, type Schemas } from "../../lib/api-client.ts";

/** An organisation a read model is stopped for: the event it failed on, and why. */
export type FailedOrganisation = Schemas["FailedOrganisation"];
export type ReadModel = Schemas["ReadModel"];
export type ReadModels = AnswerOf<"/registre/projections", "get">;
export type ResumeOutcome = AnswerOf<"/registre/projections/{name}/resume", "post">;

export type ScheduledJob = Schemas["ScheduledJob"];

export const readModelKeys = { all: ["read-models"] as const, schedule: ["schedule"] as const };

export const readModelsQueryOptions = () =>
  queryOptions({
    queryKey: readModelKeys.all,
    queryFn: ({ signal }) => api.get("/registre/projections", { signal }),
    // The state moves on its own (lag, a failure): keep it fresh while the screen is open.
    refetchInterval: 10_000,
  });

/** The schedule's jobs: when each last ran, how that went, and when it runs next. */
export const scheduleQueryOptions = () =>
  queryOptions({
    queryKey: readModelKeys.schedule,
    queryFn: ({ signal }) => api.get("/registre/schedule", { signal }),
    refetchInterval: 30_000,
  });

/** Applies what a read model held back for an organisation, after a fix is deployed. */
export const useResumeReadModel = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, orgId }: { name: string; orgId: string }) =>
      api.post("/registre/projections/{name}/resume", { path: { name }, body: { orgId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: readModelKeys.all }),
  });
};
