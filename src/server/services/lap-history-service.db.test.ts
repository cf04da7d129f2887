import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_REFERENCE_SESSIONS } from "../../shared/api/compare";
import { createTestContext, type SignedIn, type TestContext } from "../test/harness";
import { createHardware } from "../test/ingest-test-support";
import { medianOf } from "./lap-history-service";

describe("medianOf", () => {
	it("has no median without laps", () => {
		expect(medianOf([])).toBeNull();
	});

	it("takes the middle time of an odd count, whatever the order", () => {
		expect(medianOf([90_000])).toBe(90_000);
		expect(medianOf([93_000, 90_000, 91_000])).toBe(91_000);
	});

	it("takes the mean of the two middle times of an even count", () => {
		expect(medianOf([94_000, 90_000, 91_000, 92_000])).toBe(91_500);
	});
});

interface LapSpec {
	number: number;
	timeMs: number;
	/** Sector number -> time. */
	sectors?: [number, number][];
	path?: boolean;
}

/**
 * Sessions and laps written straight to the tables, so that each case has exactly the times,
 * sectors and paths it is about.
 */
describe("reference laps and track history, case by case", () => {
	let ctx: TestContext;
	const as: Record<string, SignedIn> = {};
	const ids: Record<string, string> = {};

	const SESSION_NOT_FOUND = { error: "session_not_found", message: "Sessão não encontrada." };
	const LAP_NOT_FOUND = { error: "lap_not_found", message: "Volta não encontrada." };
	const RIDER_NOT_FOUND = { error: "rider_not_found", message: "Piloto não encontrado." };

	beforeAll(async () => {
		ctx = await createTestContext();
		const seller = await ctx.createUser({ is_seller: true });
		const riderA = await ctx.createUser({ seller_id: seller.id, display_name: "Ana" });
		const riderB = await ctx.createUser({ display_name: "Bia" });
		const admin = await ctx.createUser({ is_admin: true });
		Object.assign(ids, {
			seller: seller.id,
			riderA: riderA.id,
			riderB: riderB.id,
			admin: admin.id,
		});
		for (const [name, id] of Object.entries(ids)) as[name] = await ctx.signIn(id);
		await createHardware(ctx.db, "HW-A", riderA.id);
		await createHardware(ctx.db, "HW-B", riderB.id);
	}, 180_000);
	afterAll(async () => {
		await ctx?.close();
	});

	const get = (who: string, url: string) => ctx.request(as[who]!, { url });

	/** The day `n` days after 1 January 2024, as `yyyy-mm-dd`. */
	const day = (n: number) => new Date(Date.UTC(2024, 0, 1 + n)).toISOString().slice(0, 10);

	async function addSessions(hardwareId: string, track: string, dates: string[]) {
		const rows = await ctx.db
			.insertInto("sessions")
			.values(
				dates.map((date) => ({
					hardware_id: hardwareId,
					rider_id: hardwareId === "HW-A" ? ids.riderA! : ids.riderB!,
					track,
					date,
					status: "processed" as const,
				})),
			)
			.returning(["id", "date"])
			.execute();
		return dates.map((date) => rows.find((r) => r.date === date)!.id);
	}

	async function addLaps(sessionId: string, laps: LapSpec[]) {
		await ctx.db
			.insertInto("laps")
			.values(
				laps.map((lap) => ({
					session_id: sessionId,
					lap_number: lap.number,
					time_ms: lap.timeMs,
					entry_sec: 36_000 + lap.number * 100,
					distance_m: 4300,
					sprint_count: 0,
					battery: "",
					point_count: 0,
					sectors: JSON.stringify(
						(lap.sectors ?? []).map(([number, timeMs]) => ({
							number,
							timeMs,
							display: (timeMs / 1000).toFixed(3),
							distanceM: 1000,
							improved: false,
						})),
					),
					path: lap.path === false ? null : sql<Uint8Array>`decode('AQID', 'base64')`,
				})),
			)
			.execute();
	}

	it("answers a session that does not exist like a hidden one, even to an admin", async () => {
		const unknown = crypto.randomUUID();
		for (const who of ["riderA", "admin"]) {
			const res = await get(who, `/api/sessions/${unknown}/laps/1/references`);
			expect(res.statusCode).toBe(404);
			expect(res.json()).toEqual(SESSION_NOT_FOUND);
		}
		const [hidden] = await addSessions("HW-A", "Escondida", [day(0)]);
		await addLaps(hidden!, [{ number: 1, timeMs: 90_000 }]);
		const res = await get("riderB", `/api/sessions/${hidden}/laps/1/references`);
		expect(res.statusCode).toBe(404);
		expect(res.json()).toEqual(SESSION_NOT_FOUND);
		expect((await get("seller", `/api/sessions/${hidden}/laps/1/references`)).statusCode).toBe(200);
	});

	it("says the lap is missing when the session has no such lap", async () => {
		const [id] = await addSessions("HW-A", "SemVolta", [day(0)]);
		await addLaps(id!, [{ number: 1, timeMs: 90_000 }]);
		const res = await get("riderA", `/api/sessions/${id}/laps/2/references`);
		expect(res.statusCode).toBe(404);
		expect(res.json()).toEqual(LAP_NOT_FOUND);
	});

	it("answers a rider that does not exist like a hidden one, even to an admin", async () => {
		const unknown = crypto.randomUUID();
		for (const who of ["riderA", "admin"]) {
			const res = await get(who, `/api/tracks/history?track=Interlagos&riderId=${unknown}`);
			expect(res.statusCode).toBe(404);
			expect(res.json()).toEqual(RIDER_NOT_FOUND);
		}
		const hidden = await get(
			"riderB",
			`/api/tracks/history?track=Interlagos&riderId=${ids.riderA}`,
		);
		expect(hidden.statusCode).toBe(404);
		expect(hidden.json()).toEqual(RIDER_NOT_FOUND);
	});

	it("offers only laps with a path as the session's best and other laps", async () => {
		const [older, own] = await addSessions("HW-A", "Mista", [day(10), day(20)]);
		await addLaps(own!, [
			{ number: 1, timeMs: 60_000 },
			{ number: 2, timeMs: 50_000, path: false },
			{ number: 3, timeMs: 61_000 },
		]);
		await addLaps(older!, [
			{ number: 1, timeMs: 58_000 },
			{ number: 2, timeMs: 57_000, path: false },
		]);
		const res = await get("riderA", `/api/sessions/${own}/laps/2/references`);
		expect(res.statusCode).toBe(200);
		expect(res.json()).toEqual({
			lap: { sessionId: own, date: day(20), riderId: ids.riderA, number: 2, timeMs: 50_000 },
			track: "Mista",
			sessionBest: {
				sessionId: own,
				date: day(20),
				riderId: ids.riderA,
				number: 1,
				timeMs: 60_000,
			},
			sessionLaps: [
				{ number: 1, timeMs: 60_000 },
				{ number: 3, timeMs: 61_000 },
			],
			personalBest: {
				sessionId: older,
				date: day(10),
				riderId: ids.riderA,
				number: 1,
				timeMs: 58_000,
			},
			otherSessions: [
				{
					sessionId: older,
					date: day(10),
					riderId: ids.riderA,
					riderLabel: "Ana",
					bestLap: { number: 1, timeMs: 58_000 },
					laps: [{ number: 1, timeMs: 58_000 }],
				},
			],
			moreSessions: false,
		});
		const sessionBest = (await get("riderA", `/api/sessions/${own}/laps/1/references`)).json();
		expect(sessionBest.sessionLaps).toEqual([{ number: 3, timeMs: 61_000 }]);
	});

	it("gives no session best when no lap of the session has a path", async () => {
		const [id] = await addSessions("HW-A", "SemGps", [day(0)]);
		await addLaps(id!, [
			{ number: 1, timeMs: 60_000, path: false },
			{ number: 2, timeMs: 59_000, path: false },
		]);
		const body = (await get("riderA", `/api/sessions/${id}/laps/1/references`)).json();
		expect(body.lap).toMatchObject({ number: 1, timeMs: 60_000 });
		expect(body.sessionBest).toBeNull();
		expect(body.sessionLaps).toEqual([]);
		expect(body.personalBest).toBeNull();
	});

	it(`lists at most ${MAX_REFERENCE_SESSIONS} other sessions, newest first, and says when there are more`, async () => {
		const count = MAX_REFERENCE_SESSIONS + 2;
		const dates = Array.from({ length: count }, (_, i) => day(i));
		const sessions = await addSessions("HW-A", "Cheia", dates);
		const own = sessions[count - 1]!;
		await addLaps(own, [{ number: 1, timeMs: 60_000 }]);
		const body = (await get("riderA", `/api/sessions/${own}/laps/1/references`)).json();
		const newestOthers = sessions.slice(0, count - 1).reverse();
		expect(body.otherSessions.map((s: { sessionId: string }) => s.sessionId)).toEqual(
			newestOthers.slice(0, MAX_REFERENCE_SESSIONS),
		);
		expect(body.moreSessions).toBe(true);
	});

	it(`does not say there are more when exactly ${MAX_REFERENCE_SESSIONS} other sessions exist`, async () => {
		const count = MAX_REFERENCE_SESSIONS + 1;
		const dates = Array.from({ length: count }, (_, i) => day(i));
		const sessions = await addSessions("HW-A", "Justa", dates);
		const own = sessions[0]!;
		await addLaps(own, [{ number: 1, timeMs: 60_000 }]);
		const body = (await get("riderA", `/api/sessions/${own}/laps/1/references`)).json();
		expect(body.otherSessions.map((s: { sessionId: string }) => s.sessionId)).toEqual(
			sessions.slice(1).reverse(),
		);
		expect(body.moreSessions).toBe(false);
	});

	it("the track page keeps the first best time of each sector (newest session, lowest lap) and sums them", async () => {
		const [older, newer, empty] = await addSessions("HW-A", "Setores", [day(1), day(2), day(3)]);
		// The newest session's first lap has no sector 1: the sectors are found out of order.
		await addLaps(newer!, [
			{ number: 1, timeMs: 80_000, sectors: [[2, 20_000]] },
			{
				number: 2,
				timeMs: 70_000,
				sectors: [
					[1, 30_000],
					[2, 20_000],
				],
			},
		]);
		await addLaps(older!, [
			{ number: 1, timeMs: 90_000, sectors: [[1, 30_000]] },
			{ number: 2, timeMs: 70_000, sectors: [[2, 21_000]] },
			{ number: 3, timeMs: 80_000 },
		]);
		const res = await get("riderA", "/api/tracks/history?track=Setores");
		expect(res.statusCode).toBe(200);
		const body = res.json();
		expect(body.bestSectors).toEqual([
			{ number: 1, timeMs: 30_000, sessionId: newer, date: day(2), lap: 2 },
			{ number: 2, timeMs: 20_000, sessionId: newer, date: day(2), lap: 1 },
		]);
		expect(body.idealLapMs).toBe(50_000);
		expect(
			body.sessions.map(
				(s: { sessionId: string; lapCount: number; medianLapMs: number | null }) => [
					s.sessionId,
					s.lapCount,
					s.medianLapMs,
				],
			),
		).toEqual([
			[empty, 0, null],
			[newer, 2, 75_000],
			[older, 3, 80_000],
		]);
	});

	it("the track page has no ideal lap while a sector in between was never timed", async () => {
		const [id] = await addSessions("HW-B", "Lacuna", [day(0)]);
		await addLaps(id!, [
			{
				number: 1,
				timeMs: 80_000,
				sectors: [
					[1, 30_000],
					[3, 25_000],
				],
			},
		]);
		const body = (await get("riderB", "/api/tracks/history?track=Lacuna")).json();
		expect(body.bestSectors.map((s: { number: number }) => s.number)).toEqual([1, 3]);
		expect(body.idealLapMs).toBeNull();
	});
});
