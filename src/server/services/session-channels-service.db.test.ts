import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/database";
import { userActor } from "../test/actors";
import { rejectionOf } from "../test/rejection";
import { createTestDatabase } from "../test/test-database";
import { createSessionChannelsService } from "./session-channels-service";

let handle: DatabaseHandle;
let riderId = "";
let sessionId = "";
let emptySessionId = "";

const sector = (number: 1 | 2 | 3 | 4, timeMs: number) => ({
	number,
	timeMs,
	display: (timeMs / 1000).toFixed(3),
	distanceM: 100,
	improved: false,
});

async function lap(session: string, number: number, sectors: ReturnType<typeof sector>[]) {
	await handle.db
		.insertInto("laps")
		.values({
			session_id: session,
			lap_number: number,
			time_ms: 60_000 + number,
			entry_sec: number * 60,
			distance_m: 4000,
			sprint_count: 0,
			battery: "",
			point_count: 0,
			sectors: JSON.stringify(sectors),
			max_speed_kmh: null,
			min_speed_kmh: null,
			max_roll_deg: null,
			min_roll_deg: null,
			path: null,
		})
		.execute();
}

beforeAll(async () => {
	handle = await createTestDatabase();
	const rider = await handle.db
		.insertInto("users")
		.values({ email: "piloto@example.com" })
		.returning("id")
		.executeTakeFirstOrThrow();
	riderId = rider.id;
	await handle.db.insertInto("hardware").values({ id: "HW-S", owner_id: riderId }).execute();
	const session = (date: string) =>
		handle.db
			.insertInto("sessions")
			.values({ hardware_id: "HW-S", rider_id: riderId, track: "Interlagos", date })
			.returning("id")
			.executeTakeFirstOrThrow();
	sessionId = (await session("2025-04-05")).id;
	emptySessionId = (await session("2025-04-06")).id;
	await lap(sessionId, 1, []);
	await lap(sessionId, 2, [sector(2, 21_000), sector(4, 19_000)]);
	await lap(sessionId, 3, [sector(1, 20_000), sector(2, 21_500)]);
});
afterAll(() => handle.close());

describe("a session's laps as channels", () => {
	const service = () => createSessionChannelsService(handle.db);
	const actor = () => userActor({ id: riderId });

	it("lists sector times by sector number, with null where a sector was not recorded", async () => {
		const loaded = await service().loadLapChannels(actor(), sessionId);
		expect(loaded.laps.map((l) => [l.number, l.sectorsMs, l.channels])).toEqual([
			[1, [], null],
			[2, [null, 21_000, null, 19_000], null],
			[3, [20_000, 21_500], null],
		]);
		expect(loaded.laps[1]!.sectorsMs).toStrictEqual([null, 21_000, null, 19_000]);
	});

	it("loads no laps, without an error, for a session that has none", async () => {
		const loaded = await service().loadLapChannels(actor(), emptySessionId);
		expect(loaded).toEqual({ sessionId: emptySessionId, timing: "logger", laps: [] });
	});

	it("answers an unknown session or lap with 404, its code and its message", async () => {
		const missing = "00000000-0000-4000-8000-000000000000";
		const noSession = await rejectionOf(service().loadLapChannels(actor(), missing));
		expect([noSession.statusCode, noSession.code, noSession.message]).toEqual([
			404,
			"session_not_found",
			"Sessão não encontrada.",
		]);
		// An admin may read every session, so the answer cannot come from the access rule.
		const admin = userActor({ id: riderId }, { isAdmin: true });
		const noSessionForAdmin = await rejectionOf(service().channelsBody(admin, missing));
		expect([noSessionForAdmin.statusCode, noSessionForAdmin.code]).toEqual([
			404,
			"session_not_found",
		]);
		const noLap = await rejectionOf(service().channelsBody(actor(), sessionId, 9));
		expect([noLap.statusCode, noLap.code, noLap.message]).toEqual([
			404,
			"lap_not_found",
			"Volta não encontrada.",
		]);
	});
});
