import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatSectorTime } from "../format/time";
import { parseGpsBytes, parseGpsFile } from "./parse-gps";
import { parseLapFile } from "./parse-lap";
import { formatGpsLine, formatLapLine, gpsPointAt } from "./serialize";
import { splitLaps } from "./split-laps";
import type { GpsPoint, GpsPoints, LapRecord, SectorNumber, SectorRecord } from "./types";

/** Text as the device writes it: no `|`, `,`, line break or surrounding space. */
const deviceText = fc
	.string({ unit: fc.constantFrom(..."abcXYZ0123456789.%V-_ ½"), maxLength: 8 })
	.map((s) => s.trim());
const degrees = (max: number) =>
	fc.integer({ min: -max * 1e7, max: max * 1e7 }).map((n) => n / 1e7);
const float32 = (min: number, max: number) =>
	fc.integer({ min: min * 100, max: max * 100 }).map((n) => Math.fround(n / 100));

const gpsPoint: fc.Arbitrary<GpsPoint> = fc
	.record({
		lat: degrees(90),
		lon: degrees(180),
		speedKmh: float32(0, 400),
		satellites: fc.integer({ min: 0, max: 0xffff }),
		timeOfDayMs: fc.oneof(fc.integer({ min: 0, max: 86_399_999 }), fc.constant(Number.NaN)),
		lapCount: fc.integer({ min: 0, max: 10_000 }),
		timingFlag: fc.constantFrom<0 | 1>(0, 1),
		battery: deviceText,
		roll: float32(-90, 90),
		filteredLean: float32(-90, 90),
		distanceM: fc.integer({ min: 0, max: 10_000_000 }),
		old: fc.boolean(),
	})
	.filter((p) => p.lat !== 0 || p.lon !== 0)
	.map(({ old, ...p }) =>
		old ? { ...p, roll: Number.NaN, filteredLean: Number.NaN, distanceM: Number.NaN } : p,
	);

const sector = (number: SectorNumber): fc.Arbitrary<SectorRecord | null> =>
	fc.option(
		fc.record({
			number: fc.constant(number),
			timeMs: fc.integer({ min: 0, max: 999_999 }),
			improved: fc.boolean(),
			upMax: fc.integer({ min: 0, max: 1000 }),
			upTrack: fc.integer({ min: 0, max: 1000 }),
			display: deviceText.filter((s) => !s.includes(",")),
			distanceM: fc.integer({ min: 0, max: 100_000 }),
		}),
	);

const lapRecord: fc.Arbitrary<Omit<LapRecord, "line">> = fc.record({
	number: fc.integer({ min: 1, max: 100_000 }),
	timeMs: fc.integer({ min: 0, max: 99 * 60_000 + 59_999 }),
	battery: deviceText,
	entrySec: fc.integer({ min: 0, max: 86_399 }),
	sectors: fc.tuple(sector(1), sector(2), sector(3), sector(4)),
	sprintCount: fc.integer({ min: 0, max: 1000 }),
	distanceM: fc.integer({ min: 0, max: 1_000_000 }),
});

/** Bytes that matter to the formats, so random lines get close to valid ones. */
const sixAlphabet = fc.constantFrom(..."0123456789|,.-: \t\r\nexNaI+");

function pointsOf(points: GpsPoints) {
	return Array.from({ length: points.length }, (_, i) => gpsPointAt(points, i));
}

