import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { type getMe, getSignInState, type MeUser } from "../../shared/api/me";
import { getProfile, type ProfileInput, updateProfile } from "../../shared/api/profile";
import { getLapPath, getSession, getSessionPaths, getSessionTree } from "../../shared/api/sessions";
import { getSharedLapPath, getSharedSessionPaths } from "../../shared/api/shares";
import { callApi, postLogout, setCsrfToken } from "./client";
import { useSharedToken } from "./shared-token";

export const queryKeys = {
	me: ["me"] as const,
	profile: ["me", "profile"] as const,
	sessionTree: ["sessions", "tree"] as const,
	session: (id: string) => ["sessions", id] as const,
	lapPath: (id: string, lap: number) => ["sessions", id, "laps", lap, "path"] as const,
	sessionPaths: (id: string) => ["sessions", id, "paths"] as const,
	shares: (id: string) => ["sessions", id, "shares"] as const,
	shared: (token: string) => ["shared", token] as const,
	sharedLapPath: (token: string, lap: number) => ["shared", token, "laps", lap, "path"] as const,
	sharedPaths: (token: string) => ["shared", token, "paths"] as const,
};

export type MeData = z.infer<typeof getMe.response>;
export type SessionTree = z.infer<typeof getSessionTree.response>;
export type SessionDetail = z.infer<typeof getSession.response>;

/**
 * The signed-in user; `null` when nobody is signed in. Asked of GET /api/me/state, which answers
 * 200 either way, so a visit to the sign-in page logs no failed request in the console.
 */
export async function fetchMe(): Promise<MeData | null> {
	const state = await callApi(getSignInState);
	setCsrfToken(state.csrfToken);
	return state.user && state.csrfToken ? { user: state.user, csrfToken: state.csrfToken } : null;
}

export function useMe() {
	return useQuery({ queryKey: queryKeys.me, queryFn: fetchMe, staleTime: 60_000 });
}

/** The signed-in user inside guarded routes (the guard has loaded it already). */
export function useCurrentUser(): MeUser | null {
	const { data } = useMe();
	return data?.user ?? null;
}

export function useProfile() {
	return useQuery({
		queryKey: queryKeys.profile,
		queryFn: () => callApi(getProfile),
		staleTime: 0,
	});
}

export function useUpdateProfile() {
	const queryClient = useQueryClient();
	return useMutation({
		mutationFn: (input: ProfileInput) => callApi(updateProfile, { body: input }),
		onSuccess: (result) => {
			queryClient.setQueryData(queryKeys.profile, { profile: result.profile });
			queryClient.setQueryData<MeData | null>(queryKeys.me, (old) =>
				old ? { ...old, user: result.user } : old,
			);
		},
	});
}

export function useSessionTree() {
	return useQuery({ queryKey: queryKeys.sessionTree, queryFn: () => callApi(getSessionTree) });
}

export function useSession(sessionId: string | null) {
	return useQuery({
		queryKey: queryKeys.session(sessionId ?? ""),
		queryFn: () => callApi(getSession, { params: { sessionId: sessionId ?? "" } }),
		enabled: sessionId !== null,
		staleTime: 5 * 60_000,
	});
}

/** A lap's path: through the signed-in API, or through the read-only link being viewed. */
export function useLapPath(sessionId: string | null, lapNumber: number | null) {
	const token = useSharedToken();
	return useQuery({
		queryKey:
			token !== null
				? queryKeys.sharedLapPath(token, lapNumber ?? 0)
				: queryKeys.lapPath(sessionId ?? "", lapNumber ?? 0),
		queryFn: () =>
			token !== null
				? callApi(getSharedLapPath, { params: { token, lapNumber: lapNumber ?? 0 } })
				: callApi(getLapPath, {
						params: { sessionId: sessionId ?? "", lapNumber: lapNumber ?? 0 },
					}),
		enabled: sessionId !== null && lapNumber !== null,
		staleTime: 10 * 60_000,
	});
}

/** Every lap's path of a session: signed in, or through the read-only link being viewed. */
export function useSessionPaths(sessionId: string | null) {
	const token = useSharedToken();
	return useQuery({
		queryKey:
			token !== null ? queryKeys.sharedPaths(token) : queryKeys.sessionPaths(sessionId ?? ""),
		queryFn: () =>
			token !== null
				? callApi(getSharedSessionPaths, { params: { token } })
				: callApi(getSessionPaths, { params: { sessionId: sessionId ?? "" } }),
		enabled: sessionId !== null,
		staleTime: 10 * 60_000,
	});
}

export function useLogout() {
	const queryClient = useQueryClient();
	return useMutation({
		mutationFn: postLogout,
		onSuccess: () => {
			setCsrfToken(null);
			queryClient.setQueryData(queryKeys.me, null);
			queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "me" });
		},
	});
}
