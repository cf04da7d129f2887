import { describe, expect, it } from "vitest";
import { importAim } from "./aim";
import { crossingsMs, sampleAt } from "./test-drive";
import { fixtureBytes } from "./test-files";
import { bytesOf } from "./test-support";

describe("importAim", () => {
	it("reads the channels by name after the preamble, quoted cells and all", () => {
		const r = importAim(fixtureBytes("aim/normal.csv"), "a.csv");
		expect(r.fixes.length).toBe(2201);
		expect(r.fixes.lat[20]).toBeCloseTo(sampleAt(1000).lat, 7);
		expect(r.fixes.speedKmh[20]).toBeCloseTo(72, 1);
		expect([r.source.device, r.trackName]).toEqual(["MyChron5 12345", "Oval de teste"]);
	});

	it("counts time from the session start: the preamble's local date is not a UTC instant", () => {
		const r = importAim(fixtureBytes("aim/normal.csv"), "a.csv");
		expect(r.dateKnown).toBe(false);
		expect([r.fixes.timeMs[0], r.fixes.timeMs[1]]).toEqual([0, 50]);
	});

	it("takes Beacon Markers as the lap marks", () => {
		const r = importAim(fixtureBytes("aim/normal.csv"), "a.csv");
		expect(r.lapMarksMs).toEqual(crossingsMs(110).map((c) => Math.round(c)));
	});

	it("reads underscore names (GPS_Latitude) and a units row in m/s", () => {
		const text = [
			'"Format","AiM CSV File"',
			"",
			'"Time","GPS_Speed","GPS_Latitude","GPS_Longitude"',
			'"s","m/s","deg","deg"',
			'"0.0","20","-23.7","-46.7"',
		].join("\n");
		const r = importAim(bytesOf(text), "u.csv");
		expect(r.fixes.speedKmh[0]).toBeCloseTo(72, 5);
	});

	it("reports unreadable, backward and position-less rows", () => {
		const r = importAim(fixtureBytes("aim/broken.csv"), "b.csv");
		expect(
			r.report.filter((e) => e.kind === "rejected").map((e) => `${e.line} ${e.reason}`),
		).toEqual([
			'21 Time: esperado número, encontrado "x"',
			'31 Time "0.100" não avança',
			'41 posição ilegível: "", ""',
		]);
	});
});

/** A cell as AiM writes it: in double quotes. */
const quoted = (cells: readonly string[]) => cells.map((c) => `"${c}"`).join(",");

const PREAMBLE = [
	["Format", "AiM CSV File"],
	["Venue", "Oval"],
	["Data Source", "MyChron5 1"],
	["Time", "11:00 AM"],
	["Sample Rate", "20"],
];

/** An AiM export: preamble, channel names, units (null: no units row), then the rows. */
function aimFile(
	names: readonly string[],
	units: readonly string[] | null,
	rows: readonly (readonly string[])[],
	preamble: readonly (readonly string[])[] = PREAMBLE,
): Uint8Array {
	const lines = [...preamble.map(quoted), "", quoted(names)];
	if (units) lines.push(quoted(units));
	return bytesOf(`${[...lines, ...rows.map(quoted)].join("\n")}\n`);
}

const POSITION = ["Time", "GPS Latitude", "GPS Longitude"];

const reasons = (r: ReturnType<typeof importAim>) =>
	r.report.map((e) => `${e.line} ${e.kind} ${e.reason}`);

