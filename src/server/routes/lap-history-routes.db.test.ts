import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeSixFiles } from "../../domain/six/analyze";
import { createTestContext, type SignedIn, type TestContext } from "../test/harness";
import { createHardware, fileInput, simulatedFiles } from "../test/ingest-test-support";

describe("reference laps and the track page", () => {
	let ctx: TestContext;
	let riderA: SignedIn;
	let riderB: SignedIn;
	let seller: SignedIn;
	let admin: SignedIn;
	let riderAId = "";
	let riderBId = "";
	const ids: Record<string, string> = {};
	const files = {
		a1: simulatedFiles(71, 3),
		a2: simulatedFiles(72, 4),
		a3: simulatedFiles(73, 2),
		b1: simulatedFiles(74, 3),
	};

	async function ingest(name: keyof typeof files, hardwareId: string, track: string, date: string) {
		const key = { hardwareId, track, date };
		await ctx.app.ingest.acceptFile(fileInput(key, "lap.six", files[name].lapSix));
		const accepted = await ctx.app.ingest.acceptFile(fileInput(key, "gps.six", files[name].gpsSix));
		ids[name] = accepted.session.id;
	}

	beforeAll(async () => {
		ctx = await createTestContext();
		const sellerUser = await ctx.createUser({ is_seller: true });
		const adminUser = await ctx.createUser({ is_admin: true });
		const a = await ctx.createUser({ seller_id: sellerUser.id, display_name: "Ana" });
		const b = await ctx.createUser({ display_name: "Bia" });
		riderAId = a.id;
		riderBId = b.id;
		await createHardware(ctx.db, "HW-TRK-A", a.id);
		await createHardware(ctx.db, "HW-TRK-B", b.id);
		await ingest("a1", "HW-TRK-A", "Interlagos", "01032025");
		await ingest("a2", "HW-TRK-A", "Interlagos", "15032025");
		await ingest("a3", "HW-TRK-A", "Granja", "20032025");
		await ingest("b1", "HW-TRK-B", "Interlagos", "10032025");
		riderA = await ctx.signIn(a.id);
		riderB = await ctx.signIn(b.id);
		seller = await ctx.signIn(sellerUser.id);
		admin = await ctx.signIn(adminUser.id);
	}, 300_000);
	afterAll(async () => {
		await ctx?.close();
	});

	const get = (as: SignedIn, url: string) => ctx.request(as, { url });
	const lapsOf = (name: keyof typeof files) =>
		analyzeSixFiles(files[name].lapSix, files[name].gpsSix).laps;
	const fastest = (name: keyof typeof files) =>
		[...lapsOf(name)].sort((x, y) => x.timeMs - y.timeMs || x.number - y.number)[0]!;

	it("offers the session's best, its other laps, the personal best and the rider's other sessions", async () => {
		const res = await get(riderA, `/api/sessions/${ids.a2}/laps/2/references`);
		expect(res.statusCode).toBe(200);
		const body = res.json();
		expect(body.track).toBe("Interlagos");
		expect(body.lap).toMatchObject({ sessionId: ids.a2, number: 2, date: "2025-03-15" });
		const best = fastest("a2");
		expect(body.sessionBest).toMatchObject({
			sessionId: ids.a2,
			number: best.number,
			timeMs: best.timeMs,
		});
		expect(body.sessionLaps.map((l: { number: number }) => l.number)).toEqual([1, 3, 4]);
		const pb = [fastest("a1"), fastest("a2")].sort((x, y) => x.timeMs - y.timeMs)[0]!;
		expect(body.personalBest.timeMs).toBe(pb.timeMs);
		// Only Interlagos, not this session, only what riderA may read.
		expect(body.otherSessions.map((s: { sessionId: string }) => s.sessionId)).toEqual([ids.a1]);
		expect(body.otherSessions[0].bestLap.timeMs).toBe(fastest("a1").timeMs);
		expect(body.moreSessions).toBe(false);
	});

	it("a seller sees their riders' sessions, an admin everyone's, another rider nothing", async () => {
		const bySeller = (await get(seller, `/api/sessions/${ids.a2}/laps/1/references`)).json();
		expect(bySeller.otherSessions.map((s: { sessionId: string }) => s.sessionId)).toEqual([ids.a1]);
		const byAdmin = (await get(admin, `/api/sessions/${ids.a2}/laps/1/references`)).json();
		expect(byAdmin.otherSessions.map((s: { sessionId: string }) => s.sessionId)).toEqual([
			ids.b1,
			ids.a1,
		]);
		expect(byAdmin.otherSessions[0].riderLabel).toBe("Bia");
		// riderB's own lap: their session's references never list riderA's sessions.
		const ownB = (await get(riderB, `/api/sessions/${ids.b1}/laps/1/references`)).json();
		expect(ownB.otherSessions).toEqual([]);
		expect((await get(riderB, `/api/sessions/${ids.a2}/laps/1/references`)).statusCode).toBe(404);
		// And the channels of a listed lap of another rider stay closed to them.
		expect((await get(riderB, `/api/sessions/${ids.a1}/channels?lap=1`)).statusCode).toBe(404);
	});

	it("an absent lap is 404, a bad lap number 400", async () => {
		expect((await get(riderA, `/api/sessions/${ids.a2}/laps/99/references`)).statusCode).toBe(404);
		expect((await get(riderA, `/api/sessions/${ids.a2}/laps/0/references`)).statusCode).toBe(400);
	});

	it("the track page lists the rider's sessions newest first with best, median and the ideal lap", async () => {
		const res = await get(riderA, "/api/tracks/history?track=Interlagos");
		expect(res.statusCode).toBe(200);
		const body = res.json();
		expect(body.rider).toEqual({ id: riderAId, label: "Ana" });
		expect(body.sessions.map((s: { sessionId: string }) => s.sessionId)).toEqual([ids.a2, ids.a1]);
		const a2 = body.sessions[0];
		expect(a2.lapCount).toBe(4);
		expect(a2.bestLap.timeMs).toBe(fastest("a2").timeMs);
		const times = lapsOf("a2")
			.map((l) => l.timeMs)
			.sort((x, y) => x - y);
		expect(a2.medianLapMs).toBe((times[1]! + times[2]!) / 2);
		const analysis = analyzeSixFiles(files.a2.lapSix, files.a2.gpsSix);
		expect(a2.theoreticalBestMs).toBe(analysis.summary.theoreticalBestMs);
		// Best of each sector over both sessions, and their sum.
		const all = [...lapsOf("a1"), ...lapsOf("a2")];
		const bestOf = (n: number) =>
			Math.min(...all.flatMap((l) => l.sectors.filter((s) => s.number === n).map((s) => s.timeMs)));
		expect(body.bestSectors.map((s: { timeMs: number }) => s.timeMs)).toEqual(
			body.bestSectors.map((s: { number: number }) => bestOf(s.number)),
		);
		expect(body.idealLapMs).toBe(
			body.bestSectors.reduce((sum: number, s: { timeMs: number }) => sum + s.timeMs, 0),
		);
		expect(body.personalBest.timeMs).toBe(Math.min(fastest("a1").timeMs, fastest("a2").timeMs));
	});

	it("sellers and admins read a rider's track page; others get 404; a blank track 400", async () => {
		const url = `/api/tracks/history?track=Interlagos&riderId=${riderAId}`;
		expect((await get(seller, url)).json().sessions).toHaveLength(2);
		expect((await get(admin, url)).statusCode).toBe(200);
		expect((await get(riderB, url)).statusCode).toBe(404);
		const bOwn = (
			await get(riderB, `/api/tracks/history?track=Interlagos&riderId=${riderBId}`)
		).json();
		expect(bOwn.sessions.map((s: { sessionId: string }) => s.sessionId)).toEqual([ids.b1]);
		expect((await get(riderA, "/api/tracks/history?track=%20")).statusCode).toBe(400);
		const empty = (await get(riderA, "/api/tracks/history?track=Nenhuma")).json();
		expect(empty).toMatchObject({ sessions: [], personalBest: null, idealLapMs: null });
	});
});
