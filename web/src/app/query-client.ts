import { MutationCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "../lib/http.ts";

const isClientError = (error: unknown): boolean =>
  error instanceof ApiError && error.status !== null && error.status >= 400 && error.status < 500;

export const createQueryClient = (): QueryClient => {
  const client: QueryClient = new QueryClient({
    // A write refused with 402: the subscription has ended meanwhile — read it again, so that the frame's
    // read-only banner shows at once.
    mutationCache: new MutationCache({
      onError: (error) => {
        if (error instanceof ApiError && error.status === 402)
          void client.invalidateQueries({ queryKey: ["billing"] });
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not change by asking again.
        retry: (failureCount, error) => !isClientError(error) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
  return client;
};
