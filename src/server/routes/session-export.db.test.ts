import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importRecording, isRecognised } from "../../domain/import/import-recording";
import type { TrackLines } from "../../domain/recording/types";
import { timeLapsFromLines } from "../../domain/timing/lap-lines";
import { type DecodedChannelsLap, decodeChannelsBody } from "../../shared/api/channels";
import { createTestContext, type SignedIn, type TestContext } from "../test/harness";
import { createHardware, fileInput, simulatedFiles } from "../test/ingest-test-support";

/**
 * Exports over the API: a stored session, timed with its track's line, downloaded in each
 * format and read back by the importers (and by gpsbabel), with the same laps and positions.
 */
describe("session export over the API", () => {
	let ctx: TestContext;
	let rider: SignedIn;
	let seller: SignedIn;
	let stranger: SignedIn;
	let sessionId = "";
	let lines: TrackLines;
	let laps: DecodedChannelsLap[] = [];
	const files = simulatedFiles(81, 4);
	const key = { hardwareId: "HW-EXPORT", track: "Autódromo de Interlagos", date: "08042025" };

	beforeAll(async () => {
		ctx = await createTestContext();
		const sellerRow = await ctx.createUser({ is_seller: true, wifi_ssid: "s" });
		const riderRow = await ctx.createUser({ seller_id: sellerRow.id, wifi_ssid: "p" });
		const strangerRow = await ctx.createUser({ wifi_ssid: "x" });
		await createHardware(ctx.db, key.hardwareId, riderRow.id);
		await ctx.app.ingest.acceptFile(fileInput(key, "lap.six", files.lapSix));
		sessionId = (await ctx.app.ingest.acceptFile(fileInput(key, "gps.six", files.gpsSix))).session
			.id;
		rider = await ctx.signIn(riderRow.id);
		seller = await ctx.signIn(sellerRow.id);
		stranger = await ctx.signIn(strangerRow.id);
		const retimed = await ctx.request(rider, {
			method: "POST",
			url: `/api/sessions/${sessionId}/timing`,
			payload: { timing: "track" },
		});
		expect(retimed.statusCode).toBe(200);
		lines = retimed.json().timing.lines;
		const channels = await ctx.request(rider, { url: `/api/sessions/${sessionId}/channels` });
		laps = decodeChannelsBody(channels.rawPayload).laps;
		expect(laps.length).toBeGreaterThanOrEqual(3);
	}, 180_000);
	afterAll(async () => {
		await ctx?.close();
	});

	const exportOf = (as: SignedIn | null, query: string) =>
		ctx.request(as, { url: `/api/sessions/${sessionId}/export?${query}` });

	it("answers each format with its media type and a name that says what is inside", async () => {
		const cases = [
			["gpx", "application/gpx+xml", "<?xml"],
			["kml", "application/vnd.google-earth.kml+xml", "<?xml"],
			["csv", "text/csv; charset=utf-8", "pista,volta,hora_utc"],
			["vbo", "text/plain; charset=utf-8", "File created on"],
		] as const;
		for (const [format, type, start] of cases) {
			const res = await exportOf(seller, `format=${format}`);
			expect(res.statusCode, format).toBe(200);
			expect(res.headers["content-type"]).toBe(type);
			expect(res.headers["content-disposition"]).toBe(
				`attachment; filename="lapsix_autodromo-de-interlagos_2025-04-08.${format}"; ` +
					`filename*=UTF-8''lapsix_Aut%C3%B3dromo%20de%20Interlagos_2025-04-08.${format}`,
			);
			expect(res.body.startsWith(start), `${format}: ${res.body.slice(0, 40)}`).toBe(true);
		}
		const one = await exportOf(rider, "format=gpx&lap=2");
		expect(one.statusCode).toBe(200);
		expect(one.headers["content-disposition"]).toContain(
			'filename="lapsix_autodromo-de-interlagos_2025-04-08_volta-2.gpx"',
		);
		expect(one.body.split("<trkseg>")).toHaveLength(2);
	});

	it("says why a format or a lap is refused, and hides the session from others", async () => {
		const badFormat = await exportOf(rider, "format=xls");
		expect(badFormat.statusCode).toBe(400);
		expect(badFormat.json().message).toContain("gpx, kml, csv ou vbo");
		const noFormat = await exportOf(rider, "");
		expect(noFormat.statusCode).toBe(400);
		const badLap = await exportOf(rider, "format=gpx&lap=abc");
		expect(badLap.statusCode).toBe(400);
		const absentLap = await exportOf(rider, "format=csv&lap=99");
		expect(absentLap.statusCode).toBe(400);
		expect(absentLap.json()).toMatchObject({ error: "lap_not_found" });
		expect(absentLap.json().message).toContain("volta 99");
		expect((await exportOf(stranger, "format=gpx")).statusCode).toBe(404);
		expect((await exportOf(null, "format=gpx")).statusCode).toBe(401);
	});

	/** Each stored point, its time counted from the session's first point (laps back to back). */
	function storedPoints() {
		const points: { ms: number; lat: number; lon: number }[] = [];
		let lapStart = 0;
		for (const lap of laps) {
			const c = lap.channels!;
			for (let i = 0; i < c.length; i++) {
				points.push({ ms: lapStart + c.timeMs[i]!, lat: c.lat[i]!, lon: c.lon[i]! });
			}
			lapStart += lap.timeMs;
		}
		return points;
	}

	it.each(["gpx", "vbo"] as const)(
		"round-trips through %s: same laps within 10 ms, same positions within 1e-6°",
		async (format) => {
			const res = await exportOf(rider, `format=${format}`);
			expect(res.statusCode).toBe(200);
			const recording = importRecording(res.rawPayload, `export.${format}`);
			expect(isRecognised(recording)).toBe(true);
			const { fixes } = recording;
			const retimed = timeLapsFromLines(fixes, lines);
			// The export starts on the first crossing: the re-timing finds every lap again.
			expect(retimed.laps.length).toBeGreaterThanOrEqual(laps.length - 1);
			const offset = laps.length - retimed.laps.length;
			retimed.laps.forEach((lap, k) => {
				expect(Math.abs(lap.timeMs - laps[k + offset]!.timeMs), `lap ${k}`).toBeLessThanOrEqual(10);
			});
			// VBO writes time in hundredths of a second: a point is the fix within 5 ms of it.
			const tolerance = format === "vbo" ? 5 : 0.5;
			let i = 0;
			for (const point of storedPoints()) {
				const at = (k: number) => fixes.timeMs[k]! - fixes.timeMs[0]!;
				while (i < fixes.length - 1 && at(i) < point.ms - tolerance) i++;
				expect(Math.abs(at(i) - point.ms), `fix at ${point.ms} ms`).toBeLessThanOrEqual(tolerance);
				expect(Math.abs(fixes.lat[i]! - point.lat)).toBeLessThanOrEqual(1e-6);
				expect(Math.abs(fixes.lon[i]! - point.lon)).toBeLessThanOrEqual(1e-6);
			}
		},
	);

	it("round-trips through CSV: every point with its lap, time and position", async () => {
		const res = await exportOf(rider, "format=csv");
		const [header, ...rows] = res.body.trim().split("\r\n");
		const names = header!.split(",");
		const col = (name: string) => names.indexOf(name);
		const cells = rows.map((row) => row.split(","));
		const points = storedPoints();
		expect(cells).toHaveLength(points.length);
		const t0 = Number(cells[0]![col("tempo_sessao_s")]);
		cells.forEach((row, k) => {
			const want = points[k]!;
			expect(Math.abs((Number(row[col("tempo_sessao_s")]) - t0) * 1000 - want.ms)).toBeLessThan(1);
			expect(Math.abs(Number(row[col("latitude")]) - want.lat)).toBeLessThanOrEqual(1e-6);
			expect(Math.abs(Number(row[col("longitude")]) - want.lon)).toBeLessThanOrEqual(1e-6);
		});
		const lapTimes = new Map<number, number>();
		for (const row of cells) {
			lapTimes.set(Number(row[col("volta")]), Number(row[col("tempo_volta_s")]) * 1000);
		}
		for (const lap of laps) {
			expect(Math.abs(lapTimes.get(lap.number)! - lap.timeMs)).toBeLessThanOrEqual(10);
		}
	});

	const GPSBABEL = "/usr/bin/gpsbabel";
	const hasGpsbabel = spawnSync(GPSBABEL, ["-V"]).status === 0;
	const itGpsbabel = hasGpsbabel
		? it
		: (name: string, body: () => Promise<void>) =>
				it.skip(`${name} (skipped: ${GPSBABEL} not found; apt-get install gpsbabel)`, body);

	itGpsbabel("gpsbabel reads the API's GPX and KML, every point", async () => {
		const dir = mkdtempSync(join(tmpdir(), "lapsix-export-api-"));
		try {
			const points = storedPoints();
			for (const format of ["gpx", "kml"] as const) {
				const res = await exportOf(rider, `format=${format}`);
				const path = join(dir, `session.${format}`);
				writeFileSync(path, res.rawPayload);
				const run = spawnSync(
					GPSBABEL,
					["-t", "-i", format, "-f", path, "-o", "unicsv,utc=0", "-F", "-"],
					{ encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
				);
				expect(run.status, run.stderr).toBe(0);
				const rows = run.stdout.trim().split(/\r?\n/).slice(1);
				const latLon = rows.map((row) => row.split(",").slice(1, 3).map(Number));
				for (const want of points) {
					const found = latLon.some(
						([lat, lon]) => Math.abs(lat! - want.lat) <= 1e-6 && Math.abs(lon! - want.lon) <= 1e-6,
					);
					expect(found, `${format} point ${want.lat},${want.lon}`).toBe(true);
				}
				if (format === "gpx") expect(rows).toHaveLength(points.length);
			}
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});
