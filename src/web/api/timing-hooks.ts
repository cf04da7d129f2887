import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import {
	createAdminTrack,
	listAdminTracks,
	retimeSession,
	updateAdminTrack,
} from "../../shared/api/tracks";
import { callApi } from "./client";

export type RetimeBody = z.input<typeof retimeSession.body>;
export type CreateTrackBody = z.input<typeof createAdminTrack.body>;
export type UpdateTrackBody = z.input<typeof updateAdminTrack.body>;

export const trackKeys = { list: ["admin", "tracks"] as const };

/** Re-times a session's laps; every view of sessions is read again (laps, tree, paths). */
export function useRetimeSession(sessionId: string) {
	const queryClient = useQueryClient();
	return useMutation({
		mutationFn: (body: RetimeBody) =>
			callApi(retimeSession, { params: { sessionId }, body: body as never }),
		onSuccess: () => queryClient.invalidateQueries({ queryKey: ["sessions"] }),
	});
}

export function useAdminTracks(enabled = true) {
	return useQuery({
		queryKey: trackKeys.list,
		queryFn: () => callApi(listAdminTracks),
		enabled,
		staleTime: 0,
	});
}

export function useSaveTrack() {
	const queryClient = useQueryClient();
	return useMutation({
		mutationFn: (input: { trackId: string | null; body: UpdateTrackBody & CreateTrackBody }) =>
			input.trackId
				? callApi(updateAdminTrack, {
						params: { trackId: input.trackId },
						body: input.body as never,
					})
				: callApi(createAdminTrack, { body: input.body as never }),
		onSuccess: () => {
			void queryClient.invalidateQueries({ queryKey: trackKeys.list });
			void queryClient.invalidateQueries({ queryKey: ["sessions"] });
		},
	});
}
