/**
 * `lapsix analyze` on recordings of other lap timers (the fixtures of fixtures/import, written
 * from a synthetic drive whose crossings are known without reading any importer), with lines
 * from a track file or `--start-line`, and its one-line errors.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { LAP_SECONDS, pointNearLine } from "../../../domain/import/test-drive";
import { simulateSession } from "../../../domain/simulator/session";
import { parseGpsFile } from "../../../domain/six/parse-gps";
import { startFinishFromLapCounter } from "../../../domain/timing/six-start-line";
import { runAnalyzeCommand } from "./analyze";
import { runCompareCommand } from "./compare";

const FIXTURES = resolve(import.meta.dirname, "../../../../fixtures/import");
const fixture = (path: string) => join(FIXTURES, path);
const dir = mkdtempSync(join(tmpdir(), "lapsix-analyze-recording-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function runAnalyze(args: string[], stdinBytes: Uint8Array = new Uint8Array()) {
	let stdout = "";
	let stderr = "";
	const code = await runAnalyzeCommand(args, {
		stdout: { write: (s: string) => (stdout += s) },
		stderr: { write: (s: string) => (stderr += s) },
		stdin: Readable.from([Buffer.from(stdinBytes)]),
	});
	return { code, stdout, stderr };
}

const lineText = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) =>
	`${a.lat},${a.lon} ${b.lat},${b.lon}`;
/** The drive's start/finish line, 30 m wide, and a sector line 300 m after it. */
const START = [pointNearLine(0, -15), pointNearLine(0, 15)] as const;
const SECTOR = [pointNearLine(300, -15), pointNearLine(300, 15)] as const;
const LAP_MS = LAP_SECONDS * 1000;

function writeTrack(name: string, json: unknown): string {
	const path = join(dir, name);
	writeFileSync(path, typeof json === "string" ? json : JSON.stringify(json));
	return path;
}

