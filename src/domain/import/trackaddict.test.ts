import { describe, expect, it } from "vitest";
import type { Recording } from "../recording/types";
import { crossingsMs, START_MS, sampleAt } from "./test-drive";
import { fixtureBytes } from "./test-files";
import { bytesOf, EDGE_POSITIONS, strictlyIncreasing } from "./test-support";
import { importTrackAddict } from "./trackaddict";

describe("importTrackAddict", () => {
	it("names the device from the RaceRender preamble and reads UTC Time as the time base", () => {
		const r = importTrackAddict(fixtureBytes("trackaddict/normal.csv"), "t.csv");
		expect(r.source).toEqual({ format: "trackaddict", device: "TrackAddict 4.3.5 (Android 9)" });
		expect(r.dateKnown).toBe(true);
		expect(r.fixes.timeMs[0]).toBe(START_MS);
	});

	it("keeps only rows with a GPS update as fixes and counts the others in a notice", () => {
		const r = importTrackAddict(fixtureBytes("trackaddict/normal.csv"), "t.csv");
		expect(r.fixes.length).toBe(111);
		expect([...r.fixes.timeMs.slice(0, 3)]).toEqual([START_MS, START_MS + 1000, START_MS + 2000]);
		expect(r.fixes.lat[2]).toBeCloseTo(sampleAt(2000).lat, 7);
		expect(r.report[0]).toEqual({
			file: "t.csv",
			line: 0,
			kind: "notice",
			reason:
				"2090 linhas sem GPS_Update (posição repetida entre atualizações do GPS) não viraram pontos",
		});
	});

	it("marks laps with the durations of the # Lap comments, end to end", () => {
		const r = importTrackAddict(fixtureBytes("trackaddict/normal.csv"), "t.csv");
		const crossings = crossingsMs(110);
		const durations = r.lapMarksMs.slice(1).map((m, k) => m - r.lapMarksMs[k]!);
		const expected = [crossings[0]!, crossings[1]! - crossings[0]!, crossings[2]! - crossings[1]!];
		expect(durations).toEqual(expected.map((d) => Math.round(d)));
	});

	it("places the marks on average where the comments were written", () => {
		const r = importTrackAddict(fixtureBytes("trackaddict/normal.csv"), "t.csv");
		// The app writes each comment 0.3 s after the crossing: the marks sit within that.
		const crossings = [0, ...crossingsMs(110)].map((t) => START_MS + t);
		expect(r.lapMarksMs).toHaveLength(4);
		for (const [k, m] of r.lapMarksMs.entries())
			expect(Math.abs(m - crossings[k]!)).toBeLessThan(400);
	});

	it("notes the pit-lane markers it does not use", () => {
		const r = importTrackAddict(fixtureBytes("trackaddict/normal.csv"), "t.csv");
		expect(r.report[1]).toMatchObject({
			kind: "notice",
			reason: expect.stringMatching(/marcas de entrada ou saída dos boxes/),
		});
	});

	it("converts Speed (MPH) to km/h and counts time from the session start without UTC Time", () => {
		const r = importTrackAddict(fixtureBytes("trackaddict/mph-no-utc.csv"), "m.csv");
		expect(r.fixes.speedKmh[5]).toBeCloseTo(44.7 * 1.609344, 4);
		expect(r.dateKnown).toBe(false);
		expect(r.fixes.timeMs[1]).toBe(1000);
	});

	it("reports short, unreadable and out-of-range rows and unknown comments", () => {
		const r = importTrackAddict(fixtureBytes("trackaddict/broken.csv"), "b.csv");
		expect(
			r.report.filter((e) => e.line > 0).map((e) => `${e.line} ${e.kind} ${e.reason}`),
		).toEqual([
			"11 rejected linha incompleta: 4 campos, esperados 14",
			'21 rejected UTC Time: esperado número, encontrado "y"',
			"31 rejected posição fora do intervalo ou sem fixo: -95, -46.7",
			'41 notice comentário ignorado: "a comment the importer does not know"',
		]);
		expect(strictlyIncreasing(r.fixes.timeMs)).toBe(true);
	});
});

// ---- Files written inside the tests ---------------------------------------------------------

const BANNER = "# RaceRender Data: TrackAddict 4.3.5 on Android 9 [test phone] (Mode: 0)";

