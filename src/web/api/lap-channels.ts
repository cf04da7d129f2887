import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import type { LapChannels } from "../../domain/channels/types";
import type { LapPath } from "../../shared/api/sessions";
import type { DecodedChannelsLap } from "./channels";
import { lapChannelsQuery } from "./compare-hooks";

/**
 * A lap's channels as the charts and the map read a path, lean included even when it was
 * estimated from the path (the JSON paths leave an estimated lean out; the channels carry it,
 * with `leanEstimated` saying so).
 */
export function pathOfChannels(lapNumber: number, channels: LapChannels | null): LapPath {
	const view: LapPath = { lapNumber, lat: [], lon: [], speedKmh: [], rollDeg: [], distanceM: [] };
	if (!channels) return view;
	for (let i = 0; i < channels.length; i++) {
		view.lat.push(channels.lat[i]!);
		view.lon.push(channels.lon[i]!);
		const speed = channels.speedKmh[i]!;
		view.speedKmh.push(Number.isFinite(speed) ? speed : 0);
		const lean = channels.leanDeg[i]!;
		view.rollDeg.push(Number.isFinite(lean) ? lean : null);
		const distance = channels.distanceM[i]!;
		view.distanceM.push(Number.isFinite(distance) ? distance : null);
	}
	return view;
}

/**
 * One lap's path from the binary channels endpoint, with an estimated lean where there is one.
 * It shares the lap's channels entry with the comparison: "Comparar" finds them loaded.
 */
export function useLapChannelsPath(sessionId: string, lapNumber: number, enabled = true) {
	const select = useCallback(
		(lap: DecodedChannelsLap | null) => ({
			path: pathOfChannels(lapNumber, lap?.channels ?? null),
		}),
		[lapNumber],
	);
	return useQuery({ ...lapChannelsQuery(sessionId, lapNumber), select, enabled });
}
