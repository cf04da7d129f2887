import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIngestService, type IngestService } from "../ingest/ingest-service";
import {
	findSessionForRead,
	listSessionLaps,
	StoredJsonError,
} from "../repositories/session-repository";
import { userActor } from "../test/actors";
import { createTestContext, type SignedIn, type TestContext } from "../test/harness";
import { createHardware, fileInput, simulatedFiles } from "../test/ingest-test-support";
import { createSessionReadService, fastestLap } from "./session-read-service";

describe("fastestLap", () => {
	it("gives the lowest time, or nothing without laps", () => {
		expect(fastestLap([])).toBeNull();
		expect(
			fastestLap([
				{ number: 1, timeMs: 90_000 },
				{ number: 2, timeMs: 95_000 },
				{ number: 3, timeMs: 91_000 },
			]),
		).toEqual({ number: 1, timeMs: 90_000 });
		expect(
			fastestLap([
				{ number: 1, timeMs: 95_000 },
				{ number: 2, timeMs: 90_000 },
			]),
		).toEqual({ number: 2, timeMs: 90_000 });
	});

	it("gives a tie to the lowest lap number, whatever the order of the list", () => {
		const tie = { timeMs: 90_000 };
		expect(
			fastestLap([
				{ number: 1, ...tie },
				{ number: 2, ...tie },
			]),
		).toEqual({
			number: 1,
			timeMs: 90_000,
		});
		expect(
			fastestLap([
				{ number: 2, ...tie },
				{ number: 1, ...tie },
			]),
		).toEqual({
			number: 1,
			timeMs: 90_000,
		});
	});

	it("never prefers a lower number that is slower", () => {
		expect(
			fastestLap([
				{ number: 2, timeMs: 90_000 },
				{ number: 1, timeMs: 95_000 },
			]),
		).toEqual({ number: 2, timeMs: 90_000 });
	});
});

