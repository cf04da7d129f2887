/**
 * Read-only links through the HTTP API: what a link carries and opens, how long it lives, and
 * that a revoked or expired one opens nothing. Who may call each route is the access matrix's
 * (share-routes.matrix.ts).
 */
import type { KyselyPlugin } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIngestService } from "../ingest/ingest-service";
import { insertShare } from "../repositories/share-repository";
import { userActor } from "../test/actors";
import { createTestContext, type SignedIn, type TestContext } from "../test/harness";
import { createHardware, fileInput, simulatedFiles } from "../test/ingest-test-support";
import { rejectionOf } from "../test/rejection";
import { createShareService, hashShareToken } from "./share-service";

const DAY_MS = 86_400_000;
const MISSING_ID = "00000000-0000-4000-8000-000000000000";

describe("read-only links", () => {
	let ctx: TestContext;
	let rider: SignedIn;
	let seller: SignedIn;
	let sessionId = "";
	let otherSessionId = "";
	const files = simulatedFiles(5, 3);

	beforeAll(async () => {
		ctx = await createTestContext();
		const ingest = createIngestService({ db: ctx.db, storage: ctx.storage });
		const s1 = await ctx.createUser({ is_seller: true });
		const riderA = await ctx.createUser({
			seller_id: s1.id,
			email: "ana@example.com",
			wifi_ssid: "Rede da Ana",
			pilot_name: "Ana",
		});
		rider = await ctx.signIn(riderA.id);
		seller = await ctx.signIn(s1.id);
		await createHardware(ctx.db, "HW1", riderA.id);
		const put = (date: string, name: "lap.six" | "gps.six", text: string) =>
			ingest.acceptFile(fileInput({ hardwareId: "HW1", track: "Interlagos", date }, name, text));
		sessionId = (await put("02032025", "lap.six", files.lapSix)).session.id;
		await put("02032025", "gps.six", files.gpsSix);
		otherSessionId = (await put("03032025", "lap.six", files.lapSix)).session.id;
	}, 180_000);
	afterAll(async () => {
		await ctx?.close();
	});

	const create = (body: unknown, who: SignedIn = rider, id = sessionId) =>
		ctx.request(who, {
			method: "POST",
			url: `/api/sessions/${id}/shares`,
			payload: body as object,
		});
	const open = (path: string) => ctx.request(null, { method: "GET", url: path });
	const tokenOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);

	it("creates a link of 256 random bits, valid 30 days, whose token is kept only as a hash", async () => {
		const before = Date.now();
		const res = await create({});
		expect(res.statusCode).toBe(201);
		const { id, url, expiresAt } = res.json();
		expect(url).toMatch(/^http:\/\/localhost:3000\/s\/[A-Za-z0-9_-]{43}$/);
		const expires = Date.parse(expiresAt);
		expect(expires).toBeGreaterThanOrEqual(before + 30 * DAY_MS - 1000);
		expect(expires).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS + 1000);
		const row = await ctx.db
			.selectFrom("session_shares")
			.selectAll()
			.where("id", "=", id)
			.executeTakeFirstOrThrow();
		const token = tokenOf(url);
		expect(row.token_hash).toBe(hashShareToken(token));
		expect(JSON.stringify(row)).not.toContain(token);
		// Two links never share a token.
		const again = (await create({})).json();
		expect(tokenOf(again.url)).not.toBe(token);
	});

	it("opens the session's laps, figures and paths, and nothing about the rider or the logger", async () => {
		const { url } = (await create({ expiresInDays: 2 })).json();
		const token = tokenOf(url);
		const res = await open(`/api/shared/${token}`);
		expect(res.statusCode).toBe(200);
		expect(res.headers["cache-control"]).toBe("private, no-store");
		const body = res.json();
		expect(body.session).toEqual({ track: "Interlagos", date: "2025-03-02", folder: "02032025" });
		expect(body.laps).toHaveLength(3);
		expect(body.summary.lapCount).toBe(3);
		expect(body.share.comparison).toBeNull();
		const text = res.body;
		for (const secret of ["ana@example.com", "Rede da Ana", "HW1", 'Ana"', sessionId]) {
			expect(text).not.toContain(secret);
		}
		const lap = await open(`/api/shared/${token}/laps/2/path`);
		expect(lap.statusCode).toBe(200);
		expect(lap.json().path.lat.length).toBeGreaterThan(10);
		const paths = await open(`/api/shared/${token}/paths`);
		expect(paths.json().paths).toHaveLength(3);
		const noLap = await open(`/api/shared/${token}/laps/9/path`);
		expect(noLap.statusCode).toBe(404);
		expect(noLap.json()).toEqual({ error: "lap_not_found", message: "Volta não encontrada." });
	});

	it("keeps a comparison of two of the session's laps, and refuses laps it does not have", async () => {
		const res = await create({ comparison: { lap: 3, refLap: 1 } });
		expect(res.statusCode).toBe(201);
		const opened = (await open(`/api/shared/${tokenOf(res.json().url)}`)).json();
		expect(opened.share.comparison).toEqual({ lap: 3, refLap: 1 });
		const bad = await create({ comparison: { lap: 3, refLap: 7 } });
		expect(bad.statusCode).toBe(400);
		expect(bad.json()).toEqual({ error: "lap_not_found", message: "A sessão não tem a volta 7." });
	});

	it.each([
		[{ expiresInDays: 0 }, "pelo menos 1 dia"],
		[{ expiresInDays: 366 }, "no máximo 365 dias"],
		[{ expiresInDays: 1.5 }, "número inteiro"],
		[{ token: "x" }, ""],
	])("refuses %j with a reason", async (body, reason) => {
		const res = await create(body);
		expect(res.statusCode).toBe(400);
		expect(res.json().message).toContain(reason);
	});

	it("lists active links only, newest first; a revoked link opens nothing, listed no more", async () => {
		const fresh = (await create({ expiresInDays: 5 }, rider, otherSessionId)).json();
		const older = (await create({ expiresInDays: 9 }, rider, otherSessionId)).json();
		const list = () =>
			ctx.request(seller, { method: "GET", url: `/api/sessions/${otherSessionId}/shares` });
		const listed = (await list()).json().shares;
		expect(listed.map((s: { id: string }) => s.id)).toEqual([older.id, fresh.id]);
		expect(listed.every((s: { url: string | null }) => s.url === null)).toBe(true);
		// The rider's seller may cut a link.
		const revoked = await ctx.request(seller, { method: "DELETE", url: `/api/shares/${older.id}` });
		expect(revoked.statusCode).toBe(200);
		expect((await open(`/api/shared/${tokenOf(older.url)}`)).statusCode).toBe(404);
		expect((await open(`/api/shared/${tokenOf(older.url)}/paths`)).statusCode).toBe(404);
		expect((await list()).json().shares.map((s: { id: string }) => s.id)).toEqual([fresh.id]);
		// Revoking again keeps the first instant.
		const twice = await ctx.request(rider, { method: "DELETE", url: `/api/shares/${older.id}` });
		expect(twice.json().revokedAt).toBe(revoked.json().revokedAt);
		expect((await open(`/api/shared/${tokenOf(fresh.url)}`)).statusCode).toBe(200);
	});

	it("records who created and who revoked a link in the audit log, never its token", async () => {
		const { id, url } = (await create({ expiresInDays: 3 })).json();
		await ctx.request(seller, { method: "DELETE", url: `/api/shares/${id}` });
		await ctx.request(rider, { method: "DELETE", url: `/api/shares/${id}` });
		const rows = await ctx.db
			.selectFrom("audit_log")
			.select(["action", "actor_id", "target_type", "target_id", "details"])
			.where("target_id", "=", sessionId)
			.orderBy("id")
			.execute();
		const mine = rows.filter((r) => JSON.stringify(r.details).includes(id));
		expect(mine.map((r) => [r.action, r.actor_id, r.target_type])).toEqual([
			["session.share", rider.userId, "session"],
			["session.revoke_share", seller.userId, "session"],
		]);
		expect(mine[0]!.details).toMatchObject({
			shareId: id,
			track: "Interlagos",
			date: "2025-03-02",
		});
		expect(JSON.stringify(rows)).not.toContain(tokenOf(url));
		expect(JSON.stringify(rows)).not.toContain(hashShareToken(tokenOf(url)));
	});

	it("stops opening the moment a link expires", async () => {
		let clock = new Date("2026-01-01T12:00:00Z");
		const service = createShareService(ctx.db, {
			publicUrl: "https://lapsix.example",
			now: () => clock,
		});
		const actor = {
			kind: "user" as const,
			authSessionId: "x",
			user: {
				id: rider.userId,
				email: "ana@example.com",
				displayName: null,
				photoUrl: null,
				isAdmin: false,
				isSeller: false,
				hardwareId: "HW1",
				needsEnrollment: false,
			},
		};
		const created = await service.create(actor, sessionId, { expiresInDays: 1 });
		expect(created.expiresAt).toBe("2026-01-02T12:00:00.000Z");
		const token = tokenOf(created.url);
		clock = new Date("2026-01-02T11:59:59.999Z");
		expect((await service.open(token)).laps).toHaveLength(3);
		expect((await service.list(actor, sessionId)).shares.map((s) => s.id)).toContain(created.id);
		clock = new Date("2026-01-02T12:00:00.000Z");
		await expect(service.open(token)).rejects.toMatchObject({ statusCode: 404 });
		await expect(service.paths(token)).rejects.toMatchObject({ statusCode: 404 });
		expect((await service.list(actor, sessionId)).shares.map((s) => s.id)).not.toContain(
			created.id,
		);
	});

	it("answers a malformed token like an unknown one", async () => {
		for (const token of ["abc", "A".repeat(43), `${"A".repeat(42)}*`]) {
			const res = await open(`/api/shared/${encodeURIComponent(token)}`);
			expect(res.statusCode).toBe(404);
			expect(res.json().message).toBe("Este link não existe, expirou ou foi revogado.");
		}
	});

	describe("called directly", () => {
		const service = () => createShareService(ctx.db, { publicUrl: "https://lapsix.example" });
		const riderActor = () => userActor({ id: rider.userId });
		const gone = {
			statusCode: 404,
			code: "shared_link_not_found",
			message: "Este link não existe, expirou ou foi revogado.",
		};

		it("answers 404 with its own code for a session or a link that does not exist", async () => {
			const noSession = await rejectionOf(service().create(riderActor(), MISSING_ID, {}));
			expect([noSession.statusCode, noSession.code, noSession.message]).toEqual([
				404,
				"session_not_found",
				"Sessão não encontrada.",
			]);
			const noSessionToList = await rejectionOf(service().list(riderActor(), MISSING_ID));
			expect([noSessionToList.statusCode, noSessionToList.code]).toEqual([
				404,
				"session_not_found",
			]);
			const noShare = await rejectionOf(service().revoke(riderActor(), MISSING_ID));
			expect([noShare.statusCode, noShare.code, noShare.message]).toEqual([
				404,
				"share_not_found",
				"Link não encontrado.",
			]);
			// An admin may see every session's links, so the answers cannot come from the access rule.
			const admin = userActor({ id: seller.userId }, { isAdmin: true });
			const forAdmin = await Promise.all([
				rejectionOf(service().create(admin, MISSING_ID, {})),
				rejectionOf(service().list(admin, MISSING_ID)),
				rejectionOf(service().revoke(admin, MISSING_ID)),
			]);
			expect(forAdmin.map((e) => [e.statusCode, e.code])).toEqual([
				[404, "session_not_found"],
				[404, "session_not_found"],
				[404, "share_not_found"],
			]);
		});

		it("tells the session a link opens, and nothing for a link that is gone", async () => {
			const created = await service().create(riderActor(), sessionId, {});
			const token = created.url.slice(created.url.lastIndexOf("/") + 1);
			expect(await service().sessionIdOf(token)).toBe(sessionId);
			await service().revoke(riderActor(), created.id);
			await expect(service().sessionIdOf(token)).rejects.toMatchObject(gone);
		});

		it("opens nothing with a token of the wrong shape, even one whose hash is stored", async () => {
			const token = "curto";
			await insertShare(ctx.db, {
				sessionId,
				createdBy: rider.userId,
				tokenHash: hashShareToken(token),
				createdAt: new Date(),
				expiresAt: new Date(Date.now() + DAY_MS),
				comparison: null,
			});
			await expect(service().open(token)).rejects.toMatchObject(gone);
		});

		it("opens nothing when the link's session is gone by the time it is read", async () => {
			const { url } = (await create({}, rider, otherSessionId)).json();
			// The session is removed right after the link is found: its row is no longer there.
			const queries = new Set<unknown>();
			const sessionGone: KyselyPlugin = {
				transformQuery({ node, queryId }) {
					if (
						node.kind === "SelectQueryNode" &&
						/"name":"sessions"/.test(JSON.stringify(node.from))
					) {
						queries.add(queryId);
					}
					return node;
				},
				async transformResult({ result, queryId }) {
					return queries.has(queryId) ? { ...result, rows: [] } : result;
				},
			};
			const racing = createShareService(ctx.db.withPlugin(sessionGone), {
				publicUrl: "https://lapsix.example",
			});
			expect(await service().sessionIdOf(tokenOf(url))).toBe(otherSessionId);
			await expect(racing.open(tokenOf(url))).rejects.toMatchObject(gone);
			expect(queries.size).toBe(1);
		});
	});
});