/** A TrackAddict file of `lines` (header, rows and comments), LF line ends. */
function trackAddictFile(lines: readonly string[], eol = "\n"): Uint8Array {
	return bytesOf(`${lines.join(eol)}${eol}`);
}

const quoted = (names: readonly string[]) => names.map((h) => `"${h}"`).join(",");

/** Every channel TrackAddict writes that lapsix keeps, OBD ones with the app's `*OBD` mark. */
const FULL_HEADER = [
	"Time",
	"UTC Time",
	"Lap",
	"GPS_Update",
	"Latitude",
	"Longitude",
	"Altitude (m)",
	"Speed (MPH)",
	"Heading",
	"Satellites",
	"Accel X",
	"Accel Y",
	"Engine Speed (RPM) *OBD",
	"Throttle Position (%) *OBD",
];
const FULL_ROWS = [
	[
		"0.000",
		"1740837600.000",
		"0",
		"1",
		"-23.7",
		"-46.7",
		"780.5",
		"50.0",
		"90.0",
		"11",
		"0.50",
		"-0.25",
		"7000",
		"55.5",
	],
	[
		"0.050",
		"1740837600.050",
		"0",
		"0",
		"-23.7",
		"-46.7",
		"780.5",
		"50.0",
		"90.0",
		"11",
		"0.50",
		"-0.25",
		"7100",
		"56.0",
	],
	[
		"1.000",
		"1740837601.000",
		"1",
		"1",
		"-23.7001",
		"-46.6999",
		"781.0",
		"51.0",
		"91.5",
		"12",
		"0.75",
		"-0.50",
		"7200",
		"57.5",
	],
];

/** Each fix as an object of its channels (NaN where a channel has no value). */
function fixObjects(r: Recording): Record<string, number | undefined>[] {
	const f = r.fixes;
	return Array.from({ length: f.length }, (_, i) => ({
		timeMs: f.timeMs[i],
		line: f.line[i],
		lat: f.lat[i],
		lon: f.lon[i],
		// Speeds are kept in single precision.
		speedKmh: Number(f.speedKmh[i]!.toFixed(3)),
		...Object.fromEntries(Object.entries(f.extra).map(([name, values]) => [name, values![i]])),
	}));
}

const rowsOf = (r: Recording) => r.report.map((e) => `${e.line} ${e.kind} ${e.reason}`);

/** A one-row file with a fix at `lat`, `lon`: what is kept, and what is reported. */
function onePosition(lat: string, lon: string) {
	const r = importTrackAddict(
		trackAddictFile([
			quoted(["UTC Time", "Latitude", "Longitude"]),
			`1740837600.000,${lat},${lon}`,
		]),
		"p.csv",
	);
	return { fixes: r.fixes.length, report: rowsOf(r) };
}

