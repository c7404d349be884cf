/** The product's release notes: the platform administrator writes them, members read the published ones. */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, type Schemas } from "../../lib/api-client.ts";

export type Release = Schemas["Release"];
export type ReleaseInput = Schemas["ReleaseInput"];
export type ReleaseNews = Schemas["ReleaseNews"];

export const releasesQuery = queryOptions({
  queryKey: ["releases", "all"],
  queryFn: ({ signal }) => api.get("/registre/releases", { signal }),
});

/** A member's notes, those new since the last visit marked; the navigation's badge reads its count. */
export const releaseNewsQuery = queryOptions({
  queryKey: ["releases", "news"],
  queryFn: ({ signal }) => api.get("/releases", { signal }),
  staleTime: 5 * 60_000,
});

/** How many published notes the member has not seen; 0 while unknown (or for a visitor). */
export const useUnreadReleases = (enabled: boolean): number =>
  useQuery({ ...releaseNewsQuery, enabled }).data?.unread ?? 0;

export const useReleaseChanges = () => {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: ["releases"] });
  return {
    add: useMutation({
      mutationFn: (note: ReleaseInput) => api.post("/registre/releases", { body: note }),
      onSuccess,
    }),
    change: useMutation({
      mutationFn: ({ id, ...change }: ReleaseInput & { id: string }) =>
        api.put("/registre/releases/{id}", { path: { id }, body: change }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete("/registre/releases/{id}", { path: { id } }),
      onSuccess,
    }),
  };
};

/** Records that the member saw the notes up to the newest shown: the badge goes. */
export const useSeeReleases = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (upTo: string) => api.post("/releases/seen", { body: { upTo } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["releases", "news"] }),
  });
};
