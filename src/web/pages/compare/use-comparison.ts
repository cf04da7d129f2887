/**
 * Loads both laps' channels (each through the channels endpoint and its access rule) and their
 * sector times, and compares them in the browser with the domain code: no JSON arrays of
 * points travel, and moving the cursor never asks the server anything.
 */
import { useMemo } from "react";
import type { LapChannels, TimedLap } from "../../../domain/channels/types";
import {
	type Corner,
	compareLaps,
	detectCorners,
	type LapComparison,
	prepareReference,
	type ReferenceLine,
	referenceOptionsOf,
} from "../../../domain/compare";
import type { DecodedChannelsLap } from "../../api/channels";
import { useLapChannels } from "../../api/compare-hooks";
import { useSession } from "../../api/hooks";

interface LapKey {
	sessionId: string;
	lap: number;
}

/** Runs `work` as a named User Timing measure (read by the benchmark and the DevTools). */
function measured<T>(name: string, work: () => T): T {
	const start = performance.now();
	try {
		return work();
	} finally {
		performance.measure(name, { start, end: performance.now() });
	}
}

export type ComparisonState =
	| { kind: "loading" }
	| { kind: "error"; error: unknown; retry: () => void }
	| { kind: "no-path"; which: "lap" | "reference" }
	| { kind: "ready"; comparison: LapComparison; lapTimeMs: number; referenceTimeMs: number };

function sectorsMsOf(
	laps: { number: number; sectors: { number: number; timeMs: number }[] }[] | undefined,
	lap: number,
): (number | null)[] {
	const found = laps?.find((l) => l.number === lap);
	const out: (number | null)[] = [];
	for (const sector of found?.sectors ?? []) {
		while (out.length < sector.number - 1) out.push(null);
		out[sector.number - 1] = sector.timeMs;
	}
	return out;
}

function timed(lap: DecodedChannelsLap, sectorsMs: (number | null)[]): TimedLap | null {
	if (!lap.channels) return null;
	return { number: lap.number, startMs: 0, timeMs: lap.timeMs, sectorsMs, channels: lap.channels };
}

/** Reference lines already prepared, by the channels they were prepared from. */
const linesCache = new WeakMap<object, ReferenceLine | null>();

/** A lap's line as a reference (the same for its corners and for every lap compared with it). */
function referenceLineOf(channels: LapChannels): ReferenceLine | null {
	const cached = linesCache.get(channels);
	if (cached !== undefined) return cached;
	const line = prepareReference(channels, referenceOptionsOf());
	linesCache.set(channels, line);
	return line;
}

/** Corners already found, by the lap they were found on (the same lap for every reference). */
const cornersCache = new WeakMap<object, Corner[] | null>();

/** The track's corners, found on one lap (the personal best): the same numbers in every comparison. */
export function trackCornersOf(lap: DecodedChannelsLap | null | undefined): Corner[] | null {
	if (!lap?.channels) return null;
	const cached = cornersCache.get(lap.channels);
	if (cached !== undefined) return cached;
	const line = referenceLineOf(lap.channels);
	const corners = line ? detectCorners(line) : null;
	cornersCache.set(lap.channels, corners);
	return corners;
}

/**
 * The comparison of `lap` against `reference`, on the track's corners when given (else the
 * reference's own): the reference's line is prepared once, whether for its corners or for any
 * lap compared with it.
 */
export function compareTimedLaps(
	lap: TimedLap,
	reference: TimedLap,
	corners: Corner[] | null,
): LapComparison {
	return compareLaps(lap, reference, {
		...(corners ? { corners } : {}),
		referenceLine: referenceLineOf(reference.channels) ?? undefined,
	});
}

export function useComparison(
	lapKey: LapKey,
	referenceKey: LapKey | null,
	cornersKey: LapKey | null,
): ComparisonState {
	const lap = useLapChannels(lapKey.sessionId, lapKey.lap);
	const reference = useLapChannels(referenceKey?.sessionId ?? null, referenceKey?.lap ?? null);
	const cornersLap = useLapChannels(cornersKey?.sessionId ?? null, cornersKey?.lap ?? null);
	const lapSession = useSession(lapKey.sessionId);
	const referenceSession = useSession(referenceKey?.sessionId ?? null);

	const corners = useMemo(
		() => measured("lapsix:track-corners", () => trackCornersOf(cornersLap.data)),
		[cornersLap.data],
	);
	const lapSectors = useMemo(
		() => sectorsMsOf(lapSession.data?.laps, lapKey.lap),
		[lapSession.data, lapKey.lap],
	);
	const referenceSectors = useMemo(
		() => sectorsMsOf(referenceSession.data?.laps, referenceKey?.lap ?? 0),
		[referenceSession.data, referenceKey?.lap],
	);
	// The corners' lap is only a numbering: while it loads, or when it fails, the corners are
	// found on the reference itself.
	const cornersSettled = cornersKey === null || !cornersLap.isPending;
	const comparison = useMemo(() => {
		if (!lap.data || !reference.data || !cornersSettled) return null;
		if (!lapSession.data || !referenceSession.data) return null;
		const a = timed(lap.data, lapSectors);
		const b = timed(reference.data, referenceSectors);
		if (!a || !b)
			return { kind: "missing" as const, which: a ? ("reference" as const) : ("lap" as const) };
		const result = measured("lapsix:compare-laps", () => compareTimedLaps(a, b, corners));
		return { kind: "ok" as const, result, a, b };
	}, [
		lap.data,
		reference.data,
		cornersSettled,
		corners,
		lapSectors,
		referenceSectors,
		lapSession.data,
		referenceSession.data,
	]);

	for (const query of [lap, reference, lapSession, referenceSession]) {
		if (query.isError)
			return { kind: "error", error: query.error, retry: () => void query.refetch() };
	}
	if (!comparison) return { kind: "loading" };
	if (comparison.kind === "missing") return { kind: "no-path", which: comparison.which };
	return {
		kind: "ready",
		comparison: comparison.result,
		lapTimeMs: comparison.a.timeMs,
		referenceTimeMs: comparison.b.timeMs,
	};
}
