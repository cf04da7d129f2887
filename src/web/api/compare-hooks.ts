import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { getLapReferences, getTrackHistory } from "../../shared/api/compare";
import { fetchSessionChannels } from "./channels";
import { callApi } from "./client";

export type LapReferences = z.infer<typeof getLapReferences.response>;
export type TrackHistory = z.infer<typeof getTrackHistory.response>;

export const compareKeys = {
	references: (id: string, lap: number) => ["sessions", id, "laps", lap, "references"] as const,
	lapChannels: (id: string, lap: number) => ["sessions", id, "laps", lap, "channels"] as const,
	trackHistory: (track: string, riderId: string | null) =>
		["tracks", track, "history", riderId ?? "me"] as const,
};

export function useLapReferences(sessionId: string, lapNumber: number) {
	return useQuery({
		queryKey: compareKeys.references(sessionId, lapNumber),
		queryFn: () => callApi(getLapReferences, { params: { sessionId, lapNumber } }),
		staleTime: 60_000,
	});
}

/** One lap's time-stamped channels (binary); null when the lap has no path. */
export function useLapChannels(sessionId: string | null, lapNumber: number | null) {
	return useQuery({
		queryKey: compareKeys.lapChannels(sessionId ?? "", lapNumber ?? 0),
		queryFn: async ({ signal }) => {
			const body = await fetchSessionChannels(sessionId ?? "", { lap: lapNumber ?? 0, signal });
			return body.laps[0] ?? null;
		},
		enabled: sessionId !== null && lapNumber !== null,
		staleTime: 10 * 60_000,
	});
}

export function useTrackHistory(track: string | null, riderId: string | null) {
	return useQuery({
		queryKey: compareKeys.trackHistory(track ?? "", riderId),
		queryFn: () =>
			callApi(getTrackHistory, { query: { track: track ?? "", riderId: riderId ?? undefined } }),
		enabled: track !== null,
		staleTime: 60_000,
	});
}
