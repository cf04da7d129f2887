import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeLapChannels } from "../../domain/channels/codec";
import { analyzeSixFiles } from "../../domain/six/analyze";
import { encodeLapPath } from "../../domain/six/path-codec";
import { decodeChannelsBody } from "../../shared/api/channels";
import { createSessionChannelsService } from "../services/session-channels-service";
import { userActor } from "../test/actors";
import { createTestContext, type SignedIn, type TestContext } from "../test/harness";
import { createHardware, fileInput, simulatedFiles } from "../test/ingest-test-support";

const TWO_MB = 2 * 1024 * 1024;

describe("lap channels over the API", () => {
	let ctx: TestContext;
	let rider: SignedIn;
	let other: SignedIn;
	let riderId = "";
	let otherId = "";
	let sessionId = "";
	let hourSessionId = "";
	const files = simulatedFiles(61, 3);
	const key = { hardwareId: "HW-CHAN", track: "Interlagos", date: "05042025" };

	beforeAll(async () => {
		ctx = await createTestContext();
		const user = await ctx.createUser({ wifi_ssid: "pista" });
		const stranger = await ctx.createUser({ wifi_ssid: "outra" });
		riderId = user.id;
		otherId = stranger.id;
		await createHardware(ctx.db, key.hardwareId, user.id);
		await ctx.app.ingest.acceptFile(fileInput(key, "lap.six", files.lapSix));
		sessionId = (await ctx.app.ingest.acceptFile(fileInput(key, "gps.six", files.gpsSix))).session
			.id;
		// One hour at 25 Hz: 36 laps of Interlagos, about 97,000 fixes.
		const hour = simulatedFiles(62, 36, 25);
		const hourKey = { ...key, date: "06042025" };
		await ctx.app.ingest.acceptFile(fileInput(hourKey, "lap.six", hour.lapSix));
		hourSessionId = (await ctx.app.ingest.acceptFile(fileInput(hourKey, "gps.six", hour.gpsSix)))
			.session.id;
		rider = await ctx.signIn(user.id);
		other = await ctx.signIn(stranger.id);
	}, 300_000);
	afterAll(async () => {
		await ctx?.close();
	});

	const get = (as: SignedIn | null, url: string, headers: Record<string, string> = {}) =>
		ctx.request(as, { url, headers });

	it("serves every lap's channels, time-stamped, as binary", async () => {
		const res = await get(rider, `/api/sessions/${sessionId}/channels`);
		expect(res.statusCode).toBe(200);
		expect(res.headers["content-type"]).toBe("application/octet-stream");
		const body = decodeChannelsBody(res.rawPayload);
		expect(body.timing).toBe("logger");
		const analysis = analyzeSixFiles(files.lapSix, files.gpsSix);
		expect(body.laps.map((l) => [l.number, l.timeMs])).toEqual(
			analysis.laps.map((l) => [l.number, l.timeMs]),
		);
		for (const lap of body.laps) {
			const channels = lap.channels!;
			const range = analysis.paths.find((p) => p.lapNumber === lap.number)!;
			expect(channels.length).toBe(range.end - range.start);
			expect(channels.timeMs[0]).toBe(0);
			for (let i = 1; i < channels.length; i++) {
				expect(channels.timeMs[i]).toBeGreaterThan(channels.timeMs[i - 1]!);
			}
			// The points span the lap: within a few fixes (10 Hz) of the logger's lap time.
			expect(Math.abs(channels.timeMs[channels.length - 1]! - lap.timeMs)).toBeLessThan(500);
			expect(channels.leanEstimated).toBe(false);
		}
	});

	it("serves one lap with ?lap=N; an absent lap is 404 and a bad number 400", async () => {
		const one = await get(rider, `/api/sessions/${sessionId}/channels?lap=2`);
		expect(one.statusCode).toBe(200);
		expect(decodeChannelsBody(one.rawPayload).laps.map((l) => l.number)).toEqual([2]);
		const absent = await get(rider, `/api/sessions/${sessionId}/channels?lap=9`);
		expect(absent.statusCode).toBe(404);
		expect(absent.json().error).toBe("lap_not_found");
		expect((await get(rider, `/api/sessions/${sessionId}/channels?lap=0`)).statusCode).toBe(400);
		expect((await get(rider, `/api/sessions/${sessionId}/channels?lap=x`)).statusCode).toBe(400);
	});

	it("answers another rider's session like an absent one", async () => {
		const res = await get(other, `/api/sessions/${sessionId}/channels`);
		expect(res.statusCode).toBe(404);
		expect(res.json().error).toBe("session_not_found");
	});

	it("keeps a one-hour 25 Hz session under 2 MB on the wire, compressed or not", async () => {
		const url = `/api/sessions/${hourSessionId}/channels`;
		const plain = await get(rider, url);
		expect(plain.statusCode).toBe(200);
		const body = decodeChannelsBody(plain.rawPayload);
		const points = body.laps.reduce((sum, l) => sum + (l.channels?.length ?? 0), 0);
		expect(points).toBeGreaterThan(90_000);
		const br = await get(rider, url, { "accept-encoding": "br, gzip" });
		const gz = await get(rider, url, { "accept-encoding": "gzip" });
		expect(br.headers["content-encoding"]).toBe("br");
		expect(gz.headers["content-encoding"]).toBe("gzip");
		expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
		expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
		console.info(
			`channels of ${points} points: ${plain.rawPayload.length} B plain, ${gz.rawPayload.length} B gzip, ${br.rawPayload.length} B brotli`,
		);
		expect(plain.rawPayload.length).toBeLessThan(TWO_MB);
		expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
		expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length);
	}, 60_000);

	it("still reads a lap stored as a version 1 path (before the time column)", async () => {
		const analysis = analyzeSixFiles(files.lapSix, files.gpsSix);
		const range = analysis.paths.find((p) => p.lapNumber === 1)!;
		const v1 = encodeLapPath(analysis.points, range);
		await sql`UPDATE laps SET path = decode(${Buffer.from(v1).toString("base64")}, 'base64')
			WHERE session_id = ${sessionId} AND lap_number = 1`.execute(ctx.db);
		const res = await get(rider, `/api/sessions/${sessionId}/channels?lap=1`);
		expect(res.statusCode).toBe(200);
		const lap = decodeChannelsBody(res.rawPayload).laps[0]!;
		expect(lap.channels!.length).toBe(range.end - range.start);
		expect(Number.isNaN(lap.channels!.timeMs[0])).toBe(true);
		expect(lap.channels!.lat[5]).toBeCloseTo(analysis.points.lat[range.start + 5]!, 7);
		const json = await get(rider, `/api/sessions/${sessionId}/laps/1/path`);
		expect(json.statusCode).toBe(200);
		expect(json.json().path.lat).toHaveLength(range.end - range.start);
	});

	it("loads a session's laps as channels for the features that compute on them", async () => {
		const service = createSessionChannelsService(ctx.db);
		const actor = (userId: string) => userActor({ id: userId });
		const loaded = await service.loadLapChannels(actor(riderId), sessionId);
		expect(loaded.timing).toBe("logger");
		const analysis = analyzeSixFiles(files.lapSix, files.gpsSix);
		expect(loaded.laps.map((l) => l.number)).toEqual([1, 2, 3]);
		for (const lap of loaded.laps) {
			const expected = analysis.laps.find((l) => l.number === lap.number)!;
			expect(lap.timeMs).toBe(expected.timeMs);
			expect(lap.sectorsMs).toEqual(expected.sectors.map((s) => s.timeMs));
			expect(lap.channels!.length).toBeGreaterThan(100);
		}
		const stored = await sql<{ path: string }>`SELECT encode(path, 'base64') AS path FROM laps
			WHERE session_id = ${sessionId} AND lap_number = 2`.execute(ctx.db);
		expect(loaded.laps[1]!.channels).toEqual(
			decodeLapChannels(Buffer.from(stored.rows[0]!.path, "base64")),
		);
		await expect(service.loadLapChannels(actor(otherId), sessionId)).rejects.toMatchObject({
			statusCode: 404,
		});
	});
});
