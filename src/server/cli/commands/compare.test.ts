import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { pointNearLine } from "../../../domain/import/test-drive";
import { parseLapSpec, runCompareCommand } from "./compare";

const ROOT = resolve(import.meta.dirname, "../../../../fixtures");
const importFixture = (path: string) => join(ROOT, "import", path);
const START = `${pointNearLine(0, -15).lat},${pointNearLine(0, -15).lon} ${pointNearLine(0, 15).lat},${pointNearLine(0, 15).lon}`;

async function runCompare(args: string[]) {
	let stdout = "";
	let stderr = "";
	const code = await runCompareCommand(
		args,
		{
			stdout: { write: (s: string) => (stdout += s) },
			stderr: { write: (s: string) => (stderr += s) },
			stdin: Readable.from([]),
		},
		existsSync,
	);
	return { code, stdout, stderr };
}

describe("lapsix compare", () => {
	it("reads FILE#LAP and the logger pair as lap.six+gps.six", () => {
		const none = () => false;
		expect(parseLapSpec("a.vbo#3", "--ref", none)).toEqual({ files: ["a.vbo"], lap: 3 });
		expect(parseLapSpec("a.vbo", "--ref", none)).toEqual({ files: ["a.vbo"], lap: null });
		expect(parseLapSpec("x/lap.six+x/gps.six#2", "--ref", none)).toEqual({
			files: ["x/lap.six", "x/gps.six"],
			lap: 2,
		});
		// A file whose name holds a + is a file, not a pair.
		expect(parseLapSpec("a+b.gpx", "--ref", (p) => p === "a+b.gpx")).toEqual({
			files: ["a+b.gpx"],
			lap: null,
		});
		expect(() => parseLapSpec("#2", "--lap", none)).toThrow("informe o arquivo");
		expect(() => parseLapSpec("a.gpx#0", "--lap", none)).toThrow("número de volta inválido");
	});

	it("compares laps of two files: JSON with the finish delta, samples, sectors and corners", async () => {
		const { code, stdout, stderr } = await runCompare([
			"--ref",
			importFixture("nmea/normal.nmea#1"),
			"--lap",
			importFixture("gpx/garmin-v2.gpx#2"),
			"--start-line",
			START,
			"--json",
		]);
		expect([code, stderr]).toEqual([0, ""]);
		const json = JSON.parse(stdout);
		expect(json.ref.lap).toBe(1);
		expect(json.lap.lap).toBe(2);
		expect(json.finishDeltaMs).toBe(json.lap.timeMs - json.ref.timeMs);
		expect(json.samples.length).toBeGreaterThan(100);
		const last = json.samples.at(-1);
		expect(Math.abs(last.deltaMs - json.finishDeltaMs)).toBeLessThanOrEqual(10);
		for (let i = 1; i < json.samples.length; i++) {
			expect(json.samples[i].distanceM).toBeGreaterThan(json.samples[i - 1].distanceM);
		}
		// The oval's two bends, numbered in driving order, both to the left.
		expect(json.corners.map((c: { number: number }) => c.number).sort()).toEqual([1, 2]);
		expect(json.corners.every((c: { direction: string }) => c.direction === "left")).toBe(true);
		expect(json.sectors).toEqual([]);
	});

	it("takes the session's best lap without #LAP, and prints pt-BR tables", async () => {
		const { code, stdout } = await runCompare([
			"--ref",
			importFixture("racechrono/normal.csv"),
			"--lap",
			`${join(ROOT, "six/normal/lap.six")}+${join(ROOT, "six/normal/gps.six")}`,
			"--start-line",
			START,
		]);
		// The logger's session is elsewhere: no lap crosses the drive's line.
		expect(code).toBe(1);
		expect(stdout).toBe("");
		const ok = await runCompare([
			"--ref",
			importFixture("racechrono/normal.csv"),
			"--lap",
			importFixture("racechrono/normal.csv#1"),
		]);
		expect(ok.code).toBe(0);
		// Lap 2 is the best by a millisecond (48.849 s against 48.850 s).
		expect(ok.stdout).toMatch(/^Referência: volta 2 de .*normal\.csv — 00:48\.849\n/);
		expect(ok.stdout).toMatch(/\nVolta: +volta 1 de .*normal\.csv — 00:48\.850\n/);
		expect(ok.stdout).toContain("Diferença na chegada: +0,001 s");
		expect(ok.stdout).toContain("Curvas (onde mais se perdeu tempo primeiro):");
	});

	it.each([
		[["--ref", "a.gpx"], 2, "informe --ref e --lap"],
		[["--ref", "a.gpx", "--lap", "b.gpx", "c.gpx"], 2, "argumento inesperado: c.gpx"],
		[["--ref", "/nao/existe.gpx", "--lap", "/nao/existe.gpx"], 1, "arquivo não encontrado"],
	])("%j → exit %i", async (args, exit, message) => {
		const { code, stderr } = await runCompare(args as string[]);
		expect(code).toBe(exit);
		expect(stderr.split("\n")[0]).toContain(message);
	});

	it("names a lap the session does not have", async () => {
		const { code, stderr } = await runCompare([
			"--ref",
			importFixture("racechrono/normal.csv#9"),
			"--lap",
			importFixture("racechrono/normal.csv"),
		]);
		expect(code).toBe(1);
		expect(stderr).toBe(
			`erro: --ref ${importFixture("racechrono/normal.csv")}: a sessão não tem a volta 9 (voltas 1 a 2)\n`,
		);
	});
});