describe("importAim columns", () => {
	// Every name AiM gives each channel, the i-th file taking the i-th name (cycling).
	const NAMES: [key: string, names: string[]][] = [
		["lat", ["GPS Latitude", "GPS_Lat", "Latitude", "GPS__Latitude_"]],
		["lon", ["GPS Longitude", "GPS Long", "GPS_Lon", "Longitude"]],
		["speed", ["GPS Speed", "Speed"]],
		["altitudeM", ["GPS Altitude", "Altitude"]],
		["satellites", ["GPS Nsat", "GPS_Sats"]],
		["headingDeg", ["GPS Heading", "GPS Course"]],
		["latAccG", ["GPS LatAcc", "LateralAcc", "Acc Lat", "Lateral Acc"]],
		["lonAccG", ["GPS LonAcc", "InlineAcc", "Acc Long", "Longitudinal Acc"]],
		["rpm", ["RPM", "Engine RPM"]],
		["throttlePct", ["TPS", "Throttle", "PPSA"]],
	];
	const UNITS = ["s", "deg", "deg", "km/h", "m", "#", "deg", "g", "g", "rpm", "%"];
	const ROW = ["1.0", "-23.7", "-46.7", "72", "780.5", "12", "271.5", "0.8", "-0.3", "6500", "88"];

	it.each([0, 1, 2, 3])(
		"recognises every name of a channel, spaced or underscored (name %i)",
		(i) => {
			const names = ["Time", ...NAMES.map(([, list]) => list[i % list.length]!)];
			const r = importAim(aimFile(names, UNITS, [ROW]), "a.csv");
			const f = r.fixes;
			expect(r.source.format).toBe("aim");
			expect([f.length, f.timeMs[0], f.lat[0], f.lon[0], f.speedKmh[0]]).toEqual([
				1, 1000, -23.7, -46.7, 72,
			]);
			expect(
				Object.fromEntries(Object.entries(f.extra).map(([k, v]) => [k, Number(v[0]!.toFixed(3))])),
			).toEqual({
				altitudeM: 780.5,
				satellites: 12,
				headingDeg: 271.5,
				latAccG: 0.8,
				lonAccG: -0.3,
				rpm: 6500,
				throttlePct: 88,
			});
		},
	);

	it("keeps only the channels the file has, and a blank cell is no value", () => {
		const bare = importAim(aimFile(POSITION, null, [["1.0", "-23.7", "-46.7"]]), "a.csv");
		expect(Object.keys(bare.fixes.extra)).toEqual([]);
		expect(bare.fixes.speedKmh[0]).toBeNaN();
		const names = [...POSITION, "GPS Speed", "GPS Altitude", "RPM"];
		const blanks = importAim(
			aimFile(
				names,
				["s", "deg", "deg", "km/h", "m", "rpm"],
				[
					["1.0", "-23.7", "-46.7", "", "", ""],
					["1.05", "-23.7", "-46.7", "72", "780", "6500"],
				],
			),
			"a.csv",
		);
		const f = blanks.fixes;
		expect([f.speedKmh[0], f.extra.altitudeM?.[0], f.extra.rpm?.[0]]).toEqual([NaN, NaN, NaN]);
		expect([f.speedKmh[1], f.extra.altitudeM?.[1], f.extra.rpm?.[1]]).toEqual([72, 780, 6500]);
	});

	it("converts speed, altitude and accelerations by their units row", () => {
		const names = [...POSITION, "GPS Speed", "GPS Altitude", "GPS LatAcc", "GPS LonAcc"];
		const r = importAim(
			aimFile(
				names,
				["s", "deg", "deg", "mph", "ft", "m/s²", "m/s2"],
				[["1.0", "-23.7", "-46.7", "100", "1000", "9.80665", "-4.903325"]],
			),
			"a.csv",
		);
		const f = r.fixes;
		expect(f.speedKmh[0]).toBeCloseTo(160.9344, 4);
		expect(f.extra.altitudeM?.[0]).toBeCloseTo(304.8, 4);
		expect(f.extra.latAccG?.[0]).toBeCloseTo(1, 6);
		expect(f.extra.lonAccG?.[0]).toBeCloseTo(-0.5, 6);
		expect(reasons(r).filter((x) => x.includes("unidade"))).toEqual([]);
	});

	it("reads an unknown unit as the lapsix unit, and says so for speed", () => {
		const names = [...POSITION, "GPS Speed", "GPS Altitude", "GPS LatAcc"];
		const odd = importAim(
			aimFile(
				names,
				["s", "deg", "deg", "furlong/h", "cubit", "gee"],
				[["1.0", "-23.7", "-46.7", "72", "780", "0.5"]],
			),
			"a.csv",
		);
		expect([
			odd.fixes.speedKmh[0],
			odd.fixes.extra.altitudeM?.[0],
			odd.fixes.extra.latAccG?.[0],
		]).toEqual([72, 780, 0.5]);
		expect(reasons(odd)).toContain(
			'0 notice unidade de GPS Speed "furlong/h" desconhecida: lida como km/h',
		);
		// Without a units row the first row is data, and the speed unit is unknown.
		const none = importAim(
			aimFile(names, null, [
				["1.0", "-23.7", "-46.7", "72", "780", "0.5"],
				["1.05", "-23.7", "-46.7", "72", "780", "0.5"],
			]),
			"a.csv",
		);
		expect([none.fixes.length, none.fixes.speedKmh[0], none.fixes.extra.altitudeM?.[0]]).toEqual([
			2, 72, 780,
		]);
		expect(reasons(none)).toContain(
			'0 notice unidade de GPS Speed "" desconhecida: lida como km/h',
		);
		// No speed column: no unit to doubt.
		const still = importAim(aimFile(POSITION, null, [["1.0", "-23.7", "-46.7"]]), "a.csv");
		expect(reasons(still).filter((x) => x.includes("unidade"))).toEqual([]);
	});
});

