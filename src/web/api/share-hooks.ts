import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import {
	createShare,
	getSharedSession,
	listShares,
	revokeShare,
	type ShareComparison,
} from "../../shared/api/shares";
import { callApi } from "./client";
import { queryKeys } from "./hooks";

export type SharedSession = z.infer<typeof getSharedSession.response>;

/** The session's active read-only links. */
export function useShares(sessionId: string) {
	return useQuery({
		queryKey: queryKeys.shares(sessionId),
		queryFn: () => callApi(listShares, { params: { sessionId } }),
		staleTime: 0,
	});
}

export function useCreateShare(sessionId: string) {
	const queryClient = useQueryClient();
	return useMutation({
		mutationFn: (input: { expiresInDays: number; comparison?: ShareComparison }) =>
			callApi(createShare, { params: { sessionId }, body: input }),
		onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.shares(sessionId) }),
	});
}

export function useRevokeShare(sessionId: string) {
	const queryClient = useQueryClient();
	return useMutation({
		mutationFn: (shareId: string) => callApi(revokeShare, { params: { shareId } }),
		onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.shares(sessionId) }),
	});
}

/** What a read-only link opens; no retry on 404 (a revoked or expired link stays gone). */
export function useSharedSession(token: string) {
	return useQuery({
		queryKey: queryKeys.shared(token),
		queryFn: () => callApi(getSharedSession, { params: { token } }),
		retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
		staleTime: 60_000,
	});
}