describe("importTrackAddict: columns", () => {
	const expectedFixes = [
		{
			timeMs: 1740837600000,
			lat: -23.7,
			lon: -46.7,
			line: 3,
			speedKmh: 80.467,
			headingDeg: 90,
			altitudeM: 780.5,
			satellites: 11,
			latAccG: 0.5,
			lonAccG: -0.25,
			rpm: 7000,
			throttlePct: 55.5,
		},
		{
			timeMs: 1740837601000,
			lat: -23.7001,
			lon: -46.6999,
			line: 5,
			speedKmh: 82.077,
			headingDeg: 91.5,
			altitudeM: 781,
			satellites: 12,
			latAccG: 0.75,
			lonAccG: -0.5,
			rpm: 7200,
			throttlePct: 57.5,
		},
	];

	it("finds every channel by its name, whatever the order of the columns", () => {
		for (let first = 0; first < FULL_HEADER.length; first++) {
			const rotate = <T>(cells: readonly T[]) => [...cells.slice(first), ...cells.slice(0, first)];
			const r = importTrackAddict(
				trackAddictFile([
					BANNER,
					quoted(rotate(FULL_HEADER)),
					...FULL_ROWS.map((row) => rotate(row).join(",")),
				]),
				"c.csv",
			);
			const at = `with ${FULL_HEADER[first]} first`;
			expect(r.dateKnown, at).toBe(true);
			expect(fixObjects(r), at).toEqual(expectedFixes);
			// No # Lap comment: the Lap column's change from 0 to 1 is the mark.
			expect(r.lapMarksMs, at).toEqual([1740837601000]);
			expect(rowsOf(r), at).toEqual([
				"0 notice 1 linhas sem GPS_Update (posição repetida entre atualizações do GPS) não viraram pontos",
				"0 notice sem comentários # Lap: voltas marcadas onde a coluna Lap muda",
			]);
		}
	});

	it("reads the other names of altitude, satellites, RPM and throttle, with their units", () => {
		const read = (names: readonly string[], row: string) =>
			fixObjects(
				importTrackAddict(
					trackAddictFile([
						quoted(["UTC Time", "Latitude", "Longitude", ...names]),
						`1740837600.000,-23.7,-46.7,${row}`,
					]),
					"n.csv",
				),
			)[0];
		expect(
			read(["Altitude (ft)", "GPS Sats", "RPM *OBD", "Throttle (%) *OBD"], "2500,9,6500,40"),
		).toMatchObject({
			altitudeM: 762,
			satellites: 9,
			rpm: 6500,
			throttlePct: 40,
		});
		expect(read(["Sats"], "7")).toMatchObject({ satellites: 7 });
		// A metres column is preferred to another altitude column before it.
		expect(read(["Altitude (ft)", "Altitude (m) MSL"], "1000,500")).toMatchObject({
			altitudeM: 500,
		});
	});

	it("reads Speed in its unit, an unknown one as km/h with a notice, and no Speed as none", () => {
		const speed = (header: string) =>
			importTrackAddict(
				trackAddictFile([
					quoted(["UTC Time", "Latitude", "Longitude", header]),
					"1740837600.000,-23.7,-46.7,36",
				]),
				"s.csv",
			);
		expect(speed("Speed (m/s)").fixes.speedKmh[0]).toBeCloseTo(129.6, 3);
		const unknown = speed("Speed (furlongs)");
		expect(unknown.fixes.speedKmh[0]).toBe(36);
		expect(rowsOf(unknown)).toEqual([
			'0 notice unidade de "Speed (furlongs)" desconhecida: lida como km/h',
		]);
		const none = speed("Heading");
		expect(none.fixes.speedKmh[0]).toBeNaN();
		expect(rowsOf(none)).toEqual([]);
	});

	it("counts time from the session start in ms when there is no UTC Time, and every row is a fix without GPS_Update", () => {
		const r = importTrackAddict(
			trackAddictFile([
				quoted(["Time", "Latitude", "Longitude"]),
				"0.000,-23.7,-46.7",
				"0.050,-23.7,-46.7",
			]),
			"t.csv",
		);
		expect(r.dateKnown).toBe(false);
		expect([...r.fixes.timeMs]).toEqual([0, 50]);
		expect(rowsOf(r)).toEqual([
			"0 notice coluna UTC Time ausente: horários contados do início da sessão",
		]);
	});

	it("refuses a file without the time, Latitude or Longitude columns, on the header's line", () => {
		const header = ["Time", "UTC Time", "Latitude", "Longitude"];
		for (const missing of [["Latitude"], ["Longitude"], ["Time", "UTC Time"]]) {
			const r = importTrackAddict(
				trackAddictFile([
					BANNER,
					quoted(header.filter((h) => !missing.includes(h))),
					"0.000,1740837600.000,-23.7",
				]),
				"h.csv",
			);
			expect(r.source, `${missing}`).toEqual({
				format: "trackaddict",
				device: "TrackAddict 4.3.5 (Android 9)",
			});
			expect(r.fixes.length).toBe(0);
			expect(rowsOf(r), `${missing}`).toEqual([
				"2 rejected colunas de tempo, Latitude e Longitude ausentes: nenhum ponto lido",
			]);
		}
		const noHeader = importTrackAddict(trackAddictFile([BANNER, "# GPS: Android"]), "e.csv");
		expect(noHeader.source.format).toBe("trackaddict");
		expect(rowsOf(noHeader)).toEqual(["2 rejected linha de nomes das colunas não encontrada"]);
	});
});

