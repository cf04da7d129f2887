import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Recording } from "../recording/types";
import { importAim } from "./aim";
import { detectFormat } from "./detect";
import { importGpx } from "./gpx";
import { importRecording } from "./import-recording";
import { importNmea } from "./nmea";
import { importRaceCapture } from "./racecapture";
import { importRaceChrono } from "./racechrono";
import { fixtureBytes, fixturePaths } from "./test-files";
import { strictlyIncreasing } from "./test-support";
import { importTrackAddict } from "./trackaddict";
import { importVbo } from "./vbo";

const IMPORTERS: Record<string, (bytes: Uint8Array, name: string) => Recording> = {
	racechrono: importRaceChrono,
	vbo: importVbo,
	nmea: importNmea,
	gpx: importGpx,
	trackaddict: importTrackAddict,
	racecapture: importRaceCapture,
	aim: importAim,
};

/** What every import must hold, whatever the bytes. */
function checkRecording(r: Recording): void {
	const f = r.fixes;
	expect(strictlyIncreasing(f.timeMs)).toBe(true);
	for (const column of [f.timeMs, f.lat, f.lon, f.speedKmh, f.line, ...Object.values(f.extra)]) {
		expect(column.length).toBe(f.length);
	}
	for (let i = 0; i < f.length; i++) {
		expect(Number.isFinite(f.timeMs[i])).toBe(true);
		expect(Math.abs(f.lat[i]!)).toBeLessThanOrEqual(90);
		expect(Math.abs(f.lon[i]!)).toBeLessThanOrEqual(180);
	}
	for (const entry of r.report) {
		expect(["rejected", "notice"]).toContain(entry.kind);
		expect(entry.line).toBeGreaterThanOrEqual(0);
		expect(entry.reason.length).toBeGreaterThan(0);
	}
}

/** The first `lines` lines of a fixture: small valid files to mutate. */
function head(path: string, lines: number): Uint8Array {
	const bytes = fixtureBytes(path);
	let at = 0;
	for (let k = 0; k < lines && at >= 0; k++) at = bytes.indexOf(10, at + 1);
	return at < 0 ? bytes : bytes.slice(0, at + 1);
}

const mutation = fc.oneof(
	fc.record({
		kind: fc.constant("flip" as const),
		at: fc.nat(),
		value: fc.integer({ min: 0, max: 255 }),
	}),
	fc.record({
		kind: fc.constant("delete" as const),
		at: fc.nat(),
		length: fc.integer({ min: 1, max: 40 }),
	}),
	fc.record({
		kind: fc.constant("insert" as const),
		at: fc.nat(),
		text: fc.constantFrom(
			",",
			" ",
			"\n",
			"\r\n",
			"$",
			"*",
			"<",
			">",
			"&",
			'"',
			"-",
			".",
			"\u00ac",
			"[data]\n",
			"</trkpt>",
			"# Lap 1: 00:01:00.000\n",
		),
	}),
	fc.record({ kind: fc.constant("truncate" as const), at: fc.nat() }),
	fc.record({
		kind: fc.constant("duplicate" as const),
		at: fc.nat(),
		length: fc.integer({ min: 1, max: 200 }),
	}),
);

type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

function mutate(bytes: Uint8Array, steps: Mutation[]): Uint8Array {
	let out = Array.from(bytes);
	for (const step of steps) {
		const at = out.length === 0 ? 0 : step.at % out.length;
		if (step.kind === "flip") out[at] = step.value;
		else if (step.kind === "delete") out.splice(at, step.length);
		else if (step.kind === "insert") out.splice(at, 0, ...new TextEncoder().encode(step.text));
		else if (step.kind === "truncate") out = out.slice(0, at);
		else out.splice(at, 0, ...out.slice(at, at + step.length));
	}
	return new Uint8Array(out);
}

describe("importers on any bytes", () => {
	for (const [format, importer] of Object.entries(IMPORTERS)) {
		it(`${format}: never throws on arbitrary bytes, and what it gives holds`, () => {
			fc.assert(
				fc.property(fc.uint8Array({ maxLength: 3000 }), (bytes) =>
					checkRecording(importer(bytes, "x")),
				),
				{ numRuns: 150 },
			);
		});

		it(`${format}: never throws on mutated valid files; times stay strictly increasing`, () => {
			const seeds = fixturePaths()
				.filter((p) => p.startsWith(`${format}/`))
				.map((p) => head(p, 60));
			fc.assert(
				fc.property(
					fc.constantFrom(...seeds),
					fc.array(mutation, { minLength: 1, maxLength: 8 }),
					(seed, steps) => checkRecording(importer(mutate(seed, steps), "x")),
				),
				{ numRuns: 200 },
			);
		});
	}

	it("detectFormat and importRecording never throw, and no import reaches the internal-error path", () => {
		const seeds = fixturePaths().map((p) => head(p, 40));
		fc.assert(
			fc.property(
				fc.oneof(
					fc.uint8Array({ maxLength: 2000 }),
					fc
						.tuple(fc.constantFrom(...seeds), fc.array(mutation, { maxLength: 6 }))
						.map(([s, m]) => mutate(s, m)),
				),
				(bytes) => {
					detectFormat(bytes);
					const r = importRecording(bytes, "x");
					expect(r.report.some((e) => e.reason.startsWith("erro interno"))).toBe(false);
				},
			),
			{ numRuns: 300 },
		);
	});
});
