import { describe, expect, it } from "vitest";
import type { TimedLap } from "../channels/types";
import { bearingDeg } from "./course";
import { exportToString } from "./export-session";
import { lapOf, simulatedSession, smallSession } from "./test-fixtures";
import type { ExportSession } from "./types";
import { PLACED_GATE_WIDTH_M } from "./vbo-text";

interface VboFile {
	firstLine: string;
	sections: Map<string, string[]>;
	order: string[];
}

/** Splits a VBO into its sections, checking CRLF line ends and blank lines between sections. */
function readSections(text: string): VboFile {
	expect(text.endsWith("\r\n")).toBe(true);
	expect(text.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
	const lines = text.split("\r\n").slice(0, -1);
	const sections = new Map<string, string[]>();
	const order: string[] = [];
	let current: string[] | null = null;
	for (let i = 1; i < lines.length; i++) {
		const line = lines[i]!;
		if (/^\[.+\]$/.test(line)) {
			expect(lines[i - 1]).toBe("");
			current = [];
			sections.set(line, current);
			order.push(line);
		} else if (line !== "") {
			expect(current).not.toBeNull();
			current!.push(line);
		}
	}
	return { firstLine: lines[0]!, sections, order };
}

/**
 * Reads rows the way DovesDataViewer's `vboParser.ts` does: columns by name, coordinates in
 * minutes when a value is beyond degree range or zero-padded as Racelogic writes it, longitude
 * positive west, `HHMMSS.SS` times, a day added when the time goes back.
 */
function readLikeDoves(text: string): { t: number; lat: number; lon: number; kmh: number }[] {
	const { sections } = readSections(text);
	const names = sections.get("[column names]")![0]!.split(/\s+/);
	const rows = sections.get("[data]")!.map((line) => line.trim().split(/\s+/));
	const at = (name: string) => names.indexOf(name);
	const latIndex = at("lat");
	const lonIndex = at("long");
	const minutes = rows.some(([...f]) => {
		const lat = f[latIndex]!;
		const lon = f[lonIndex]!;
		return (
			Math.abs(Number(lat)) > 90 ||
			Math.abs(Number(lon)) > 180 ||
			/^[+-]?0\d{3,}\.\d+$/.test(lat) ||
			/^[+-]?0\d{3,}\.\d+$/.test(lon)
		);
	});
	expect(minutes).toBe(true);
	let base: number | null = null;
	return rows.map((f) => {
		const time = f[at("time")]!;
		expect(time).toMatch(/^\d{6}\.\d{2}$/);
		const ms =
			(Number(time.slice(0, 2)) * 3600 + Number(time.slice(2, 4)) * 60 + Number(time.slice(4))) *
			1000;
		base ??= ms;
		let t = ms - base;
		if (t < 0) t += 86_400_000;
		return {
			t,
			lat: Number(f[latIndex]) / 60,
			lon: -Number(f[lonIndex]) / 60,
			kmh: Number(f[at("velocity")]),
		};
	});
}

function gateTokens(line: string): { kind: string; coordinates: number[]; label: string } {
	const [head, label] = line.split(" \u00ac ");
	const [kind, ...coordinates] = head!.trim().split(/\s+/);
	return { kind: kind!, coordinates: coordinates.map(Number), label: label! };
}

describe("VBO export", () => {
	it("has Racelogic's sections in order, CRLF lines and one value per column", () => {
		const text = exportToString(smallSession(), "vbo");
		const file = readSections(text);
		expect(file.firstLine).toBe("File created on 01/03/2025 @ 13:05");
		expect(file.order).toEqual([
			"[header]",
			"[channel units]",
			"[comments]",
			"[laptiming]",
			"[column names]",
			"[data]",
		]);
		const columns = file.sections.get("[column names]")![0]!.split(" ");
		expect(columns.slice(0, 7)).toEqual([
			"sats",
			"time",
			"lat",
			"long",
			"velocity",
			"heading",
			"height",
		]);
		expect(columns.slice(7)).toEqual(["longacc", "latacc", "lean_angle", "rpm", "throttle"]);
		expect(file.sections.get("[header]")).toHaveLength(columns.length);
		expect(file.sections.get("[channel units]")).toEqual(["deg", "rpm", "%"]);
		for (const row of file.sections.get("[data]")!)
			expect(row.split(" ")).toHaveLength(columns.length);
		// The gate separator is U+00AC, in UTF-8 C2 AC.
		const bytes = new TextEncoder().encode(text);
		const at = bytes.findIndex((b, i) => b === 0xc2 && bytes[i + 1] === 0xac);
		expect(at).toBeGreaterThan(0);
	});

	it("writes times as HHMMSS.SS UTC, strictly increasing: the instant two laps share once", () => {
		const session = smallSession();
		const rows = exportToString(session, "vbo").split("\r\n[data]\r\n")[1]!.trim().split("\r\n");
		const times = rows.map((row) => row.split(" ")[1]!);
		expect(times).toEqual([
			"130507.00",
			"130507.04",
			"130507.08",
			"130507.12",
			"130507.16",
			"130507.20",
			"130507.24",
			"130507.28",
		]);
	});

	it.each([
		["west and south (Interlagos)", undefined, -1, +1],
		["east and north (Sepang)", { lat: 2.7606, lon: 101.7382 }, +1, -1],
		["east and south (Phillip Island)", { lat: -38.5047, lon: 145.2331 }, -1, -1],
		["west and north (Laguna Seca)", { lat: 36.5841, lon: -121.7535 }, +1, +1],
		["near 0° N 0° E", { lat: 0.2, lon: 0.3 }, +1, -1],
	])(
		"uses the format's signs %s: lat positive north, long positive west",
		(_, origin, latSign, longSign) => {
			const session = simulatedSession({ laps: 1, hz: 10, circuit: "granja-viana", origin });
			const text = exportToString(session, "vbo");
			const { sections } = readSections(text);
			const first = sections.get("[data]")![0]!.split(" ");
			expect(Math.sign(Number(first[2]))).toBe(latSign);
			expect(Math.sign(Number(first[3]))).toBe(longSign);
			expect(first[2]).toMatch(/^[+-]\d{4,}\.\d{6}$/);
			expect(first[3]).toMatch(/^[+-]\d{5,}\.\d{6}$/);
			// Read back as DovesDataViewer reads it: every position within 1e-6 degree, in order.
			const lap = session.laps[0]!;
			const read = readLikeDoves(text);
			expect(read).toHaveLength(lap.channels.length);
			read.forEach((row, i) => {
				expect(Math.abs(row.lat - lap.channels.lat[i]!)).toBeLessThan(1e-6);
				expect(Math.abs(row.lon - lap.channels.lon[i]!)).toBeLessThan(1e-6);
				expect(Math.abs(row.t - lap.channels.timeMs[i]!)).toBeLessThanOrEqual(5);
				expect(row.kmh).toBeCloseTo(lap.channels.speedKmh[i]!, 2);
			});
			// The start line is written longitude first (Racelogic's example), in minutes with the
			// same signs.
			const start = gateTokens(sections.get("[laptiming]")![0]!);
			const { a, b } = session.lines!.startFinish;
			expect(start.kind).toBe("Start");
			expect(-start.coordinates[0]! / 60).toBeCloseTo(a.lon, 6);
			expect(start.coordinates[1]! / 60).toBeCloseTo(a.lat, 6);
			expect(-start.coordinates[2]! / 60).toBeCloseTo(b.lon, 6);
			expect(start.coordinates[3]! / 60).toBeCloseTo(b.lat, 6);
		},
	);

	it("writes the track's sector lines as Split gates", () => {
		const session = simulatedSession({ laps: 1, hz: 10, circuit: "interlagos" });
		const { sections } = readSections(exportToString(session, "vbo"));
		const gates = sections.get("[laptiming]")!.map(gateTokens);
		expect(gates.map((g) => g.kind)).toEqual(["Start", "Split", "Split", "Split"]);
		expect(gates.map((g) => g.label)).toEqual([
			"Largada/chegada",
			"Parcial 1",
			"Parcial 2",
			"Parcial 3",
		]);
		session.lines!.sectors.forEach((gate, k) => {
			expect(gates[k + 1]!.coordinates[1]! / 60).toBeCloseTo(gate.a.lat, 6);
			expect(-gates[k + 1]!.coordinates[2]! / 60).toBeCloseTo(gate.b.lon, 6);
		});
	});

	it("wraps the time of day at midnight as a VBOX does", () => {
		const simulated = simulatedSession({ laps: 1, hz: 10, circuit: "granja-viana" });
		const shift = Date.UTC(2025, 2, 1, 23, 59, 30) - simulated.laps[0]!.startMs;
		const session = {
			...simulated,
			laps: simulated.laps.map((lap) => ({ ...lap, startMs: lap.startMs + shift })),
		};
		const text = exportToString(session, "vbo");
		const times = readSections(text)
			.sections.get("[data]")!
			.map((row) => row.split(" ")[1]!);
		expect(times[0]).toBe("235930.00");
		expect(times).toContain("000000.00");
		const read = readLikeDoves(text);
		for (let i = 1; i < read.length; i++) expect(read[i]!.t).toBeGreaterThan(read[i - 1]!.t);
		expect(readSections(text).firstLine).toBe("File created on 01/03/2025 @ 23:59");
	});

	it("places a start line across the path when the session has none, and says so", () => {
		const session = {
			...simulatedSession({ laps: 2, hz: 10, circuit: "granja-viana" }),
			lines: null,
		};
		const { sections } = readSections(exportToString(session, "vbo"));
		const gates = sections.get("[laptiming]")!.map(gateTokens);
		expect(gates).toHaveLength(1);
		const [aLong, aLat, bLong, bLat] = gates[0]!.coordinates.map((v) => v / 60) as [
			number,
			number,
			number,
			number,
		];
		const first = session.laps[0]!.channels;
		// Centred on the first lap's first fix, 24 m wide, across the direction of travel.
		expect((aLat + bLat) / 2).toBeCloseTo(first.lat[0]!, 6);
		expect(-(aLong + bLong) / 2).toBeCloseTo(first.lon[0]!, 6);
		const metresPerDegree = 111_195;
		const width = Math.hypot(
			(bLat - aLat) * metresPerDegree,
			(bLong - aLong) * metresPerDegree * Math.cos((first.lat[0]! * Math.PI) / 180),
		);
		expect(width).toBeCloseTo(PLACED_GATE_WIDTH_M, 0);
		const travel = bearingDeg(first.lat[0]!, first.lon[0]!, first.lat[1]!, first.lon[1]!);
		const gate = bearingDeg(aLat, -aLong, bLat, -bLong);
		expect(Math.abs(Math.abs(((gate - travel + 540) % 360) - 180) - 90)).toBeLessThan(1);
		expect(sections.get("[comments]")!.join("\n")).toContain("colocada pelo lapsix");
	});

	it("names lean estimated from the path lean_angle-calc, and leaves out channels the source lacks", () => {
		const session = simulatedSession({ laps: 1, hz: 10, circuit: "granja-viana", extras: false });
		const estimated: ExportSession = {
			...session,
			laps: session.laps.map((lap) => ({
				...lap,
				channels: { ...lap.channels, leanEstimated: true },
			})),
		};
		const { sections } = readSections(exportToString(estimated, "vbo"));
		expect(sections.get("[column names]")![0]).toBe(
			"time lat long velocity heading lean_angle-calc",
		);
		expect(sections.get("[comments]")!.join("\n")).toContain("estimada");
	});

	it("keeps a hostile track name on its comment line", () => {
		const session: ExportSession = { ...smallSession(), trackName: "Pista\r\n[data]\r\n999 x" };
		const file = readSections(exportToString(session, "vbo"));
		expect(file.order.filter((s) => s === "[data]")).toHaveLength(1);
		expect(file.sections.get("[comments]")).toContain("Pista : Pista [data] 999 x");
		expect(file.sections.get("[data]")).toHaveLength(8);
	});

	it("writes 01/01/1970 when the recording's date is unknown", () => {
		const simulated = simulatedSession({
			laps: 1,
			hz: 10,
			circuit: "granja-viana",
			dateKnown: false,
		});
		const shift = 13 * 3_600_000 - simulated.laps[0]!.startMs;
		const session = {
			...simulated,
			date: null,
			laps: simulated.laps.map((lap) => ({ ...lap, startMs: lap.startMs + shift })),
		};
		const file = readSections(exportToString(session, "vbo"));
		expect(file.firstLine).toBe("File created on 01/01/1970 @ 13:00");
		expect(file.sections.get("[data]")![0]!.split(" ")[1]).toBe("130000.00");
	});
	it("writes one value per column in every row when the source lacks the optional channels", () => {
		const session = simulatedSession({ laps: 1, hz: 10, circuit: "granja-viana", extras: false });
		const { sections } = readSections(exportToString(session, "vbo"));
		const columns = sections.get("[column names]")![0]!.split(" ");
		expect(columns).toEqual(["time", "lat", "long", "velocity", "heading", "lean_angle"]);
		expect(sections.get("[header]")).toHaveLength(columns.length);
		for (const row of sections.get("[data]")!) expect(row.split(" ")).toHaveLength(columns.length);
	});

	it("writes zeros in a channel's column for a lap that lacks the channel another lap has", () => {
		const small = smallSession();
		const [lap1, lap2] = small.laps as [TimedLap, TimedLap];
		const session: ExportSession = {
			...small,
			laps: [lap1, { ...lap2, channels: { ...lap2.channels, extra: {} } }],
		};
		const { sections } = readSections(exportToString(session, "vbo"));
		const columns = sections.get("[column names]")![0]!.split(" ");
		const rows = sections.get("[data]")!.map((row) => row.split(" "));
		// Rows 6..8 are lap 2's (its first fix is lap 1's last).
		for (const row of rows.slice(5)) {
			expect(row).toHaveLength(columns.length);
			const at = (name: string) => row[columns.indexOf(name)];
			expect(at("sats")).toBe("000");
			expect(at("height")).toBe("+00000.00");
			expect(at("longacc")).toBe("+000.000");
			expect(at("latacc")).toBe("+000.000");
			expect(at("rpm")).toBe("00000");
			expect(at("throttle")).toBe("000.0");
		}
		expect(rows[0]![columns.indexOf("rpm")]).toBe("09800");
	});

	it("writes a heading that rounds to 360.00 as 000.00", () => {
		const small = smallSession();
		const lap = small.laps[0]!;
		const headingDeg = Float32Array.from([359.999, 0, 0, 0, 0]);
		const session: ExportSession = {
			...small,
			laps: [{ ...lap, channels: { ...lap.channels, extra: { headingDeg } } }],
		};
		const { sections } = readSections(exportToString(session, "vbo"));
		const columns = sections.get("[column names]")![0]!.split(" ");
		const first = sections.get("[data]")![0]!.split(" ");
		expect(first[columns.indexOf("heading")]).toBe("000.00");
	});

	it("leaves out a fix whose position is out of range", () => {
		const small = smallSession();
		const lap = small.laps[0]!;
		const lat = Float64Array.from(lap.channels.lat);
		lat[2] = Number.NaN;
		const session: ExportSession = {
			...small,
			laps: [{ ...lap, channels: { ...lap.channels, lat } }],
		};
		const rows = readSections(exportToString(session, "vbo")).sections.get("[data]")!;
		expect(rows.map((row) => row.split(" ")[1])).toEqual([
			"130507.00",
			"130507.04",
			"130507.12",
			"130507.16",
		]);
	});

	it("writes no [laptiming] section for a session without lines whose first lap never moves", () => {
		const still = lapOf({
			number: 1,
			startMs: Date.UTC(2025, 2, 1, 13, 0, 0),
			timeMs: [0, 100, 200],
			lat: [-23.5, -23.5, -23.5],
			lon: [-46.8, -46.8, -46.8],
			speedKmh: [0, 0, 0],
			leanDeg: [0, 0, 0],
		});
		const session: ExportSession = { ...smallSession(), laps: [still], lines: null };
		const text = exportToString(session, "vbo");
		const file = readSections(text);
		expect(file.order).toEqual([
			"[header]",
			"[channel units]",
			"[comments]",
			"[column names]",
			"[data]",
		]);
		expect(text).not.toContain("colocada pelo lapsix");
		expect(file.sections.get("[data]")).toHaveLength(3);
	});

	it("says 'desconhecida' in the comments for an unknown track and date, and trims the name", () => {
		const unknown: ExportSession = { ...smallSession(), trackName: null, date: null };
		const comments = readSections(exportToString(unknown, "vbo")).sections.get("[comments]")!;
		expect(comments).toContain("Pista : desconhecida");
		expect(comments).toContain("Data : desconhecida");
		const blank: ExportSession = { ...smallSession(), trackName: "   " };
		expect(readSections(exportToString(blank, "vbo")).sections.get("[comments]")).toContain(
			"Pista : desconhecida",
		);
		const padded: ExportSession = { ...smallSession(), trackName: "  Granja   Viana  " };
		expect(readSections(exportToString(padded, "vbo")).sections.get("[comments]")).toContain(
			"Pista : Granja   Viana",
		);
	});

	it("names lean lean_angle when only some laps' lean was estimated, and says so", () => {
		const small = smallSession();
		const [lap1, lap2] = small.laps as [TimedLap, TimedLap];
		const session: ExportSession = {
			...small,
			laps: [lap1, { ...lap2, channels: { ...lap2.channels, leanEstimated: true } }],
		};
		const { sections } = readSections(exportToString(session, "vbo"));
		expect(sections.get("[column names]")![0]!.split(" ")).toContain("lean_angle");
		expect(sections.get("[comments]")).toContain(
			"Inclinação : inclinação medida em parte das voltas, estimada a partir do trajeto nas outras",
		);
	});

	it("names lean lean_angle in a session without laps", () => {
		const session: ExportSession = { ...smallSession(), laps: [] };
		const { sections } = readSections(exportToString(session, "vbo"));
		expect(sections.get("[column names]")![0]!.split(" ")).toContain("lean_angle");
		expect(sections.get("[data]")).toEqual([]);
		// No lap to list: the comment line ends without a blank.
		expect(sections.get("[comments]")).toContain("Voltas :");
	});
	it.each([
		["heading north-east", [0, 0.0001, 0.0002], [0, 0.0001, 0.0002], 0],
		["heading south", [0, -0.0001, -0.0002], [0, 0, 0], 0],
		["after a fix without latitude", [Number.NaN, 0, -0.0001], [0, 0, 0.0001], 1],
		["standing still at first", [0, 0, 0.0001], [0, 0, 0.0001], 0],
	])(
		"places the start line 24 m wide, centred on the first fix, across the first move (%s)",
		(_, dLat, dLon, at) => {
			const origin = { lat: -23.5, lon: -46.8 };
			const lap = lapOf({
				number: 1,
				startMs: Date.UTC(2025, 2, 1, 13, 0, 0),
				timeMs: [0, 100, 200],
				lat: dLat.map((d) => origin.lat + d),
				lon: dLon.map((d) => origin.lon + d),
				speedKmh: [30, 30, 30],
				leanDeg: [0, 0, 0],
			});
			const session: ExportSession = { ...smallSession(), laps: [lap], lines: null };
			const { sections } = readSections(exportToString(session, "vbo"));
			const [aLong, aLat, bLong, bLat] = gateTokens(
				sections.get("[laptiming]")![0]!,
			).coordinates.map((v) => v / 60) as [number, number, number, number];
			const { lat, lon } = lap.channels;
			expect((aLat + bLat) / 2).toBeCloseTo(lat[at]!, 6);
			expect(-(aLong + bLong) / 2).toBeCloseTo(lon[at]!, 6);
			const metresPerDegree = 111_195;
			const width = Math.hypot(
				(bLat - aLat) * metresPerDegree,
				(bLong - aLong) * metresPerDegree * Math.cos((lat[at]! * Math.PI) / 180),
			);
			expect(width).toBeCloseTo(PLACED_GATE_WIDTH_M, 1);
			const moved = dLat.findIndex((d, i) => i > at && (d !== dLat[at] || dLon[i] !== dLon[at]));
			const travel = bearingDeg(lat[at]!, lon[at]!, lat[moved]!, lon[moved]!);
			const gate = bearingDeg(aLat, -aLong, bLat, -bLong);
			expect(Math.abs(Math.abs(((gate - travel + 540) % 360) - 180) - 90)).toBeLessThan(0.1);
		},
	);
});