describe("importTrackAddict: rows", () => {
	const HEADER = quoted(["UTC Time", "GPS_Update", "Latitude", "Longitude", "Heading"]);

	it("makes fixes only of rows whose GPS_Update is 1, and says nothing when all are", () => {
		const all = importTrackAddict(
			trackAddictFile([
				HEADER,
				"1740837600.000,1,-23.7,-46.7,90",
				"1740837601.000,1,-23.7001,-46.7,90",
			]),
			"a.csv",
		);
		expect(all.fixes.length).toBe(2);
		expect(rowsOf(all)).toEqual([]);
		const some = importTrackAddict(
			trackAddictFile([
				HEADER,
				"1740837600.000,1,-23.7,-46.7,90",
				"1740837600.050,0,-23.7,-46.7,90",
				"1740837600.100,,-23.7,-46.7,90",
				"1740837600.150,x,-23.7,-46.7,90",
				"1740837601.000,1,-23.7001,-46.7,90",
			]),
			"s.csv",
		);
		expect([...some.fixes.line]).toEqual([2, 6]);
		expect(rowsOf(some)).toEqual([
			"0 notice 3 linhas sem GPS_Update (posição repetida entre atualizações do GPS) não viraram pontos",
		]);
	});

	it("skips blank lines silently and refuses the others it cannot use, each on its line", () => {
		const r = importTrackAddict(
			trackAddictFile([
				"",
				BANNER,
				"  ",
				HEADER,
				"",
				"1740837600.000,1,-23.7,-46.7,90",
				"   ",
				"garbage",
				"1740837601.000,1,-23.7001,-46.7,north",
				"1740837600.500,1,-23.7002,-46.7,90",
				"1740837602.000,1,-23.7003,-46.7,",
			]),
			"r.csv",
		);
		expect(fixObjects(r).map((f) => [f.line, f.headingDeg])).toEqual([
			[6, 90],
			[9, Number.NaN],
			[11, Number.NaN],
		]);
		expect(r.source.device).toBe("TrackAddict 4.3.5 (Android 9)");
		expect(rowsOf(r)).toEqual([
			"8 rejected linha incompleta: 1 campos, esperados 5",
			'9 rejected Heading: valor ilegível "north"; ponto mantido sem ele',
			"10 rejected UTC Time não avança (anterior na linha 9)",
		]);
	});

	it("keeps positions up to the poles and the antimeridian, on the equator and the prime meridian", () => {
		for (const [lat, lon] of EDGE_POSITIONS) {
			expect(onePosition(lat, lon), `${lat}, ${lon}`).toEqual({ fixes: 1, report: [] });
		}
		for (const [lat, lon] of [
			["90.1", "-46.7"],
			["-90.1", "-46.7"],
			["-23.7", "180.1"],
			["-23.7", "-180.1"],
			["0", "0"],
		]) {
			expect(onePosition(lat!, lon!), `${lat}, ${lon}`).toEqual({
				fixes: 0,
				report: [
					`2 rejected posição fora do intervalo ou sem fixo: ${Number(lat)}, ${Number(lon)}`,
				],
			});
		}
	});
});

