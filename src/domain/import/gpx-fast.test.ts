import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { importGpx } from "./gpx";
import { fixtureBytes, fixturePaths } from "./test-files";
import { bytesOf } from "./test-support";

/** A trkpt in one of the shapes files have (and some they should not). */
const point = fc.record({
	lat: fc.oneof(
		fc.double({ min: -89, max: 89, noNaN: true }).map((v) => v.toFixed(7)),
		fc.constantFrom("north", "", "95", "-23.5"),
	),
	lon: fc.oneof(
		fc.double({ min: -179, max: 179, noNaN: true }).map((v) => v.toFixed(7)),
		fc.constantFrom("1e1", "-46.6"),
	),
	second: fc.integer({ min: 0, max: 400 }),
	zone: fc.constantFrom("Z", "Z", "Z", "", "+01:00"),
	ele: fc.oneof(
		fc.double({ min: -100, max: 3000, noNaN: true }).map((v) => v.toFixed(1)),
		fc.constantFrom("", " 12 ", "x", "&amp;"),
	),
	speed: fc.option(fc.double({ min: 0, max: 80, noNaN: true }).map((v) => v.toFixed(3))),
	lean: fc.option(
		fc.tuple(
			fc.double({ min: -60, max: 60, noNaN: true }).map((v) => v.toFixed(2)),
			fc.constantFrom("true", "false", ""),
		),
	),
	extra: fc.constantFrom(
		"",
		"<hr>150</hr>",
		"<sat>1\n50</sat>",
		"<!-- c -->",
		"<![CDATA[1]]>",
		'<x:unknown xmlns:x="urn:x">1</x:unknown>',
		"<a><b>2</b></a>",
	),
	order: fc.boolean(),
	space: fc.constantFrom("", " ", "\n        "),
	prefix: fc.constantFrom("", "", "g:"),
});

type Point = typeof point extends fc.Arbitrary<infer T> ? T : never;

function gpxOf(points: Point[]): string {
	const body = points
		.map((p) => {
			const pre = p.prefix;
			const attrs = p.order ? `lat="${p.lat}" lon="${p.lon}"` : `lon="${p.lon}" lat="${p.lat}"`;
			const time = `2025-03-01T14:${String(Math.floor(p.second / 60) % 60).padStart(2, "0")}:${String(p.second % 60).padStart(2, "0")}${p.zone}`;
			const ext = [
				p.speed === null
					? ""
					: `<t:TrackPointExtension><t:speed>${p.speed}</t:speed></t:TrackPointExtension>`,
				p.lean === null
					? ""
					: `<lx:lean${p.lean[1] ? ` estimated="${p.lean[1]}"` : ""}>${p.lean[0]}</lx:lean>`,
			].join(p.space);
			return `<${pre}trkpt ${attrs}>${p.space}<${pre}ele>${p.ele}</${pre}ele>${p.space}<${pre}time>${time}</${pre}time>${p.extra}${p.space}<${pre}extensions>${ext}</${pre}extensions>${p.space}</${pre}trkpt>`;
		})
		.join("\n");
	return `<?xml version="1.0"?>\n<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1" xmlns:g="http://www.topografix.com/GPX/1/1" xmlns:t="http://www.garmin.com/xmlschemas/TrackPointExtension/v2" xmlns:lx="https://lapsix.app/xmlns/gpx/1"><trk><trkseg>\n${body}\n</trkseg></trk></gpx>\n`;
}