describe("lapsix analyze on recordings", () => {
	it.each([
		"nmea/normal.nmea",
		"gpx/garmin-v2.gpx",
		"racechrono/normal.csv",
		"trackaddict/normal.csv",
		"vbo/racebox-style.vbo",
		"aim/normal.csv",
	])("times %s from --start-line: every lap is the drive's lap", async (file) => {
		const { code, stdout, stderr } = await runAnalyze([
			fixture(file),
			"--start-line",
			lineText(...START),
			"--json",
		]);
		expect([code, stderr]).toEqual([0, ""]);
		const json = JSON.parse(stdout);
		expect(json.timing).toEqual({ kind: "lines" });
		expect(json.laps.length).toBeGreaterThanOrEqual(1);
		for (const lap of json.laps) expect(Math.abs(lap.timeMs - LAP_MS)).toBeLessThanOrEqual(1);
		expect(json.summary.bestLap.timeMs).toBe(
			Math.min(...json.laps.map((l: { timeMs: number }) => l.timeMs)),
		);
		for (const entry of json.report) expect(["rejected", "notice"]).toContain(entry.kind);
	});

	it("prints the source and the report's kinds, rejected lines apart from notices", async () => {
		const { code, stdout } = await runAnalyze([
			fixture("racechrono/broken.csv"),
			"--start-line",
			lineText(...START),
			"--json",
		]);
		expect(code).toBe(0);
		const json = JSON.parse(stdout);
		expect(json.source).toEqual({ format: "racechrono", device: "RaceChrono Pro 9.1.3" });
		const kinds = new Set(json.report.map((r: { kind: string }) => r.kind));
		expect(kinds).toEqual(new Set(["rejected", "notice"]));
		for (const entry of json.report) {
			expect(entry).toEqual({
				file: "broken.csv",
				line: expect.any(Number),
				kind: expect.any(String),
				reason: expect.any(String),
			});
		}
	});

	it("uses a track file's start/finish and sector lines", async () => {
		const track = writeTrack("oval.json", {
			name: "Oval de teste",
			startFinish: START.map((p) => [p.lat, p.lon]),
			sectors: [SECTOR.map((p) => [p.lat, p.lon])],
		});
		const { code, stdout } = await runAnalyze([
			fixture("nmea/normal.nmea"),
			"--track",
			track,
			"--json",
		]);
		expect(code).toBe(0);
		const json = JSON.parse(stdout);
		expect(json.track).toBe("Oval de teste");
		expect(json.laps).toHaveLength(2);
		for (const lap of json.laps) {
			// The sector line is 300 m on, at 20 m/s: 15 s, then the rest of the lap.
			expect(lap.sectorsMs).toHaveLength(2);
			expect(Math.abs(lap.sectorsMs[0] - 15_000)).toBeLessThanOrEqual(1);
			expect(lap.sectorsMs[0] + lap.sectorsMs[1]).toBe(lap.timeMs);
		}
	});

	it("uses the file's own lines or lap marks when none is given", async () => {
		const vbo = JSON.parse(
			(await runAnalyze([fixture("vbo/racechrono-style.vbo"), "--json"])).stdout,
		);
		expect(vbo.timing).toEqual({ kind: "lines" });
		expect(vbo.laps.map((l: { timeMs: number }) => Math.abs(l.timeMs - LAP_MS) <= 1)).toEqual([
			true,
			true,
		]);
		const marks = JSON.parse(
			(await runAnalyze([fixture("racechrono/normal.csv"), "--json"])).stdout,
		);
		expect(marks.timing).toEqual({ kind: "markers" });
		expect(marks.laps).toHaveLength(2);
		const none = JSON.parse((await runAnalyze([fixture("nmea/normal.nmea"), "--json"])).stdout);
		expect(none.laps).toEqual([]);
		expect(none.report.at(-1).reason).toContain("--start-line");
	});

	it("reads the format from the content, or as --format says", async () => {
		const bytes = readFileSync(fixture("gpx/garmin-v2.gpx"));
		const piped = await runAnalyze(["-", "--start-line", lineText(...START), "--json"], bytes);
		expect(JSON.parse(piped.stdout).source.format).toBe("gpx");
		const forced = await runAnalyze([fixture("gpx/garmin-v2.gpx"), "--format", "nmea", "--json"]);
		expect(forced.code).toBe(0);
		expect(JSON.parse(forced.stdout).summary.gpsPointCount).toBe(0);
	});

	it("prints a pt-BR summary with the timing used", async () => {
		const { code, stdout } = await runAnalyze([
			fixture("nmea/normal.nmea"),
			"--start-line",
			lineText(...START),
		]);
		expect(code).toBe(0);
		expect(stdout).toContain("formato nmea");
		expect(stdout).toContain("2 volta(s)");
		expect(stdout).toContain("voltas cronometradas pela linha de largada/chegada");
		expect(stdout).toContain("Melhor volta: 00:48.850");
		expect(stdout).toContain("(estimada pelo trajeto)");
	});
});

describe("lapsix analyze: bad input, one line and an exit code", () => {
	const track = (json: unknown) => writeTrack("bad.json", json);
	const sf = START.map((p) => [p.lat, p.lon]);

	it.each([
		[["--format", "kml", "x.gpx"], 2, "--format kml: formato desconhecido"],
		[["--start-line", "1,2", "x.gpx"], 2, 'esperado "lat,lon lat,lon"'],
		[["--start-line", "-23.7,-46.7 -23.7,-46.7", "x.gpx"], 2, "os dois pontos coincidem"],
		[["--start-line", "91,0 0,0", "x.gpx"], 2, "latitude de -90 a 90"],
		[["--track", "a.json", "--start-line", "1,2 3,4", "x"], 2, "use --track ou --start-line"],
		[["--format", "six", "x"], 2, "informe o par de arquivos lap.six gps.six"],
		[["--format", "gpx", "a", "b"], 2, "informe um só arquivo"],
		[["--track"], 2, "a opção --track precisa de um valor"],
	])("%j → exit %i", async (args, exit, message) => {
		const { code, stdout, stderr } = await runAnalyze(args as string[]);
		expect(code).toBe(exit);
		expect(stdout).toBe("");
		expect(stderr.split("\n")[0]).toContain(message);
		expect(stderr.startsWith("erro: ")).toBe(true);
	});

	it.each([
		["not json", "JSON inválido"],
		[{ startFinish: [] }, "name: esperado o nome da pista"],
		[{ name: "x", startFinish: [[1, 2]] }, "startFinish: esperado [[lat, lon], [lat, lon]]"],
		[
			{
				name: "x",
				startFinish: [
					[1, 2],
					[1, 200],
				],
			},
			"startFinish[1]: esperado [latitude, longitude]",
		],
		[{ name: "x", startFinish: sf, sectors: [[[1, 2], "a"]] }, "sectors[0][1]"],
		[{ name: "x", startFinish: sf, directionDeg: 400 }, "directionDeg"],
	])("track file %j → exit 1, naming the field", async (json, message) => {
		const { code, stderr } = await runAnalyze([
			fixture("nmea/normal.nmea"),
			"--track",
			track(json),
		]);
		expect(code).toBe(1);
		expect(stderr).toMatch(/^erro: pista ".*bad\.json": /);
		expect(stderr).toContain(message);
		expect(stderr.trim().split("\n")).toHaveLength(1);
	});

	it("refuses a file of no known format, and a single .six, in one line", async () => {
		const junk = join(dir, "junk.txt");
		writeFileSync(junk, "hello\nworld\n");
		const unknown = await runAnalyze([junk]);
		expect(unknown.code).toBe(1);
		expect(unknown.stderr).toBe(
			`erro: "${junk}": formato não reconhecido: esperado RaceChrono CSV v3, VBO, NMEA, GPX, TrackAddict, RaceCapture ou AiM CSV\n`,
		);
		const six = await runAnalyze([resolve(FIXTURES, "../six/normal/gps.six")]);
		expect(six.code).toBe(1);
		expect(six.stderr).toContain("envie o par lap.six e gps.six");
	});

	it("refuses a track file above 1 MiB without reading it", async () => {
		const big = join(dir, "big.json");
		writeFileSync(big, Buffer.alloc(1024 * 1024 + 1, 32));
		const { code, stderr } = await runAnalyze([fixture("nmea/normal.nmea"), "--track", big]);
		expect(code).toBe(1);
		expect(stderr).toContain("arquivo grande demais (limite de 1 MiB)");
	});
});