describe("importTrackAddict: lap comments and other comments", () => {
	const HEADER = quoted(["UTC Time", "Lap", "GPS_Update", "Latitude", "Longitude"]);
	const row = (s: number, lap = 0) =>
		`${(1740837600 + s).toFixed(3)},${lap},1,-23.7,${(-46.7 + s / 1e5).toFixed(5)}`;
	const marks = (r: Recording) => r.lapMarksMs.map((m) => m - 1740837600000);

	it("reads lap durations with hours, minutes, laps past 9 and the spacing variants, also with CRLF", () => {
		const lines = [
			HEADER,
			row(0),
			"# Lap 1: 01:02:03.500",
			"#Lap 2 : 00:01:00",
			"# Lap  3:00:00:59.250",
			"# Lap 10: 00:00:30.000",
			row(3754),
		];
		for (const eol of ["\n", "\r\n"]) {
			const r = importTrackAddict(trackAddictFile(lines, eol), "l.csv");
			const durations = r.lapMarksMs.slice(1).map((m, k) => m - r.lapMarksMs[k]!);
			expect(durations, JSON.stringify(eol)).toEqual([3_723_500, 60_000, 59_250, 30_000]);
			expect(rowsOf(r), JSON.stringify(eol)).toEqual([
				"6 notice volta 10 depois da volta 3: marcas encadeadas assim mesmo",
			]);
		}
	});

	it("reports comments that only look like a lap, pit-lane or session-end marker, cut to 60 characters", () => {
		const long = `Note ${"x".repeat(70)}`;
		const r = importTrackAddict(
			trackAddictFile([
				HEADER,
				row(0),
				"# Best Lap 2: 00:01:01.000",
				"# Lap 5: 00:01:02.345 (best)",
				"# Pit Lane Entry",
				"# Pit Lane Entry 2",
				"# Last Pit Lane Exit",
				`# ${long}`,
				"#x#y",
				"# Before Session End",
				"# Session End 1",
				row(1),
				"# Session End",
			]),
			"c.csv",
		);
		expect(rowsOf(r)).toEqual([
			'3 notice comentário ignorado: "Best Lap 2: 00:01:01.000"',
			'4 notice comentário ignorado: "Lap 5: 00:01:02.345 (best)"',
			"5 notice 1 marcas de entrada ou saída dos boxes (linhas 5) não usadas",
			'6 notice comentário ignorado: "Pit Lane Entry 2"',
			'7 notice comentário ignorado: "Last Pit Lane Exit"',
			`8 notice comentário ignorado: ${JSON.stringify(long.slice(0, 60))}`,
			'9 notice comentário ignorado: "x#y"',
			'10 notice comentário ignorado: "Before Session End"',
			'11 notice comentário ignorado: "Session End 1"',
		]);
	});

	it("places the marks by the rows around each comment, only those there are", () => {
		// A comment before any row is placed by the row after it alone.
		const first = importTrackAddict(
			trackAddictFile([
				HEADER,
				"# Lap 1: 00:01:00.000",
				row(70),
				"# Lap 2: 00:01:00.000",
				row(130),
			]),
			"f.csv",
		);
		expect(marks(first)).toEqual([-5000, 55_000, 115_000]);
		// Two comments before any row: the first has no row around it and does not count.
		const two = importTrackAddict(
			trackAddictFile([HEADER, "# Lap 1: 00:01:00.000", "# Lap 2: 00:01:00.000", row(130)]),
			"t.csv",
		);
		expect(marks(two)).toEqual([10_000, 70_000, 130_000]);
		const none = importTrackAddict(trackAddictFile([HEADER, "# Lap 1: 00:01:00.000"]), "n.csv");
		expect(none.lapMarksMs).toEqual([]);
		expect(rowsOf(none)).toEqual([
			"2 notice comentários # Lap sem linhas de dados: voltas ignoradas",
		]);
	});

	it("marks laps where the Lap column changes when there is no # Lap comment", () => {
		const r = importTrackAddict(
			trackAddictFile([
				HEADER,
				row(0, 0),
				row(1, 0),
				row(2, 1),
				`${(1740837603).toFixed(3)},,1,-23.7,-46.69997`,
				row(4, 1),
				row(5, 2),
			]),
			"c.csv",
		);
		expect(marks(r)).toEqual([2000, 5000]);
		expect(rowsOf(r)).toEqual([
			"0 notice sem comentários # Lap: voltas marcadas onde a coluna Lap muda",
		]);
		const same = importTrackAddict(trackAddictFile([HEADER, row(0, 3), row(1, 3)]), "s.csv");
		expect(same.lapMarksMs).toEqual([]);
		expect(rowsOf(same)).toEqual([]);
	});

	it("names the device from the banner however it is spaced", () => {
		const device = (banner: string) =>
			importTrackAddict(
				trackAddictFile([banner, quoted(["UTC Time", "Latitude", "Longitude"])]),
				"d.csv",
			).source.device;
		expect(device("# RaceRender Data:TrackAddict 5.0 on iOS 17")).toBe("TrackAddict 5.0 (iOS 17)");
		expect(device("# RaceRender Data: TrackAddict 5.0  on  iOS 17(iPhone)")).toBe(
			"TrackAddict 5.0 (iOS 17)",
		);
		expect(device("# RaceRender Data: Harry's LapTimer")).toBe("Harry's LapTimer");
		expect(device("# Exported from RaceRender Data: TrackAddict 5.0 on iOS 17")).toBeNull();
	});
});
