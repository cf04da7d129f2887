/**
 * Lap timing on real recordings of other lap timers (read from ../shared/real, never copied):
 * the Orlando Kart Center NMEA log timed with the track's own lines from DovesDataViewer's
 * track file, against the figures of an independent reading (real/README.md).
 */
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import type { Fixes, TrackDefinition } from "../../src/domain/recording/types";
import { timeLapsFromLines } from "../../src/domain/timing/lap-lines";
import { trackMatches } from "../../src/domain/timing/recognise";
import { describeReal, realPath } from "./real-recordings";

/** The Doves track file: courses with `start_a_lat`… and `sector_2_a_lat`… (feet for length). */
export function readDovesTracks(): TrackDefinition[] {
	const json = JSON.parse(readFileSync(realPath("tracks/doves-tracks.json"), "utf8")) as Record<
		string,
		{ courses: Record<string, number | string>[] }
	>;
	const tracks: TrackDefinition[] = [];
	for (const [venue, { courses }] of Object.entries(json)) {
		for (const c of courses) {
			const line = (prefix: string) => ({
				a: { lat: Number(c[`${prefix}_a_lat`]), lon: Number(c[`${prefix}_a_lng`]) },
				b: { lat: Number(c[`${prefix}_b_lat`]), lon: Number(c[`${prefix}_b_lng`]) },
			});
			tracks.push({
				name: `${venue} ${c.name}`,
				startFinish: line("start"),
				sectors: ["sector_2", "sector_3"].filter((p) => `${p}_a_lat` in c).map(line),
				directionDeg: null,
				lengthM: typeof c.lengthFt === "number" ? c.lengthFt * 0.3048 : null,
			});
		}
	}
	return tracks;
}

/** A minimal RMC reader (valid fixes with a good checksum), enough to check lap timing early. */
export function readRmc(text: string): Fixes {
	const time: number[] = [];
	const lat: number[] = [];
	const lon: number[] = [];
	const speed: number[] = [];
	const line: number[] = [];
	const degrees = (value: string, hemisphere: string, width: number) => {
		const d = Number(value.slice(0, width)) + Number(value.slice(width)) / 60;
		return hemisphere === "S" || hemisphere === "W" ? -d : d;
	};
	text.split(/\r?\n/).forEach((sentence, i) => {
		const star = sentence.indexOf("*");
		if (!/^\$G[PN]RMC,/.test(sentence) || star < 0) return;
		let sum = 0;
		for (let k = 1; k < star; k++) sum ^= sentence.charCodeAt(k);
		if (sum !== Number.parseInt(sentence.slice(star + 1, star + 3), 16)) return;
		const f = sentence.slice(0, star).split(",");
		if (f[2] !== "A") return;
		const hms = f[1]!;
		const dmy = f[9]!;
		const ms =
			Date.UTC(
				2000 + Number(dmy.slice(4, 6)),
				Number(dmy.slice(2, 4)) - 1,
				Number(dmy.slice(0, 2)),
			) +
			Math.round(
				(Number(hms.slice(0, 2)) * 3600 + Number(hms.slice(2, 4)) * 60 + Number(hms.slice(4))) *
					1000,
			);
		if (time.length > 0 && ms <= time.at(-1)!) return;
		time.push(ms);
		lat.push(degrees(f[3]!, f[4]!, 2));
		lon.push(degrees(f[5]!, f[6]!, 3));
		speed.push(Number(f[7]) * 1.852);
		line.push(i + 1);
	});
	return {
		length: time.length,
		timeMs: Float64Array.from(time),
		lat: Float64Array.from(lat),
		lon: Float64Array.from(lon),
		speedKmh: Float32Array.from(speed),
		extra: {},
		line: Uint32Array.from(line),
	};
}

describeReal("lap timing on real recordings", () => {
	it("times the Orlando NMEA log with the Normal line: 69.961, 68.742, 70.148 s", () => {
		const fixes = readRmc(readFileSync(realPath("nmea/okc-2laps-rental.nmea"), "latin1"));
		const normal = readDovesTracks().find((t) => t.name === "Orlando Kart Center Normal")!;
		const result = timeLapsFromLines(fixes, normal, { file: "okc-2laps-rental.nmea" });
		expect(result.laps.map((l) => l.timeMs)).toEqual([69_961, 68_742, 70_148]);
		// Lap 2 on the track's MyLaps loop: 68.807 s; the README allows 0.15 s from outside.
		expect(Math.abs(result.laps[1]!.timeMs - 68_807)).toBeLessThan(150);
		for (const lap of result.laps) {
			expect(lap.sectorsMs).toHaveLength(3);
			expect(lap.sectorsMs.every((s) => s !== null && s > 5000)).toBe(true);
			expect(lap.sectorsMs.reduce((a, b) => a! + b!, 0)).toBe(lap.timeMs);
			expect(lap.channels.leanEstimated).toBe(true);
			// 3383 ft = 1031 m, give or take the racing line.
			const distance = lap.channels.distanceM[lap.channels.length - 1]!;
			expect(Math.abs(distance - 1031)).toBeLessThan(60);
		}
		// The log ends about 12 s after the fourth crossing.
		const after = result.report.find((r) => r.reason.includes("depois da última"));
		expect(after?.kind).toBe("notice");
	});

	it("recognises the Orlando NMEA log as the Normal layout among Doves' tracks", () => {
		const fixes = readRmc(readFileSync(realPath("nmea/okc-2laps-rental.nmea"), "latin1"));
		const matches = trackMatches(fixes, readDovesTracks());
		// Normal and Pro share the line; the laps' length (about 1031 m) picks Normal.
		expect(matches[0]?.track.name).toBe("Orlando Kart Center Normal");
		expect(matches[0]?.crossings).toBe(4);
		expect(matches.map((m) => m.track.name)).toContain("Orlando Kart Center Pro");
		expect(matches.every((m) => m.track.name.startsWith("Orlando"))).toBe(true);
	});
});
