import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./client";

/** Retries only what may pass a second time: no answer or a server error, never a 4xx. */
function shouldRetry(failureCount: number, error: unknown): boolean {
	if (failureCount >= 2) return false;
	if (error instanceof ApiError) return error.status === 0 || error.status >= 500;
	return false;
}

export function createQueryClient(): QueryClient {
	return new QueryClient({
		defaultOptions: {
			queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
			mutations: { retry: false },
		},
	});
}
