/**
 * `lapsix export`, and the round trip: a session exported and read again gives the same laps
 * (within 10 ms) and the same positions (within 1e-6°) in every format that carries time.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import type { TimedLap } from "../../../domain/channels/types";
import { simulatedSession } from "../../../domain/export/test-fixtures";
import { importRecording } from "../../../domain/import";
import { pointNearLine } from "../../../domain/import/test-drive";
import type { Fixes } from "../../../domain/recording/types";
import { timeLapsFromLines } from "../../../domain/timing/lap-lines";
import { parseStartLine } from "../track-input";
import { type ExportLoaders, runExportCommand } from "./export";

const FIXTURES = resolve(import.meta.dirname, "../../../../fixtures/import");
const dir = mkdtempSync(join(tmpdir(), "lapsix-export-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DRIVE_START_LINE = `${pointNearLine(0, -15).lat},${pointNearLine(0, -15).lon} ${pointNearLine(0, 15).lat},${pointNearLine(0, 15).lon}`;

async function runExport(args: string[], loaders?: ExportLoaders, cwd = dir) {
	let stdout = "";
	let stderr = "";
	const code = await runExportCommand(
		args,
		{
			stdout: { write: (s: string) => (stdout += s) },
			stderr: { write: (s: string) => (stderr += s) },
			stdin: Readable.from([]),
			cwd,
		},
		loaders,
	);
	return { code, stdout, stderr };
}

/** lapsix's CSV read back by its documented columns (no importer reads it: a spreadsheet does). */
function readLapsixCsv(text: string): Fixes {
	const [header, ...rows] = text.trim().split("\r\n");
	const names = header!.split(",");
	const col = (name: string) => names.indexOf(name);
	const [time, lat, lon, speed] = ["hora_utc", "latitude", "longitude", "velocidade_kmh"].map(col);
	const fixes = { t: [] as number[], lat: [] as number[], lon: [] as number[], v: [] as number[] };
	for (const row of rows) {
		const cells = row.split(",");
		const t = Date.parse(cells[time!]!);
		// Consecutive laps share their boundary instant: one fix.
		if (fixes.t.length > 0 && t <= fixes.t.at(-1)!) continue;
		fixes.t.push(t);
		fixes.lat.push(Number(cells[lat!]));
		fixes.lon.push(Number(cells[lon!]));
		fixes.v.push(Number(cells[speed!]));
	}
	return {
		length: fixes.t.length,
		timeMs: Float64Array.from(fixes.t),
		lat: Float64Array.from(fixes.lat),
		lon: Float64Array.from(fixes.lon),
		speedKmh: Float32Array.from(fixes.v),
		extra: {},
		line: Uint32Array.from(fixes.t, (_, i) => i + 2),
	};
}

/** Every written point of the laps found again at its instant (±5 ms), within 1e-6°. */
function expectSamePositions(laps: readonly TimedLap[], fixes: Fixes, epochOffsetMs = 0) {
	let j = 0;
	let checked = 0;
	for (const lap of laps) {
		const c = lap.channels;
		for (let i = 0; i < c.length; i++) {
			const t = epochOffsetMs + lap.startMs + c.timeMs[i]!;
			while (j < fixes.length && fixes.timeMs[j]! < t - 5) j++;
			// VBO keeps one row per hundredth: a point within 5 ms of the previous one is left out.
			if (j >= fixes.length || fixes.timeMs[j]! > t + 5) continue;
			expect(Math.abs(fixes.lat[j]! - c.lat[i]!)).toBeLessThan(1e-6);
			expect(Math.abs(fixes.lon[j]! - c.lon[i]!)).toBeLessThan(1e-6);
			checked++;
		}
	}
	const total = laps.reduce((n, l) => n + l.channels.length, 0);
	expect(checked).toBeGreaterThan(total * 0.95);
}

function expectSameLaps(a: readonly TimedLap[], b: readonly { timeMs: number }[]) {
	expect(b).toHaveLength(a.length);
	a.forEach((lap, k) => {
		expect(Math.abs(b[k]!.timeMs - lap.timeMs)).toBeLessThanOrEqual(10);
	});
}