describe("importAim refusals and rows", () => {
	it("refuses a file without the channel names line, or without latitude and longitude", () => {
		const noNames = importAim(
			bytesOf(`${quoted(["Format", "AiM CSV File"])}\n"Venue","Oval"\n`),
			"a.csv",
		);
		expect(noNames.source.format).toBe("aim");
		expect(reasons(noNames)).toEqual([
			'2 rejected linha de canais (começando por "Time") não encontrada',
		]);
		const refusal = "canais GPS Latitude e GPS Longitude ausentes: nenhum ponto lido";
		for (const names of [
			["Time", "GPS Latitude", "GPS Speed"],
			["Time", "GPS Speed", "GPS Longitude"],
			["Time", "GPS Speed", "RPM"],
		]) {
			const r = importAim(
				aimFile(names, ["s", "deg", "km/h"], [["1.0", "-23.7", "-46.7"]]),
				"a.csv",
			);
			expect(r.source.format).toBe("aim");
			expect(r.fixes.length).toBe(0);
			expect(reasons(r)).toEqual([`8 rejected ${refusal}`]);
		}
	});

	it("refuses rows off the globe or at 0,0 with their line numbers; the edges and a zero coordinate are kept", () => {
		// Line 7 holds the names, 8 the units: rows start at line 9.
		const rows = [
			["1.0", "-90.5", "10"],
			["1.1", "90.5", "10"],
			["1.2", "10", "-180.5"],
			["1.3", "10", "180.5"],
			["1.4", "0", "0"],
			["1.5", "-90", "10"],
			["1.6", "90", "10"],
			["1.7", "10", "-180"],
			["1.8", "10", "180"],
			["1.9", "0", "10"],
			["2.0", "10", "0"],
		];
		const r = importAim(aimFile(POSITION, ["s", "deg", "deg"], rows), "a.csv");
		expect(reasons(r).filter((x) => x.includes("fora do intervalo"))).toEqual([
			"9 rejected posição fora do intervalo ou sem fixo: -90.5, 10",
			"10 rejected posição fora do intervalo ou sem fixo: 90.5, 10",
			"11 rejected posição fora do intervalo ou sem fixo: 10, -180.5",
			"12 rejected posição fora do intervalo ou sem fixo: 10, 180.5",
			"13 rejected posição fora do intervalo ou sem fixo: 0, 0",
		]);
	});

	it("skips blank rows and refuses a one-cell row that is not a time", () => {
		const text = `${quoted(PREAMBLE[0]!)}\n\n${quoted(POSITION)}\n${quoted(["s", "deg", "deg"])}\n"1.0","-23.7","-46.7"\n\n  \nx\n"1.05","-23.7","-46.7"\n`;
		const r = importAim(bytesOf(text), "a.csv");
		expect(r.fixes.length).toBe(2);
		expect(reasons(r).filter((x) => x.includes("rejected"))).toEqual([
			'8 rejected Time: esperado número, encontrado "x"',
		]);
	});
});

describe("importAim lap marks", () => {
	it("takes Beacon Markers in order, once each, skipping what is not a number", () => {
		const preamble = [
			["Format", "AiM CSV File"],
			["Beacon Markers", "12.5", "3.25", "x", "3.25", "7"],
			["Sample Rate", "20"],
			["Duration", "13.0"],
		];
		const r = importAim(aimFile(POSITION, null, [["1.0", "-23.7", "-46.7"]], preamble), "a.csv");
		expect(r.lapMarksMs).toEqual([3250, 7000, 12500]);
	});

	it("has no lap marks when the file has no Beacon Markers", () => {
		const r = importAim(aimFile(POSITION, null, [["1.0", "-23.7", "-46.7"]]), "a.csv");
		expect(r.lapMarksMs).toEqual([]);
	});
});
