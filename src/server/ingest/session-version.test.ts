import { describe, expect, it } from "vitest";
import { decodeLapChannels, lapChannelsVersion } from "../../domain/channels/codec";
import type { ParseIssue } from "../../domain/six/types";
import { simulatedFiles } from "../test/ingest-test-support";
import { buildSessionVersion, capReport, MAX_STORED_REPORT_LINES } from "./session-version";

const encode = (text: string) => new TextEncoder().encode(text);
const files = simulatedFiles(41, 2);

describe("capReport", () => {
	const issues = (n: number): ParseIssue[] =>
		Array.from({ length: n }, (_, i) => ({
			file: "gps.six",
			line: i + 1,
			kind: "rejected",
			reason: "x",
		}));

	it("keeps a report of the cap or less as it is", () => {
		const report = issues(5);
		expect(capReport(report, 5)).toBe(report);
		expect(capReport(issues(MAX_STORED_REPORT_LINES))).toHaveLength(2000);
	});

	it("keeps the first lines and says how many more there were, in the last kept line's file", () => {
		const capped = capReport(issues(8), 5);
		expect(capped.map((i) => i.line)).toEqual([1, 2, 3, 4, 5, 5]);
		expect(capped[5]).toEqual({
			file: "gps.six",
			line: 5,
			kind: "notice",
			reason: "mais 3 problemas não listados",
		});
	});
});

describe("buildSessionVersion", () => {
	it("fails with no file at all", () => {
		expect(buildSessionVersion("s", null, null)).toEqual({
			ok: false,
			error: "Nenhum arquivo da sessão foi encontrado no armazenamento.",
		});
	});

	it("fails on a file with content but no readable line, naming its first problem", () => {
		expect(buildSessionVersion("s", encode("lixo\n"), null)).toEqual({
			ok: false,
			error:
				"Não foi possível ler lap.six: nenhuma linha válida (linha 1: esperados 10 campos, encontrados 1).",
		});
		const gps = buildSessionVersion("s", null, encode("a|b\n"));
		expect(gps.ok || gps.error).toMatch(
			/^Não foi possível ler gps\.six: nenhuma linha válida \(linha 1: /,
		);
	});

	it("reads an empty or blank file as nothing recorded", () => {
		for (const blank of ["", " \t\r\n\n"]) {
			const lap = buildSessionVersion("s", encode(blank), encode(files.gpsSix));
			expect(lap.ok).toBe(true);
			const gps = buildSessionVersion("s", encode(files.lapSix), encode(blank));
			expect(gps.ok && gps.version.laps.map((l) => l.lap_number)).toEqual([1, 2]);
		}
	});

	it("reports only the problems of the files it has", () => {
		const gpsOnly = buildSessionVersion("s", null, encode(`${files.gpsSix}lixo\n`));
		if (!gpsOnly.ok) throw new Error(gpsOnly.error);
		expect(gpsOnly.version.report.length).toBeGreaterThan(0);
		expect(gpsOnly.version.report.every((issue) => issue.file === "gps.six")).toBe(true);
		expect(gpsOnly.version.summary.lapCount).toBe(0);
		const lapOnly = buildSessionVersion("s", encode(`${files.lapSix}lixo\n`), null);
		if (!lapOnly.ok) throw new Error(lapOnly.error);
		expect(lapOnly.version.report).toEqual([
			{ file: "lap.six", line: 3, kind: "rejected", reason: "esperados 10 campos, encontrados 1" },
		]);
		expect(lapOnly.version.summary.gpsPointCount).toBe(0);
	});

	it("builds one row per lap with its figures and its path", () => {
		const built = buildSessionVersion("sess", encode(files.lapSix), encode(files.gpsSix));
		if (!built.ok) throw new Error(built.error);
		const { laps, summary } = built.version;
		expect(summary.lapCount).toBe(2);
		expect(laps).toHaveLength(2);
		for (const lap of laps) {
			expect(lap.session_id).toBe("sess");
			expect(lap.path).toBeInstanceOf(Uint8Array);
			// The time-stamped channels (codec version 2), not the older path blob.
			expect(lapChannelsVersion(lap.path!)).toBe(2);
			expect(decodeLapChannels(lap.path!).length).toBe(lap.point_count);
			expect(lap.point_count).toBeGreaterThan(100);
			expect(JSON.parse(lap.sectors as string)).toHaveLength(4);
			expect(lap.max_speed_kmh).toBeGreaterThan(lap.min_speed_kmh!);
		}
		const lapOnly = buildSessionVersion("sess", encode(files.lapSix), null);
		expect(lapOnly.ok && lapOnly.version.laps.every((l) => l.path === null)).toBe(true);
	});
});
