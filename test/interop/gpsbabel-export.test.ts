/**
 * lapsix's GPX and KML read by a program nobody here wrote: Debian's `gpsbabel`. Every point
 * must come back, with its time (GPX) and its position. Skips, saying why, where gpsbabel is
 * not installed. (gpsbabel has no VBO reader: VBO is read back by lapsix's own importer.)
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportSession } from "../../src/domain/export/export-session";
import { simulatedSession } from "../../src/domain/export/test-fixtures";
import type { ExportFormat, ExportSession } from "../../src/domain/export/types";

const GPSBABEL = process.env.GPSBABEL ?? "gpsbabel";
const hasGpsbabel = spawnSync(GPSBABEL, ["-V"], { encoding: "utf8" }).status === 0;
const describeGpsbabel = hasGpsbabel
	? describe
	: (name: string, body: () => void) =>
			describe.skip(`${name} (skipped: ${GPSBABEL} not found; apt-get install gpsbabel)`, body);

let workDir = "";

function writeExport(session: ExportSession, format: ExportFormat, name: string): string {
	const result = exportSession(session, format);
	if (!result.ok) throw new Error(result.reason);
	const path = join(workDir, `${name}.${format}`);
	writeFileSync(path, [...result.file.chunks].join(""));
	return path;
}

function gpsbabel(args: string[]): string {
	const run = spawnSync(GPSBABEL, args, { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
	if (run.status !== 0) throw new Error(`gpsbabel ${args.join(" ")} failed: ${run.stderr}`);
	expect(run.stderr).toBe("");
	return run.stdout;
}

/** gpsbabel's unicsv output as objects keyed by its header. */
function readUnicsv(text: string): Record<string, string>[] {
	const [header, ...lines] = text.trim().split(/\r?\n/);
	const names = header!.split(",");
	return lines.map((line) => {
		const cells = line.split(",");
		return Object.fromEntries(names.map((name, k) => [name, cells[k] ?? ""]));
	});
}

function points(session: ExportSession) {
	return session.laps.flatMap((lap) =>
		Array.from({ length: lap.channels.length }, (_, i) => ({
			lat: lap.channels.lat[i]!,
			lon: lap.channels.lon[i]!,
			ms: Math.round(lap.startMs + lap.channels.timeMs[i]!),
		})),
	);
}

describeGpsbabel("gpsbabel reads lapsix exports", () => {
	beforeAll(() => {
		workDir = mkdtempSync(join(tmpdir(), "lapsix-gpsbabel-"));
	});
	afterAll(() => rmSync(workDir, { recursive: true, force: true }));
	const session = simulatedSession({ laps: 3, hz: 10, circuit: "granja-viana" });

	it("reads the GPX: every point of every lap, with its time to the millisecond", () => {
		const gpx = writeExport(session, "gpx", "session");
		const rows = readUnicsv(
			gpsbabel(["-t", "-i", "gpx", "-f", gpx, "-o", "unicsv,utc=0", "-F", "-"]),
		);
		const expected = points(session);
		expect(rows).toHaveLength(expected.length);
		rows.forEach((row, k) => {
			const want = expected[k]!;
			const [y, mo, d] = row.Date!.split("/").map(Number) as [number, number, number];
			const [h, mi, s] = row.Time!.split(":").map(Number) as [number, number, number];
			expect(Date.UTC(y, mo - 1, d, h, mi, 0) + Math.round(s * 1000)).toBe(want.ms);
			expect(Math.abs(Number(row.Latitude) - want.lat)).toBeLessThan(1e-6);
			expect(Math.abs(Number(row.Longitude) - want.lon)).toBeLessThan(1e-6);
		});
	});

	it("writes the GPX back as GPX with the same segments, times, speeds and extensions", () => {
		const gpx = writeExport(session, "gpx", "again");
		const text = gpsbabel(["-i", "gpx", "-f", gpx, "-o", "gpx", "-F", "-"]);
		const segments = text.split("<trkseg>").slice(1);
		expect(segments).toHaveLength(session.laps.length);
		const times = [...text.matchAll(/<time>([^<]+)<\/time>/g)].map((m) => m[1]!).slice(1);
		const expected = points(session);
		expect(times).toHaveLength(expected.length);
		expect(times.map((time) => Date.parse(time))).toEqual(expected.map((p) => p.ms));
		expect(text.match(/<gpxtpx:speed>/g)).toHaveLength(expected.length);
		expect(text.match(/<lapsix:lean estimated="false">/g)).toHaveLength(expected.length);
	});

	it("reads the GPX of a session whose recording had no date (written on 1970-01-01)", () => {
		const undated = simulatedSession({
			laps: 1,
			hz: 10,
			circuit: "granja-viana",
			dateKnown: false,
		});
		const gpx = writeExport({ ...undated, date: null }, "gpx", "undated");
		const rows = readUnicsv(
			gpsbabel(["-t", "-i", "gpx", "-f", gpx, "-o", "unicsv,utc=0", "-F", "-"]),
		);
		const expected = points(undated);
		expect(rows).toHaveLength(expected.length);
		// gpsbabel takes 1970-01-01 for "no date": it keeps the time of day and drops the day.
		rows.forEach((row, k) => {
			expect(row.Date ?? "1970/01/01").toBe("1970/01/01");
			const [h, mi, s] = row.Time!.split(":").map(Number) as [number, number, number];
			expect((h * 60 + mi) * 60_000 + Math.round(s * 1000)).toBe(expected[k]!.ms);
		});
		const again = gpsbabel(["-i", "gpx", "-f", gpx, "-o", "gpx", "-F", "-"]);
		const times = [...again.matchAll(/<time>([^<]+)<\/time>/g)].map((m) => m[1]!).slice(1);
		expect(times.map((t) => Date.parse(t))).toEqual(expected.map((p) => p.ms));
	});

	it("reads the KML: the track's lines and every point of every lap's coloured runs", () => {
		const kml = writeExport(session, "kml", "session");
		const rows = readUnicsv(gpsbabel(["-t", "-i", "kml", "-f", kml, "-o", "unicsv", "-F", "-"]));
		const gates = 2 * (1 + session.lines!.sectors.length);
		const lapPoints = points(session);
		// Runs share their boundary point, so a lap's points come back in order, some twice.
		const read = rows.slice(gates).map((r) => [Number(r.Latitude), Number(r.Longitude)]);
		const distinct = read.filter(
			(p, k) => k === 0 || p[0] !== read[k - 1]![0] || p[1] !== read[k - 1]![1],
		);
		expect(distinct.length).toBeGreaterThan(lapPoints.length - session.laps.length);
		let k = 0;
		for (const want of lapPoints) {
			const near = (p: number[]) =>
				Math.abs(p[0]! - want.lat) <= 1e-6 && Math.abs(p[1]! - want.lon) <= 1e-6;
			while (k < read.length && !near(read[k]!)) k++;
			expect(k, `point at ${want.lat},${want.lon}`).toBeLessThan(read.length);
		}
		const { a } = session.lines!.startFinish;
		expect(Number(rows[0]!.Latitude)).toBeCloseTo(a.lat, 6);
	});
});
