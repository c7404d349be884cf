import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "../lib/http.ts";

const isClientError = (error: unknown): boolean =>
  error instanceof ApiError && error.status !== null && error.status >= 400 && error.status < 500;

export const createQueryClient = (): QueryClient =>
  new QueryClient({
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