describe("lapsix export: round trip", () => {
	const line = {
		startFinish: parseStartLine(DRIVE_START_LINE),
		sectors: [],
		directionDeg: null,
	};
	// Recordings with measured lean and extra channels (RaceChrono), their own lines (VBO).
	const sources = ["nmea/normal.nmea", "racechrono/normal.csv", "vbo/racebox-style.vbo"];
	const cases = sources.flatMap((file) =>
		(["gpx", "vbo", "csv"] as const).map((format) => [file, format] as const),
	);

	it.each(cases)("%s to %s: read again, the same laps and positions", async (file, format) => {
		const source = join(FIXTURES, file);
		const out = join(dir, `${file.replace("/", "-")}.${format}`);
		const { code, stderr } = await runExport([
			"--to",
			format,
			"--out",
			out,
			"--start-line",
			DRIVE_START_LINE,
			source,
		]);
		expect(code).toBe(0);
		expect(stderr).toBe(`Exportado: ${out} (2 volta(s))\n`);
		const original = importRecording(readFileSync(source), file);
		const laps = timeLapsFromLines(original.fixes, line).laps;
		expect(laps).toHaveLength(2);
		const bytes = readFileSync(out);
		const read =
			format === "csv" ? readLapsixCsv(bytes.toString("utf8")) : importRecording(bytes, out).fixes;
		expectSameLaps(laps, timeLapsFromLines(read, line).laps);
		expectSamePositions(laps, read);
		if (format === "vbo") {
			// The file's own [laptiming] line, written longitude first, gives the same laps.
			const recording = importRecording(bytes, out);
			expect(recording.lines).not.toBeNull();
			expectSameLaps(laps, timeLapsFromLines(recording.fixes, recording.lines!).laps);
		}
	});
});

describe("lapsix export: options and errors", () => {
	const nmea = join(FIXTURES, "nmea/normal.nmea");

	it("names the file by what is inside when --out is absent, and writes one lap with --lap", async () => {
		const cwd = mkdtempSync(join(dir, "cwd-"));
		const { code } = await runExport(
			["--to", "kml", "--lap", "2", "--start-line", DRIVE_START_LINE, nmea],
			undefined,
			cwd,
		);
		expect(code).toBe(0);
		expect(readdirSync(cwd)).toEqual(["lapsix_sessao_2025-03-01_volta-2.kml"]);
		const kml = readFileSync(join(cwd, "lapsix_sessao_2025-03-01_volta-2.kml"), "utf8");
		expect(kml).toContain("volta 2");
		expect(kml).not.toContain("volta 1");
	});

	it("writes to standard output with --out -", async () => {
		const { code, stdout } = await runExport([
			"--to",
			"gpx",
			"--out",
			"-",
			"--start-line",
			DRIVE_START_LINE,
			nmea,
		]);
		expect(code).toBe(0);
		expect(stdout).toMatch(/^<\?xml/);
		expect(stdout.match(/<trkseg>/g)).toHaveLength(2);
	});

	it.each([
		[[nmea], 2, "informe o formato com --to"],
		[["--to", "pdf", nmea], 2, "--to pdf: formato desconhecido"],
		[["--to", "gpx", "--lap", "x", nmea], 2, "--lap x: esperado o número da volta"],
		[["--to", "gpx", "--session", "7"], 2, "opção desconhecida --session"],
		[["--to", "gpx", nmea], 1, "nenhuma volta cronometrada para exportar"],
		[
			["--to", "gpx", "--lap", "5", "--start-line", DRIVE_START_LINE, nmea],
			1,
			"a sessão não tem a volta 5",
		],
	])("%j → exit %i", async (args, exit, message) => {
		const { code, stdout, stderr } = await runExport(args as string[]);
		expect(code).toBe(exit);
		expect(stdout).toBe("");
		expect(stderr.split("\n")[0]).toContain(message);
	});

	it("leaves no file behind when it cannot write", async () => {
		const out = join(dir, "nao-existe", "x.gpx");
		const { code, stderr } = await runExport([
			"--to",
			"gpx",
			"--out",
			out,
			"--start-line",
			DRIVE_START_LINE,
			nmea,
		]);
		expect(code).toBe(1);
		expect(stderr).toMatch(/^erro: não foi possível gravar ".*x\.gpx": /);
		expect(existsSync(join(dir, "nao-existe"))).toBe(false);
	});

	it("takes a stored session from a loader when one is plugged in", async () => {
		const stored = simulatedSession({ laps: 2, hz: 10, circuit: "granja-viana" });
		const asked: string[] = [];
		const loaders: ExportLoaders = {
			stored: {
				option: "session",
				usage: "lapsix export --to FORMATO --session ID",
				load: async (id) => {
					asked.push(id);
					return stored;
				},
			},
		};
		const { code, stdout } = await runExport(
			["--to", "csv", "--session", "42", "--out", "-"],
			loaders,
		);
		expect(code).toBe(0);
		expect(asked).toEqual(["42"]);
		expect(stdout.split("\r\n")[0]).toMatch(/^pista,volta,hora_utc/);
		const both = await runExport(["--to", "csv", "--session", "42", nmea], loaders);
		expect(both.code).toBe(2);
		expect(both.stderr).toContain("use --session ou arquivos, não os dois");
	});
});
