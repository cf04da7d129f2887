/**
 * `lapsix analyze`, `compare` and `export` on real recordings of other lap timers (read from
 * ../shared/real, never copied), against what an independent reading finds in them
 * (real/README.md).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, expect, it } from "vitest";
import { runAnalyzeCommand } from "../../src/server/cli/commands/analyze";
import { runCompareCommand } from "../../src/server/cli/commands/compare";
import { runExportCommand } from "../../src/server/cli/commands/export";
import { describeReal, realPath } from "./real-recordings";

const dir = mkdtempSync(join(tmpdir(), "lapsix-cli-real-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Run = (args: string[], io: never, ...rest: never[]) => Promise<number>;

async function run(command: Run, args: string[], ...rest: unknown[]) {
	let stdout = "";
	let stderr = "";
	const io = {
		stdout: { write: (s: string) => (stdout += s) },
		stderr: { write: (s: string) => (stderr += s) },
		stdin: Readable.from([]),
		cwd: dir,
	};
	const code = await command(args, io as never, ...(rest as never[]));
	return { code, stdout, stderr };
}

const analyze = async (args: string[]) => {
	const out = await run(runAnalyzeCommand as Run, [...args, "--json"]);
	expect([out.code, out.stderr]).toEqual([0, ""]);
	return JSON.parse(out.stdout);
};
const lapTimes = (json: { laps: { timeMs: number }[] }) => json.laps.map((l) => l.timeMs);

/** Orlando Kart Center "Normal" from DovesDataViewer's track file, as a lapsix track file. */
function orlandoTrackFile(): string {
	const doves = JSON.parse(readFileSync(realPath("tracks/doves-tracks.json"), "utf8"));
	const c = doves["Orlando Kart Center"].courses.find((x: { name: string }) => x.name === "Normal");
	const line = (p: string) => [
		[c[`${p}_a_lat`], c[`${p}_a_lng`]],
		[c[`${p}_b_lat`], c[`${p}_b_lng`]],
	];
	const path = join(dir, "okc-normal.json");
	writeFileSync(
		path,
		JSON.stringify({
			name: "Orlando Kart Center Normal",
			startFinish: line("start"),
			sectors: [line("sector_2"), line("sector_3")],
		}),
	);
	return path;
}

describeReal("lapsix analyze on real recordings", () => {
	it("Orlando NMEA with the Normal track file: 69.961, 68.742, 70.148 s, three sectors each", async () => {
		const json = await analyze([
			realPath("nmea/okc-2laps-rental.nmea"),
			"--track",
			orlandoTrackFile(),
		]);
		expect(json.source.format).toBe("nmea");
		expect(json.track).toBe("Orlando Kart Center Normal");
		expect(lapTimes(json)).toEqual([69_961, 68_742, 70_148]);
		for (const lap of json.laps) {
			expect(lap.sectorsMs).toHaveLength(3);
			expect(lap.sectorsMs.reduce((a: number, b: number) => a + b, 0)).toBe(lap.timeMs);
		}
		expect(json.leanEstimated).toBe(true);
	});

	it("Modena VBO by its own [laptiming]: 20 laps between 44.615 and 45.539 s", async () => {
		const json = await analyze([realPath("vbo/vbox-modena.vbo")]);
		expect(json.source).toEqual({ format: "vbo", device: "RaceChrono 10.2.4" });
		expect(json.timing.kind).toBe("lines");
		const times = lapTimes(json);
		expect(times).toHaveLength(20);
		expect(Math.min(...times)).toBe(44_615);
		expect(Math.max(...times)).toBe(45_539);
	});

	it("RaceChrono CSV v3 by its lap_number: lap 9 is 76.329 s", async () => {
		const json = await analyze([
			realPath("racechrono-v3/session_20251231_111318_tianma_lap9_v3.csv"),
		]);
		expect(json.timing.kind).toBe("markers");
		expect(lapTimes(json)).toEqual([76_329]);
	});

	it("TrackAddict by its # Lap lines: 155.138, 444.553, 107.089, 116.145, 357.906 s", async () => {
		const json = await analyze([realPath("trackaddict/STC_log.csv")]);
		expect(lapTimes(json)).toEqual([155_138, 444_553, 107_089, 116_145, 357_906]);
	});
});