describe("session read API", () => {
	let ctx: TestContext;
	let ingest: IngestService;
	const as: Record<string, SignedIn> = {};
	let sessionA = "";
	let stockSession = "";
	const ids: Record<string, string> = {};
	const files = simulatedFiles(21, 3);

	beforeAll(async () => {
		ctx = await createTestContext();
		ingest = createIngestService({ db: ctx.db, storage: ctx.storage });
		const s1 = await ctx.createUser({ is_seller: true });
		const s2 = await ctx.createUser({ is_seller: true });
		const riderA = await ctx.createUser({ seller_id: s1.id, display_name: "Ana" });
		const riderB = await ctx.createUser();
		const admin = await ctx.createUser({ is_admin: true });
		Object.assign(ids, {
			s1: s1.id,
			s2: s2.id,
			riderA: riderA.id,
			riderB: riderB.id,
			admin: admin.id,
		});
		for (const [name, id] of Object.entries(ids)) as[name] = await ctx.signIn(id);
		await createHardware(ctx.db, "HW1", riderA.id);
		await createHardware(ctx.db, "STOCK", null);
		const put = (
			track: string,
			date: string,
			name: "lap.six" | "gps.six",
			text: string,
			hw = "HW1",
		) => ingest.acceptFile(fileInput({ hardwareId: hw, track, date }, name, text));
		sessionA = (await put("Interlagos", "02032025", "lap.six", files.lapSix)).session.id;
		await put("Interlagos", "02032025", "gps.six", files.gpsSix);
		await put("Interlagos", "01032025", "lap.six", files.lapSix);
		await put("Álamo", "05032025", "lap.six", files.lapSix);
		await put("autódromo", "05032025", "lap.six", files.lapSix);
		await put("Zeta", "05032025", "gps.six", "lixo\n");
		stockSession = (await put("Interlagos", "02032025", "lap.six", files.lapSix, "STOCK")).session
			.id;
	}, 180_000);
	afterAll(async () => {
		await ctx?.close();
	});

	const get = (who: string | null, url: string) =>
		ctx.request(who ? as[who]! : null, { method: "GET", url });

	it("gives the rider their tree: tracks in pt-BR order, dates ascending, laps by number", async () => {
		const res = await get("riderA", "/api/sessions/tree");
		expect(res.statusCode).toBe(200);
		const body = res.json();
		expect(body.rider).toMatchObject({ id: ids.riderA, displayName: "Ana", hardwareId: "HW1" });
		expect(body.tracks.map((t: { track: string }) => t.track)).toEqual([
			"Álamo",
			"autódromo",
			"Interlagos",
			"Zeta",
		]);
		const interlagos = body.tracks[2];
		expect(interlagos.dates.map((d: { folder: string }) => d.folder)).toEqual([
			"01032025",
			"02032025",
		]);
		expect(interlagos.dates[1]).toMatchObject({
			sessionId: sessionA,
			date: "2025-03-02",
			status: "processed",
		});
		expect(interlagos.dates[1].laps.map((l: { number: number }) => l.number)).toEqual([1, 2, 3]);
		const laps = interlagos.dates[1].laps as { number: number; timeMs: number }[];
		const fastest = Math.min(...laps.map((l) => l.timeMs));
		expect(interlagos.dates[1].bestLap).toEqual(laps.find((l) => l.timeMs === fastest));
		// The simulator leaves 3 damaged lines in every gps.six; its lap.six is clean.
		expect(interlagos.dates[1].ignoredLines).toEqual({ lapSix: 0, gpsSix: 3 });
		expect(interlagos.dates[1].error).toBeNull();
		expect(body.tracks[3].dates[0]).toMatchObject({
			status: "failed",
			laps: [],
			bestLap: null,
			ignoredLines: { lapSix: 0, gpsSix: 0 },
		});
		expect(body.tracks[3].dates[0].error).toMatch(/gps\.six/);
	});

	it("lets a seller read their riders and an admin anyone, and hides them from others", async () => {
		const url = `/api/sessions/tree?riderId=${ids.riderA}`;
		expect((await get("s1", url)).statusCode).toBe(200);
		expect((await get("admin", url)).statusCode).toBe(200);
		for (const who of ["s2", "riderB"]) {
			const res = await get(who, url);
			expect(res.statusCode).toBe(404);
			expect(res.json().message).toBe("Piloto não encontrado.");
		}
		expect(
			(await get("riderB", `/api/sessions/tree?riderId=${crypto.randomUUID()}`)).json().message,
		).toBe("Piloto não encontrado.");
		expect((await get(null, url)).statusCode).toBe(401);
		expect((await get("riderA", "/api/sessions/tree?riderId=nope")).statusCode).toBe(400);
	});

	it("gives one session with laps, sectors, figures and report", async () => {
		const res = await get("riderA", `/api/sessions/${sessionA}`);
		expect(res.statusCode).toBe(200);
		const body = res.json();
		expect(body.session).toMatchObject({
			id: sessionA,
			hardwareId: "HW1",
			riderId: ids.riderA,
			folder: "02032025",
			status: "processed",
			version: 2,
			hasLapFile: true,
			hasGpsFile: true,
			error: null,
		});
		expect(body.laps).toHaveLength(3);
		expect(body.laps[0].sectors).toHaveLength(4);
		expect(body.laps[0].points).toBeGreaterThan(100);
		expect(body.laps[0].maxSpeedKmh).toBe(Math.round(body.laps[0].maxSpeedKmh * 10) / 10);
		expect(body.summary).toMatchObject({ lapCount: 3 });
		expect(body.summary.maxSpeed.kmh).toBe(Math.round(body.summary.maxSpeed.kmh * 10) / 10);
		expect(body.report.length).toBeGreaterThan(0);
		expect((await get("s1", `/api/sessions/${sessionA}`)).statusCode).toBe(200);
		expect((await get("riderB", `/api/sessions/${sessionA}`)).statusCode).toBe(404);
		expect((await get("s2", `/api/sessions/${sessionA}`)).statusCode).toBe(404);
	});

	it("marks the best lap and the best time of each sector itself", async () => {
		const body = (await get("riderA", `/api/sessions/${sessionA}`)).json() as {
			laps: {
				number: number;
				timeMs: number;
				best: boolean;
				sectors: { number: number; timeMs: number; best: boolean }[];
			}[];
			summary: { bestLap: { number: number } };
		};
		const fastest = [...body.laps].sort((a, b) => a.timeMs - b.timeMs || a.number - b.number)[0]!;
		expect(body.laps.filter((l) => l.best).map((l) => l.number)).toEqual([fastest.number]);
		expect(body.summary.bestLap.number).toBe(fastest.number);
		for (const sectorNumber of [1, 2, 3, 4]) {
			const times = body.laps.flatMap((l) => l.sectors.filter((s) => s.number === sectorNumber));
			const lowest = Math.min(...times.map((s) => s.timeMs));
			expect(times.map((s) => s.best)).toEqual(times.map((s) => s.timeMs === lowest));
			expect(times.some((s) => s.best)).toBe(true);
		}
	});

	it("refuses to read stored JSON that does not match its schema", async () => {
		const key = { hardwareId: "HW1", track: "Corrompida", date: "07032025" };
		const id = (await ingest.acceptFile(fileInput(key, "lap.six", files.lapSix))).session.id;
		await sql`UPDATE sessions SET summary = jsonb_set(summary, '{lapCount}', '"três"') WHERE id = ${id}`.execute(
			ctx.db,
		);
		await expect(findSessionForRead(ctx.db, id)).rejects.toThrow(
			new RegExp(`summary of session ${id} does not match its schema`),
		);
		await sql`UPDATE sessions SET summary = NULL, report = '[{"file":"lap.six","line":"um"}]' WHERE id = ${id}`.execute(
			ctx.db,
		);
		await expect(findSessionForRead(ctx.db, id)).rejects.toThrow(StoredJsonError);
		await sql`UPDATE sessions SET report = '[]' WHERE id = ${id}`.execute(ctx.db);
		expect((await findSessionForRead(ctx.db, id))?.summary).toBeNull();
		await sql`UPDATE laps SET sectors = '[{"number":5,"timeMs":1}]' WHERE session_id = ${id} AND lap_number = 2`.execute(
			ctx.db,
		);
		await expect(listSessionLaps(ctx.db, id)).rejects.toThrow(
			new RegExp(`sectors of lap 2 of session ${id}`),
		);
		expect((await get("riderA", `/api/sessions/${id}`)).statusCode).toBe(500);
	});

	it("shows a session with no rider to admins only", async () => {
		expect((await get("admin", `/api/sessions/${stockSession}`)).statusCode).toBe(200);
		for (const who of ["riderA", "s1", "riderB"]) {
			expect((await get(who, `/api/sessions/${stockSession}`)).statusCode).toBe(404);
		}
	});

	it("gives lap paths as rounded columns", async () => {
		const one = await get("riderA", `/api/sessions/${sessionA}/laps/2/path`);
		expect(one.statusCode).toBe(200);
		const path = one.json().path;
		expect(path.lapNumber).toBe(2);
		expect(path.lat.length).toBeGreaterThan(100);
		for (const key of ["lon", "speedKmh", "rollDeg", "distanceM"])
			expect(path[key]).toHaveLength(path.lat.length);
		expect(path.lat.every((v: number) => Math.abs(v * 1e7 - Math.round(v * 1e7)) < 1e-6)).toBe(
			true,
		);
		const oneDecimal = (v: number | null) =>
			v !== null && Math.abs(v * 10 - Math.round(v * 10)) < 1e-9;
		expect(path.speedKmh.every(oneDecimal)).toBe(true);
		expect(path.rollDeg.every(oneDecimal)).toBe(true);
		expect(path.distanceM.every((v: number | null) => v !== null && Number.isInteger(v))).toBe(
			true,
		);

		const all = await get("riderA", `/api/sessions/${sessionA}/paths`);
		expect(all.json().paths.map((p: { lapNumber: number }) => p.lapNumber)).toEqual([1, 2, 3]);
		expect(all.json().paths[1]).toEqual(path);
		expect((await get("riderA", `/api/sessions/${sessionA}/laps/9/path`)).statusCode).toBe(404);
		expect((await get("riderB", `/api/sessions/${sessionA}/laps/2/path`)).statusCode).toBe(404);
		expect((await get("riderB", `/api/sessions/${sessionA}/paths`)).statusCode).toBe(404);
	});

	it("gives empty columns for a lap recorded without GPS", async () => {
		const tree = (await get("riderA", "/api/sessions/tree")).json();
		const pathless = tree.tracks[0].dates[0].sessionId;
		const res = await get("riderA", `/api/sessions/${pathless}/laps/1/path`);
		expect(res.json().path).toEqual({
			lapNumber: 1,
			lat: [],
			lon: [],
			speedKmh: [],
			rollDeg: [],
			distanceM: [],
		});
		expect((await get("riderA", `/api/sessions/${pathless}/paths`)).json().paths).toEqual([]);
	});

	const SESSION_NOT_FOUND = { error: "session_not_found", message: "Sessão não encontrada." };
	const RIDER_NOT_FOUND = { error: "rider_not_found", message: "Piloto não encontrado." };

	it("answers a session that does not exist like a hidden one, even to an admin", async () => {
		const unknown = crypto.randomUUID();
		for (const who of ["riderA", "admin"]) {
			for (const url of [
				`/api/sessions/${unknown}`,
				`/api/sessions/${unknown}/laps/1/path`,
				`/api/sessions/${unknown}/paths`,
			]) {
				const res = await get(who, url);
				expect(res.statusCode, `${who} ${url}`).toBe(404);
				expect(res.json(), `${who} ${url}`).toEqual(SESSION_NOT_FOUND);
			}
		}
		for (const url of [
			`/api/sessions/${sessionA}`,
			`/api/sessions/${sessionA}/laps/1/path`,
			`/api/sessions/${sessionA}/paths`,
		]) {
			expect((await get("riderB", url)).json()).toEqual(SESSION_NOT_FOUND);
		}
		// The paths of a session removed after its stamp was read.
		await expect(createSessionReadService(ctx.db).stampedPaths(unknown)).rejects.toMatchObject({
			statusCode: 404,
			code: "session_not_found",
			message: "Sessão não encontrada.",
		});
	});

	it("answers a rider that does not exist like a hidden one, even to an admin", async () => {
		for (const who of ["admin", "riderB"]) {
			const res = await get(who, `/api/sessions/tree?riderId=${crypto.randomUUID()}`);
			expect(res.statusCode).toBe(404);
			expect(res.json()).toEqual(RIDER_NOT_FOUND);
		}
		expect((await get("s2", `/api/sessions/tree?riderId=${ids.riderA}`)).json()).toEqual(
			RIDER_NOT_FOUND,
		);
	});

	it("says which lap is missing when the session has no such lap", async () => {
		const res = await get("riderA", `/api/sessions/${sessionA}/laps/9/path`);
		expect(res.statusCode).toBe(404);
		expect(res.json()).toEqual({ error: "lap_not_found", message: "Volta não encontrada." });
	});

	/** A session of riderB (whose tree no test lists) on its own track. */
	let riderBHardware = false;
	async function riderBSession(track: string): Promise<string> {
		if (!riderBHardware) await createHardware(ctx.db, "HW-B", ids.riderB!);
		riderBHardware = true;
		const key = { hardwareId: "HW-B", track, date: "09032025" };
		return (await ingest.acceptFile(fileInput(key, "lap.six", files.lapSix))).session.id;
	}

	it("shows a session whose upload could not be read: no laps, no summary", async () => {
		const id = (
			await ingest.acceptFile(
				fileInput({ hardwareId: "HW1", track: "Ilegível", date: "08032025" }, "gps.six", "lixo\n"),
			)
		).session.id;
		const res = await get("riderA", `/api/sessions/${id}`);
		expect(res.statusCode).toBe(200);
		expect(res.json()).toMatchObject({
			session: { id, status: "failed" },
			laps: [],
			summary: null,
		});
	});

	it("marks no lap as best when the summary names none", async () => {
		const id = await riderBSession("SemMelhor");
		await sql`UPDATE sessions SET summary = jsonb_set(summary, '{bestLap}', 'null') WHERE id = ${id}`.execute(
			ctx.db,
		);
		const res = await get("riderB", `/api/sessions/${id}`);
		expect(res.statusCode).toBe(200);
		const body = res.json();
		expect(body.summary.bestLap).toBeNull();
		expect(body.laps).toHaveLength(3);
		expect(body.laps.map((l: { best: boolean }) => l.best)).toEqual([false, false, false]);
	});

	it("gives figures the logger did not measure as null, never as 0", async () => {
		const id = await riderBSession("SemFiguras");
		await sql`UPDATE laps SET max_speed_kmh = NULL, min_speed_kmh = NULL, max_roll_deg = NULL, min_roll_deg = NULL WHERE session_id = ${id} AND lap_number = 2`.execute(
			ctx.db,
		);
		await sql`UPDATE laps SET max_speed_kmh = 231.44, min_speed_kmh = 61.06, max_roll_deg = 48.25, min_roll_deg = -47.96 WHERE session_id = ${id} AND lap_number = 1`.execute(
			ctx.db,
		);
		// A float column can also hold what is no measure at all.
		await sql`UPDATE laps SET max_speed_kmh = 'NaN', min_speed_kmh = 'Infinity', max_roll_deg = '-Infinity', min_roll_deg = 'NaN' WHERE session_id = ${id} AND lap_number = 3`.execute(
			ctx.db,
		);
		await sql`UPDATE sessions SET summary = summary || '{"meanLapMs": null, "stdDevLapMs": null}'::jsonb WHERE id = ${id}`.execute(
			ctx.db,
		);
		const body = (await get("riderB", `/api/sessions/${id}`)).json();
		const figures = (l: Record<string, unknown>) => [
			l.maxSpeedKmh,
			l.minSpeedKmh,
			l.maxRollDeg,
			l.minRollDeg,
		];
		expect(figures(body.laps[0])).toEqual([231.4, 61.1, 48.3, -48]);
		expect(figures(body.laps[1])).toEqual([null, null, null, null]);
		expect(figures(body.laps[2])).toEqual([null, null, null, null]);
		expect(body.summary.meanLapMs).toBeNull();
		expect(body.summary.stdDevLapMs).toBeNull();
	});

	it("shows the timing lines a session was re-timed with, and refuses stored lines that do not read", async () => {
		const id = await riderBSession("Linhas");
		const lines = {
			startFinish: { a: { lat: -23.7011, lon: -46.6972 }, b: { lat: -23.7013, lon: -46.6969 } },
			sectors: [{ a: { lat: -23.705, lon: -46.699 }, b: { lat: -23.7052, lon: -46.6987 } }],
			directionDeg: 90,
		};
		await sql`UPDATE sessions SET timing_shown = 'line', timing_lines = ${JSON.stringify(lines)}::jsonb WHERE id = ${id}`.execute(
			ctx.db,
		);
		const res = await get("riderB", `/api/sessions/${id}`);
		expect(res.statusCode).toBe(200);
		expect(res.json().timing).toMatchObject({ shown: "line", lines });

		await sql`UPDATE sessions SET timing_lines = '{"startFinish": 1}'::jsonb WHERE id = ${id}`.execute(
			ctx.db,
		);
		expect((await get("riderB", `/api/sessions/${id}`)).statusCode).toBe(500);
		const service = createSessionReadService(ctx.db);
		await expect(service.getSession(userActor({ id: ids.riderB! }), id)).rejects.toThrow(
			new RegExp(`^timing lines of session ${id} does not match its schema`),
		);
	});
});