describe("the GPX hot paths (a trkpt read whole, and by template)", () => {
	it("give exactly what the token-by-token reading gives, for points of every shape", () => {
		fc.assert(
			fc.property(fc.array(point, { minLength: 1, maxLength: 25 }), (points) => {
				const bytes = bytesOf(gpxOf(points));
				expect(importGpx(bytes, "f.gpx")).toEqual(importGpx(bytes, "f.gpx", { fastPath: false }));
			}),
			{ numRuns: 400 },
		);
	});

	it("number each point by its line in a run of points alike, line ends inside values and all", () => {
		const alike = (second: number, sat: string, space: string) =>
			`<trkpt lat="-23.5" lon="-46.6">${space}<time>2025-03-01T14:00:${String(second).padStart(2, "0")}Z</time><sat>${sat}</sat>\n</trkpt>`;
		const points = [
			alike(1, "150", "\n"),
			alike(2, "151", "\n"),
			alike(3, "15\n2", "\n"),
			alike(4, "153", "\n"),
			alike(5, "154", "\n\n"),
			alike(6, "155", "\n\n"),
			alike(7, "156", "\n\n"),
		];
		const text = `<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>\n${points.join("\n")}\n</trkseg></trk></gpx>\n`;
		const lines: number[] = [];
		let at = text.indexOf("<trkpt");
		while (at >= 0) {
			lines.push(text.slice(0, at).split("\n").length);
			at = text.indexOf("<trkpt", at + 1);
		}
		const r = importGpx(bytesOf(text), "f.gpx");
		expect([...r.fixes.line]).toEqual(lines);
		expect(r).toEqual(importGpx(bytesOf(text), "f.gpx", { fastPath: false }));
	});

	it("give exactly what the token-by-token reading gives on damaged files", () => {
		fc.assert(
			fc.property(
				fc.array(point, { minLength: 2, maxLength: 12 }),
				fc.array(fc.tuple(fc.nat(), fc.constantFrom("<", ">", "/", "&", '"', "a", " ", "")), {
					minLength: 1,
					maxLength: 4,
				}),
				(points, damage) => {
					let text = gpxOf(points);
					for (const [at, put] of damage) {
						const i = at % text.length;
						text = text.slice(0, i) + put + text.slice(i + 1);
					}
					const bytes = bytesOf(text);
					expect(importGpx(bytes, "f.gpx")).toEqual(importGpx(bytes, "f.gpx", { fastPath: false }));
				},
			),
			{ numRuns: 400 },
		);
	});

	it("read every shape of number in a run of points alike as the token-by-token reading does", () => {
		const odd = [
			"+5",
			"5.",
			".5",
			"-.5",
			"-0",
			"-0.000",
			"+-1",
			"-",
			"+",
			".",
			"1.2.3",
			"1..2",
			"--1",
			"123456789012345",
			"1234567890.12345",
			"1234567890.123456",
			"0.0000000000000001",
			"1e3",
			"1E3",
			" 7",
			"7 ",
			"0x10",
			"12a",
			"٣",
		];
		const gpx = (ele: string, lat: string) =>
			`<trkpt lat="${lat}" lon="-4.66"><ele>${ele}</ele><time>2025-03-01T14:00:00Z</time></trkpt>`;
		for (const value of odd) {
			const points = Array.from({ length: 6 }, (_, i) =>
				gpx(i === 3 ? value : `78${i}.5`, i === 4 ? value : `-2.3000${i}`),
			).map((p, i) => p.replace("14:00:00", `14:00:0${i}`));
			const text = `<?xml version="1.0"?>\n<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>\n${points.join("\n")}\n</trkseg></trk></gpx>\n`;
			const bytes = bytesOf(text);
			expect(importGpx(bytes, "n.gpx")).toEqual(importGpx(bytes, "n.gpx", { fastPath: false }));
		}
		const plain = (ele: string) => {
			const points = Array.from({ length: 4 }, (_, i) =>
				gpx(i === 3 ? ele : "780.5", `-2.3000${i}`).replace("14:00:00", `14:00:0${i}`),
			);
			const text = `<?xml version="1.0"?>\n<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>\n${points.join("\n")}\n</trkseg></trk></gpx>\n`;
			return importGpx(bytesOf(text), "p.gpx").fixes.extra.altitudeM![3];
		};
		expect(plain("+5")).toBe(5);
		expect(plain("-.5")).toBe(-0.5);
		expect(plain("1234567890.12345")).toBe(Math.fround(1234567890.12345));
		expect(Object.is(plain("-0.000"), -0)).toBe(true);
		// Past 15 digits the integer of the digits is no longer exact: read as Number reads it.
		const lats = [
			"9.99999999999999",
			"9.999999999999991",
			"9.999999999999993",
			"9.999999999999995",
		];
		const run = lats
			.map((lat, i) => gpx("780.5", lat).replace("14:00:00", `14:00:0${i}`))
			.join("\n");
		const text = `<?xml version="1.0"?>\n<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>\n${run}\n</trkseg></trk></gpx>\n`;
		const read = importGpx(bytesOf(text), "d.gpx");
		expect([...read.fixes.lat]).toEqual(lats.map(Number));
		expect(read).toEqual(importGpx(bytesOf(text), "d.gpx", { fastPath: false }));
	});

	it("give exactly what the token-by-token reading gives on every GPX fixture, whole and cut", () => {
		for (const path of fixturePaths().filter((p) => p.startsWith("gpx/"))) {
			const bytes = fixtureBytes(path);
			for (const cut of [
				bytes.length,
				Math.floor(bytes.length / 2),
				Math.floor(bytes.length / 3),
			]) {
				const part = bytes.subarray(0, cut);
				expect(importGpx(part, path)).toEqual(importGpx(part, path, { fastPath: false }));
			}
		}
	});
});
