/**
 * What every writer needs before its first byte: the laps to write (all, or one by number),
 * how a point's recording time becomes an epoch instant, and the session's first instant (the
 * zero of "seconds since session start", also when one lap is exported).
 */
import type { LapChannels, TimedLap } from "../channels/types";
import { isWritableInstant } from "./time-text";
import type { ExportOptions, ExportSession } from "./types";

export interface PreparedExport {
	session: ExportSession;
	/** The laps to write, in driving order. */
	laps: readonly TimedLap[];
	/** The lap asked for, or null for the whole session. */
	lapNumber: number | null;
	/** Added to `lap.startMs + timeMs[i]` to give epoch milliseconds (see `ExportSession`). */
	epochOffsetMs: number;
	/** Epoch ms of the session's first writable point (of all its laps); null when none. */
	originMs: number | null;
	/** Epoch ms of the first writable point of the laps written; null when none. */
	firstWrittenMs: number | null;
}

export type PrepareResult = { ok: true; prepared: PreparedExport } | { ok: false; reason: string };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Epoch ms of UTC midnight of a `yyyy-mm-dd` calendar date; null when not a real date. */
export function parseIsoDate(date: string): number | null {
	const match = ISO_DATE.exec(date);
	if (!match) return null;
	const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
	const ms = Date.UTC(year, month - 1, day);
	const back = new Date(ms);
	// A day past its month's end (or 00) rolls into another month, a month 00 or 13 into another
	// year, a year 0-99 into 1900-1999: the year and the month read back tell them all.
	if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1) return null;
	return ms;
}

/** Whether point `i` of a lap can be written: finite position in range and a writable instant. */
export function isWritablePoint(channels: LapChannels, i: number, epochMs: number): boolean {
	const lat = channels.lat[i]!;
	const lon = channels.lon[i]!;
	return lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180 && isWritableInstant(epochMs);
}

function firstWritableInstant(laps: readonly TimedLap[], epochOffsetMs: number): number | null {
	for (const lap of laps) {
		const { channels } = lap;
		for (let i = 0; i < channels.length; i++) {
			const instant = epochOffsetMs + lap.startMs + channels.timeMs[i]!;
			if (isWritablePoint(channels, i, instant)) return instant;
		}
	}
	return null;
}

export function prepareExport(session: ExportSession, options: ExportOptions = {}): PrepareResult {
	let epochOffsetMs = 0;
	if (session.date !== null) {
		const midnight = parseIsoDate(session.date);
		if (midnight === null) {
			return { ok: false, reason: `data da sessão inválida: "${session.date}" (use aaaa-mm-dd)` };
		}
		if (!session.dateKnown) epochOffsetMs = midnight;
	}
	let laps = session.laps;
	let lapNumber: number | null = null;
	if (options.lap !== undefined) {
		lapNumber = options.lap;
		laps = session.laps.filter((lap) => lap.number === lapNumber);
		if (laps.length === 0) return { ok: false, reason: `a sessão não tem a volta ${lapNumber}` };
	}
	return {
		ok: true,
		prepared: {
			session,
			laps,
			lapNumber,
			epochOffsetMs,
			originMs: firstWritableInstant(session.laps, epochOffsetMs),
			firstWrittenMs: firstWritableInstant(laps, epochOffsetMs),
		},
	};
}

/** The day the file's times fall on, said in words for descriptions and comments. */
export function describeTimeBase(session: ExportSession): string {
	if (session.dateKnown) return "horários em UTC";
	if (session.date !== null) {
		return `horários em UTC; o registro não trazia a data: escritos no dia ${session.date} da sessão`;
	}
	return "horários em UTC; data desconhecida: escritos no dia 1970-01-01, a hora do dia é a do registro";
}
