import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
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

export function lapReferencesQuery(sessionId: string, lapNumber: number) {
	return queryOptions({
		queryKey: compareKeys.references(sessionId, lapNumber),
		queryFn: () => callApi(getLapReferences, { params: { sessionId, lapNumber } }),
		staleTime: 60_000,
	});
}

/**
 * One lap's time-stamped channels (binary); null when the lap has no path. The one cache entry
 * of a lap's channels: the lap's own charts read their path from it too (`lap-channels.ts`).
 */
export function lapChannelsQuery(sessionId: string, lapNumber: number) {
	return queryOptions({
		queryKey: compareKeys.lapChannels(sessionId, lapNumber),
		// No abort signal: a query whose signal was read is cancelled when its last observer
		// goes, and the lap view leaving at "Comparar" would cancel the download the click just
		// started for the comparison (which then asked for it again).
		queryFn: async () => {
			const body = await fetchSessionChannels(sessionId, { lap: lapNumber });
			return body.laps.find((l) => l.number === lapNumber) ?? null;
		},
		staleTime: 10 * 60_000,
	});
}

export function useLapReferences(sessionId: string, lapNumber: number) {
	return useQuery(lapReferencesQuery(sessionId, lapNumber));
}

export function useLapChannels(sessionId: string | null, lapNumber: number | null) {
	return useQuery({
		...lapChannelsQuery(sessionId ?? "", lapNumber ?? 0),
		enabled: sessionId !== null && lapNumber !== null,
	});
}

/**
 * Starts what a comparison of `lap` needs before the references say which lap is the
 * reference: the references, the lap's channels, and the channels of the lap the reference
 * will most likely be (`likelyReference`), all at once instead of one after another.
 */
export function prefetchComparison(
	client: QueryClient,
	sessionId: string,
	lap: number,
	likelyReference: { sessionId: string; lap: number } | null,
): void {
	void client.prefetchQuery(lapReferencesQuery(sessionId, lap));
	void client.prefetchQuery(lapChannelsQuery(sessionId, lap));
	if (likelyReference) {
		void client.prefetchQuery(lapChannelsQuery(likelyReference.sessionId, likelyReference.lap));
	}
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