describe("properties of the parsers", () => {
	it("never throw on arbitrary bytes", () => {
		fc.assert(
			fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => {
				parseLapFile(bytes);
				parseGpsFile(bytes);
			}),
		);
	});

	it("never throw on arbitrary text made of the formats' own characters", () => {
		fc.assert(
			fc.property(fc.string({ unit: sixAlphabet, maxLength: 400 }), (text) => {
				const gps = parseGpsFile(text);
				const lap = parseLapFile(text);
				for (const r of [...gps.report, ...lap.report]) expect(r.reason.length).toBeGreaterThan(0);
			}),
		);
	});

	it("give back the generated GPS points they are serialised from", () => {
		fc.assert(
			fc.property(fc.array(gpsPoint, { maxLength: 30 }), fc.boolean(), (points, crlf) => {
				const text = points.map(formatGpsLine).join(crlf ? "\r\n" : "\n");
				const file = parseGpsFile(text);
				expect(file.report).toEqual([]);
				expect(pointsOf(file.points)).toEqual(points);
			}),
		);
	});

	it("give back the generated laps they are serialised from", () => {
		fc.assert(
			fc.property(lapRecord, (lap) => {
				const file = parseLapFile(formatLapLine(lap));
				expect(file.report).toEqual([]);
				const expected = {
					...lap,
					sectors: lap.sectors.map((s) =>
						s && s.display === "" ? { ...s, display: formatSectorTime(s.timeMs) } : s,
					),
					line: 1,
				};
				expect(file.laps).toEqual([expected]);
			}),
		);
	});

	it("read GPS lines the same with and without the one-pass reader, even mutated ones", () => {
		const mutated = fc
			.tuple(gpsPoint, fc.array(fc.tuple(fc.nat(), sixAlphabet), { maxLength: 3 }))
			.map(([point, edits]) => {
				const chars = [...formatGpsLine(point)];
				for (const [at, char] of edits) chars[at % (chars.length + 1)] = char;
				return chars.join("");
			});
		fc.assert(
			fc.property(fc.array(mutated, { maxLength: 20 }), (lines) => {
				const bytes = new TextEncoder().encode(lines.join("\n"));
				const fast = parseGpsBytes(bytes, true);
				const reference = parseGpsBytes(bytes, false);
				expect(pointsOf(fast.points)).toEqual(pointsOf(reference.points));
				expect(Array.from(fast.points.line)).toEqual(Array.from(reference.points.line));
				expect(fast.report).toEqual(reference.report);
			}),
			{ numRuns: 300 },
		);
	});
});

describe("properties of splitLaps", () => {
	const track = fc.array(
		fc.record({ lapCount: fc.integer({ min: 0, max: 4 }), flag: fc.constantFrom(0, 1, 1, 1) }),
		{ maxLength: 60 },
	);
	const toPoints = (spec: { lapCount: number; flag: number }[]) =>
		parseGpsFile(spec.map((p, i) => `1,${i + 1}|0|0|000000|${p.lapCount}|${p.flag}|x`).join("\n"))
			.points;

	it("puts in a lap path only flag-1 points of that lap, and no point in two laps", () => {
		fc.assert(
			fc.property(track, fc.array(fc.integer({ min: 0, max: 4 })), (spec, completed) => {
				const points = toPoints(spec);
				const { paths } = splitLaps(points, new Set(completed));
				const used = new Set<number>();
				for (const path of paths) {
					expect(path.end).toBeGreaterThan(path.start);
					for (let i = path.start; i < path.end; i++) {
						expect(points.timingFlag[i]).toBe(1);
						expect(points.lapCount[i]).toBe(path.lapNumber);
						expect(used.has(i)).toBe(false);
						used.add(i);
					}
				}
				const numbers = paths.map((p) => p.lapNumber);
				expect(numbers).toEqual([...new Set(numbers)].sort((a, b) => a - b));
			}),
		);
	});

	it("keeps the final run only for a completed lap", () => {
		fc.assert(
			fc.property(track, (spec) => {
				const points = toPoints(spec);
				const last = spec.at(-1);
				if (last?.flag !== 1) return;
				const withIt = splitLaps(points, new Set([last.lapCount]));
				const without = splitLaps(points, new Set());
				const endsAtLast = (p: { end: number }) => p.end === points.length;
				expect(withIt.paths.some(endsAtLast)).toBe(true);
				expect(without.paths.some(endsAtLast)).toBe(false);
			}),
		);
	});
});