describe("lapsix analyze and compare on a logger session re-timed from a line", () => {
	// A simulated logger session in its folders, `<pista>/<ddmmyyyy>/`.
	const folder = join(dir, "Interlagos", "02032025");
	const simulated = simulateSession({ seed: 11, circuit: "interlagos", laps: 4, hz: 10 });
	mkdirSync(folder, { recursive: true });
	const lapFile = join(folder, "lap.six");
	const gpsFile = join(folder, "gps.six");
	writeFileSync(lapFile, simulated.lapSix);
	writeFileSync(gpsFile, simulated.gpsSix);
	const derived = startFinishFromLapCounter(parseGpsFile(simulated.gpsSix).points)!;
	const line = lineText(derived.lines.startFinish.a, derived.lines.startFinish.b);

	it("keeps the logger's laps without a line, and times them from the line when given", async () => {
		const logger = JSON.parse((await runAnalyze([lapFile, gpsFile, "--json"])).stdout);
		expect(logger.timing).toEqual({ kind: "logger" });
		expect(logger.source).toEqual({ format: "six", device: null });
		const { code, stdout } = await runAnalyze([lapFile, gpsFile, "--start-line", line, "--json"]);
		expect(code).toBe(0);
		const lines = JSON.parse(stdout);
		expect(lines.timing).toEqual({ kind: "lines" });
		// The folders name the track and the date.
		expect(lines.track).toBe("Interlagos");
		expect(lines.date).toBe("2025-03-02");
		// Lap for lap, within one GPS period (100 ms) of the logger's own laps.
		expect(lines.laps).toHaveLength(logger.laps.length);
		lines.laps.forEach((lap: { number: number; timeMs: number }, k: number) => {
			expect(lap.number).toBe(logger.laps[k].number);
			expect(Math.abs(lap.timeMs - logger.laps[k].timeMs)).toBeLessThanOrEqual(100);
		});
	});

	it("compares two laps of the pair written lap.six+gps.six", async () => {
		let stdout = "";
		const code = await runCompareCommand(
			[
				"--ref",
				`${lapFile}+${gpsFile}`,
				"--lap",
				`${lapFile}+${gpsFile}#2`,
				"--start-line",
				line,
				"--json",
			],
			{
				stdout: { write: (s: string) => (stdout += s) },
				stderr: { write: () => undefined },
				stdin: Readable.from([]),
			},
			existsSync,
		);
		expect(code).toBe(0);
		const json = JSON.parse(stdout);
		expect(json.lap.lap).toBe(2);
		expect(Math.abs(json.finishDeltaMs - (json.lap.timeMs - json.ref.timeMs))).toBeLessThanOrEqual(
			10,
		);
	});
});