describeReal("lapsix compare on real recordings", () => {
	it("Modena: the finish delta of every lap against the best is their lap-time difference", async () => {
		const modena = realPath("vbo/vbox-modena.vbo");
		const laps = lapTimes(await analyze([modena]));
		const best = Math.min(...laps);
		for (const k of [1, 5, 18, 20]) {
			const out = await run(
				runCompareCommand as Run,
				["--ref", modena, "--lap", `${modena}#${k}`, "--json"],
				existsSync,
			);
			expect([out.code, out.stderr]).toEqual([0, ""]);
			const json = JSON.parse(out.stdout);
			expect(json.ref).toEqual({ lap: laps.indexOf(best) + 1, timeMs: best });
			expect(json.lap).toEqual({ lap: k, timeMs: laps[k - 1] });
			expect(Math.abs(json.finishDeltaMs - (laps[k - 1]! - best))).toBeLessThanOrEqual(10);
			expect(Math.abs(json.samples.at(-1).deltaMs - json.finishDeltaMs)).toBeLessThanOrEqual(10);
			expect(json.sectors).toHaveLength(3);
			expect(json.corners.length).toBeGreaterThanOrEqual(6);
		}
	});

	it("Orlando: laps 1 and 3 side by side, sectors and corners in the pt-BR text", async () => {
		const nmea = realPath("nmea/okc-2laps-rental.nmea");
		const track = orlandoTrackFile();
		const json = JSON.parse(
			(
				await run(
					runCompareCommand as Run,
					["--ref", `${nmea}#2`, "--lap", `${nmea}#3`, "--track", track, "--json"],
					existsSync,
				)
			).stdout,
		);
		expect(Math.abs(json.finishDeltaMs - (70_148 - 68_742))).toBeLessThanOrEqual(10);
		const text = await run(
			runCompareCommand as Run,
			["--ref", `${nmea}#2`, "--lap", `${nmea}#3`, "--track", track],
			existsSync,
		);
		expect(text.code).toBe(0);
		expect(text.stdout).toContain("Diferença na chegada: +1,406 s");
		expect(text.stdout).toContain("Setores:");
		expect(text.stdout).toContain("Curvas (onde mais se perdeu tempo primeiro):");
	});
});

describeReal("lapsix export on real recordings: read again, the same laps", () => {
	it.each(["vbo", "gpx"])("Modena to %s and back: the 20 laps within 10 ms", async (format) => {
		const modena = realPath("vbo/vbox-modena.vbo");
		const original = lapTimes(await analyze([modena]));
		const out = join(dir, `modena.${format}`);
		const exported = await run(runExportCommand as Run, ["--to", format, "--out", out, modena]);
		expect(exported.code).toBe(0);
		// GPX carries no lines: the VBO's start/finish and sectors come back as a track file.
		const args = format === "vbo" ? [out] : [out, "--track", await modenaTrack(modena)];
		const again = lapTimes(await analyze(args));
		expect(again).toHaveLength(20);
		again.forEach((t, k) => {
			expect(Math.abs(t - original[k]!)).toBeLessThanOrEqual(10);
		});
	});
});

/** The lines lapsix read from the Modena VBO, written as a lapsix track file. */
async function modenaTrack(modena: string): Promise<string> {
	const vbo = join(dir, "modena-lines.vbo");
	await run(runExportCommand as Run, ["--to", "vbo", "--lap", "1", "--out", vbo, modena]);
	const gate = (line: string) => {
		const [lon1, lat1, lon2, lat2] = line.trim().split(/\s+/).slice(1, 5).map(Number) as number[];
		return [
			[lat1! / 60, -lon1! / 60],
			[lat2! / 60, -lon2! / 60],
		];
	};
	const lines = readFileSync(vbo, "utf8").split("\r\n");
	const path = join(dir, "modena.json");
	writeFileSync(
		path,
		JSON.stringify({
			name: "Modena",
			startFinish: gate(lines.find((l) => l.startsWith("Start "))!),
			sectors: lines.filter((l) => l.startsWith("Split ")).map(gate),
		}),
	);
	return path;
}
