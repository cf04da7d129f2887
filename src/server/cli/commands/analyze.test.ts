import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { runAnalyzeCommand } from "./analyze";

const FIXTURES = resolve(import.meta.dirname, "../../../../fixtures/six");
const fixture = (folder: string, file: string) => join(FIXTURES, folder, file);
const dir = mkdtempSync(join(tmpdir(), "lapsix-analyze-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(args: string[], stdinText = "") {
	let stdout = "";
	let stderr = "";
	const code = await runAnalyzeCommand(args, {
		stdout: { write: (s: string) => (stdout += s) },
		stderr: { write: (s: string) => (stderr += s) },
		stdin: Readable.from([Buffer.from(stdinText)]),
	});
	return { code, stdout, stderr };
}

describe("lapsix analyze", () => {
	it("prints the JSON shape of a session", async () => {
		const { code, stdout, stderr } = await run([
			fixture("normal", "lap.six"),
			fixture("normal", "gps.six"),
			"--json",
		]);
		expect([code, stderr]).toEqual([0, ""]);
		const json = JSON.parse(stdout);
		expect(json.laps[1]).toMatchObject({
			number: 2,
			timeMs: 81_034,
			battery: "12.6V",
			entry: 36_083,
			distanceM: 1800,
			sprintCount: 3,
			points: 3,
			maxSpeedKmh: 158.9,
			maxRollDeg: 44,
			minRollDeg: -41.25,
		});
		expect(json.laps[1].sectors[0]).toMatchObject({
			number: 1,
			timeMs: 19_800,
			display: "19.800",
			distanceM: 400,
		});
		expect(json.summary).toMatchObject({
			bestLap: { number: 2, timeMs: 81_034 },
			theoreticalBestMs: 81_034,
			maxSpeed: { kmh: 158.9, lap: 2 },
			maxRoll: { deg: 44, lap: 2 },
			minRoll: { deg: -41.25, lap: 2 },
		});
		expect(typeof json.summary.meanLapMs).toBe("number");
		expect(typeof json.summary.stdDevLapMs).toBe("number");
		expect(json.source).toEqual({ format: "six", device: null });
		expect(json.timing).toEqual({ kind: "logger" });
		expect(json.report).toEqual([
			{
				file: "gps.six",
				line: 12,
				kind: "notice",
				reason:
					"volta 4: não concluída (ausente em lap.six), 2 pontos fora das voltas (linhas 12-13)",
			},
		]);
	});

	it("prints a readable pt-BR summary", async () => {
		const { code, stdout } = await run([
			fixture("normal", "lap.six"),
			fixture("normal", "gps.six"),
		]);
		expect(code).toBe(0);
		expect(stdout).toContain("Sessão: 3 volta(s), 13 ponto(s) de GPS aceitos");
		expect(stdout).toContain("Melhor volta: 01:21.034 (volta 2)");
		expect(stdout).toContain("Velocidade máxima: 158,9 km/h (volta 2)");
		expect(stdout).toContain("Inclinação máxima à esquerda: -41,3° (volta 2)");
		expect(stdout).toMatch(/^2 +01:21\.034 +12\.6V +10:01:23 +1800 m +19\.800 \/ 29\.900/m);
		expect(stdout).toContain("gps.six, linha 12 (aviso): volta 4: não concluída");
	});

	it("exits 0 and reports rejected lines", async () => {
		const { code, stdout } = await run([
			fixture("malformed", "lap.six"),
			fixture("malformed", "gps.six"),
			"--json",
		]);
		expect(code).toBe(0);
		const report = JSON.parse(stdout).report as { file: string; line: number }[];
		expect(report.filter((r) => r.file === "lap.six")).toHaveLength(16);
		expect(report[0]).toMatchObject({ file: "lap.six", line: 2 });
	});

	it("reads one of the files from standard input", async () => {
		const gps = readFileSync(fixture("normal", "gps.six"), "utf8");
		const { code, stdout } = await run([fixture("normal", "lap.six"), "-", "--json"], gps);
		expect(code).toBe(0);
		expect(JSON.parse(stdout).summary.gpsPointCount).toBe(13);
	});

	it("reads empty files", async () => {
		const { code, stdout } = await run([fixture("empty", "lap.six"), fixture("empty", "gps.six")]);
		expect(code).toBe(0);
		expect(stdout).toContain("Sessão: 0 volta(s), 0 ponto(s)");
		expect(stdout).toContain("Melhor volta: —");
	});

	it("fails with one clear line when a file cannot be read", async () => {
		const missing = join(dir, "nao-existe.six");
		const { code, stdout, stderr } = await run([missing, fixture("normal", "gps.six")]);
		expect(code).toBe(1);
		expect(stdout).toBe("");
		expect(stderr).toBe(`erro: não foi possível ler "${missing}": arquivo não encontrado\n`);
		const asDir = await run([fixture("normal", "lap.six"), dir]);
		expect(asDir.code).toBe(1);
		expect(asDir.stderr).toMatch(/^erro: não foi possível ler ".*": é um diretório\n$/);
	});

	it("rejects wrong arguments", async () => {
		const lap = join(dir, "lap.six");
		writeFileSync(lap, "");
		expect((await run([])).code).toBe(2);
		expect((await run([lap, lap, lap])).stderr).toContain("informe um só arquivo");
		expect((await run(["-", "-"])).stderr).toContain(
			"só um dos arquivos pode vir da entrada padrão",
		);
		expect((await run([lap, lap, "--csv"])).stderr).toContain("opção desconhecida --csv");
	});
});
