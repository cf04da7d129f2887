import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSecretBox } from "../crypto/secret-box";
import { generateDeviceKey, hashDeviceKey } from "../device/device-keys";
import { MATRIX_METRICS_TOKEN } from "../metrics/metrics-routes.matrix";
import { generateShareToken, hashShareToken } from "../services/share-service";
import type { MatrixActor, MatrixFixture, MatrixRow } from "./access-matrix-types";
import type { TestContext } from "./harness";
import { fileInput, simulatedFiles } from "./ingest-test-support";
import { createListeningContext } from "./test-browser";

/**
 * Every route of the app, called as every kind of actor, must answer the status its row expects;
 * and every registered route must have a row, so a new route cannot ship without its access rule
 * being written down and tested.
 */

interface RegisteredRoute {
	method: string;
	url: string;
}

interface RowCall {
	method: string;
	url: string;
}

const ACTORS: readonly MatrixActor[] = [
	"anonymous",
	"riderA",
	"riderB",
	"sellerS1",
	"sellerS2",
	"admin",
	"device",
];

/** The app shell's own routes (health checks, the SPA); the built client is absent in tests. */
const SHELL_ROWS: MatrixRow[] = [
	{ method: "GET", url: () => "/healthz", expected: everyone(200) },
	{ method: "GET", url: () => "/readyz", expected: everyone(200) },
	{ method: "GET", url: () => "/user", expected: everyone(503) },
];

function everyone(status: number): Record<MatrixActor, number> {
	return {
		anonymous: status,
		riderA: status,
		riderB: status,
		sellerS1: status,
		sellerS2: status,
		admin: status,
		device: status,
	};
}

function isMatrixRow(value: unknown): value is MatrixRow {
	const row = value as Partial<MatrixRow> | null;
	return (
		typeof row?.method === "string" &&
		typeof row.url === "function" &&
		typeof row.expected === "object"
	);
}

function collectRows(): Array<{ source: string; row: MatrixRow }> {
	const modules = import.meta.glob<Record<string, unknown>>("../**/*.matrix.ts", { eager: true });
	const rows: Array<{ source: string; row: MatrixRow }> = SHELL_ROWS.map((row) => ({
		source: "shell",
		row,
	}));
	for (const [source, exports] of Object.entries(modules)) {
		for (const value of Object.values(exports)) {
			if (Array.isArray(value) && value.every(isMatrixRow))
				rows.push(...value.map((row) => ({ source, row })));
		}
	}
	return rows;
}

/** How specific a route pattern's segment is, as find-my-way ranks them: static > param > wildcard. */
function segmentRank(pattern: string, segment: string | undefined): number | null {
	if (pattern === "*") return 0;
	if (segment === undefined) return null;
	if (!pattern.includes(":")) return pattern === segment ? 2 : null;
	const source = pattern
		.split(/(:[A-Za-z0-9_]+(?:\([^)]*\))?)/)
		.map((part) => (part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
		.join("");
	return new RegExp(`^${source}$`).test(decodeURIComponent(segment)) ? 1 : null;
}

/** The ranks of a pattern's segments for this path, or null when it does not match. */
function matchRoute(pattern: string, path: string): number[] | null {
	const want = pattern.split("/").slice(1);
	const have = path.split("/").slice(1);
	const ranks: number[] = [];
	for (let i = 0; i < want.length; i += 1) {
		const part = want[i] ?? "";
		if (part === "*") return [...ranks, 0];
		const rank = segmentRank(part, have[i]);
		if (rank === null) return null;
		ranks.push(rank);
	}
	return have.length === want.length ? ranks : null;
}

function moreSpecific(a: number[], b: number[]): boolean {
	for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
		const x = a[i] ?? -1;
		const y = b[i] ?? -1;
		if (x !== y) return x > y;
	}
	return false;
}

/** The registered routes (HEAD auto-routes aside) that no row calls. */
function findUncoveredRoutes(
	routes: readonly RegisteredRoute[],
	calls: readonly RowCall[],
): RegisteredRoute[] {
	const candidates = routes.filter((route) => route.method !== "HEAD");
	const covered = new Set<RegisteredRoute>();
	for (const call of calls) {
		const path = call.url.split("?")[0] ?? call.url;
		let best: { route: RegisteredRoute; ranks: number[] } | undefined;
		for (const route of candidates) {
			if (route.method !== call.method) continue;
			const ranks = matchRoute(route.url, path);
			if (ranks && (!best || moreSpecific(ranks, best.ranks))) best = { route, ranks };
		}
		if (best) covered.add(best.route);
	}
	return candidates.filter((route) => !covered.has(route));
}

function routesOf(route: RouteOptions): RegisteredRoute[] {
	const methods = Array.isArray(route.method) ? route.method : [route.method];
	return methods.map((method) => ({ method: String(method), url: route.url }));
}

describe("route coverage check", () => {
	const routes: RegisteredRoute[] = [
		{ method: "GET", url: "/api/sessions/:id" },
		{ method: "GET", url: "/api/sessions/tree" },
		{ method: "HEAD", url: "/api/sessions/tree" },
		{ method: "PUT", url: "/api/device/v1/sessions/:track/:date/:file" },
		{ method: "GET", url: "/*" },
	];

	it("passes when every route has a row", () => {
		const calls = [
			{ method: "GET", url: "/api/sessions/abc" },
			{ method: "GET", url: "/api/sessions/tree?riderId=1" },
			{ method: "PUT", url: "/api/device/v1/sessions/interlagos/10032024/lap.six" },
			{ method: "GET", url: "/user" },
		];
		expect(findUncoveredRoutes(routes, calls)).toEqual([]);
	});

	it("fails for a registered route with no row, even when a wider route would match", () => {
		const calls = [
			{ method: "GET", url: "/api/sessions/tree" },
			{ method: "PUT", url: "/api/device/v1/sessions/a/b/c" },
			{ method: "GET", url: "/user" },
		];
		expect(findUncoveredRoutes(routes, calls)).toEqual([
			{ method: "GET", url: "/api/sessions/:id" },
		]);
		expect(findUncoveredRoutes(routes, [])).toHaveLength(4);
	});

	it("does not count a row of another method", () => {
		expect(
			findUncoveredRoutes(
				[{ method: "DELETE", url: "/api/x/:id" }],
				[{ method: "GET", url: "/api/x/1" }],
			),
		).toHaveLength(1);
	});
});

describe("access matrix", () => {
	let ctx: TestContext;
	const registered: RegisteredRoute[] = [];
	const rows = collectRows();
	let files: ReturnType<typeof simulatedFiles>;
	let fixtureCount = 0;
	const keys = new Map<string, string>();

	beforeAll(async () => {
		files = simulatedFiles(7, 2, 10);
		ctx = await createListeningContext(
			{ METRICS_TOKEN: MATRIX_METRICS_TOKEN },
			{ onRoute: (route) => registered.push(...routesOf(route)) },
		);
	}, 120_000);
	afterAll(() => ctx?.close());

	async function buildFixture(): Promise<MatrixFixture> {
		fixtureCount += 1;
		const tag = `${fixtureCount}-${Math.random().toString(36).slice(2, 8)}`;
		const email = (who: string) => `${who}-${tag}@matrix.example`;
		const insertUser = (values: Parameters<TestContext["createUser"]>[0]) => ctx.createUser(values);
		const sellerS1 = await insertUser({ email: email("s1"), is_seller: true });
		const sellerS2 = await insertUser({ email: email("s2"), is_seller: true });
		const admin = await insertUser({ email: email("admin"), is_admin: true });
		const riderA = await insertUser({
			email: email("a"),
			seller_id: sellerS1.id,
			wifi_ssid: "Box A",
			pilot_name: "Piloto A",
			bike_number: "1",
		});
		const riderB = await insertUser({
			email: email("b"),
			seller_id: sellerS2.id,
			wifi_ssid: "Box B",
			pilot_name: "Piloto B",
			bike_number: "2",
		});
		const sealed = createSecretBox(ctx.config.secretKey, "wifi-password").seal("senha");
		await ctx.db
			.updateTable("users")
			.set({ wifi_password_enc: sealed })
			.where("id", "in", [riderA.id, riderB.id])
			.execute();

		const hardwareA = `MA${tag}`;
		const hardwareB = `MB${tag}`;
		const stockS1 = `MS${tag}`;
		const key = generateDeviceKey();
		keys.set(hardwareA, key);
		await ctx.db
			.insertInto("hardware")
			.values([
				{
					id: hardwareA,
					owner_id: riderA.id,
					seller_id: sellerS1.id,
					device_key_hash: hashDeviceKey(key),
				},
				{
					id: hardwareB,
					owner_id: riderB.id,
					seller_id: sellerS2.id,
					device_key_hash: hashDeviceKey(generateDeviceKey()),
				},
				{ id: stockS1, owner_id: null, seller_id: sellerS1.id },
			])
			.execute();
		await ctx.db
			.updateTable("users")
			.set({ hardware_id: hardwareA })
			.where("id", "=", riderA.id)
			.execute();
		await ctx.db
			.updateTable("users")
			.set({ hardware_id: hardwareB })
			.where("id", "=", riderB.id)
			.execute();

		const session = { hardwareId: hardwareA, track: "interlagos", date: "10032024" };
		await ctx.app.ingest.acceptFile(fileInput(session, "lap.six", files.lapSix));
		const accepted = await ctx.app.ingest.acceptFile(fileInput(session, "gps.six", files.gpsSix));
		if (accepted.session.status !== "processed")
			throw new Error(`fixture session not processed: ${accepted.session.status}`);

		const share = async (ageDays: number, validDays: number, revoked: boolean) => {
			const token = generateShareToken();
			const created = new Date(Date.now() - ageDays * 86_400_000);
			const row = await ctx.db
				.insertInto("session_shares")
				.values({
					session_id: accepted.session.id,
					created_by: riderA.id,
					token_hash: hashShareToken(token),
					created_at: created,
					expires_at: new Date(created.getTime() + validDays * 86_400_000),
					revoked_at: revoked ? new Date() : null,
				})
				.returning("id")
				.executeTakeFirstOrThrow();
			return { id: row.id, token };
		};
		const shareA = await share(0, 30, false);
		const expired = await share(31, 30, false);
		const revoked = await share(0, 30, true);

		return {
			shareA,
			expiredShareToken: expired.token,
			revokedShareToken: revoked.token,
			riderA: { id: riderA.id, email: riderA.email },
			riderB: { id: riderB.id, email: riderB.email },
			sellerS1: { id: sellerS1.id },
			sellerS2: { id: sellerS2.id },
			admin: { id: admin.id },
			hardwareA,
			hardwareB,
			stockS1,
			sessionA: accepted.session.id,
		};
	}

	async function headersFor(
		actor: MatrixActor,
		fx: MatrixFixture,
	): Promise<Record<string, string>> {
		switch (actor) {
			case "anonymous":
				return {};
			case "device":
				return { authorization: `Bearer ${keys.get(fx.hardwareA)}` };
			default:
				return (await ctx.signIn(fx[actor].id)).headers;
		}
	}

	it("has rows from every route module", () => {
		const sources = new Set(rows.map((r) => r.source));
		expect([...sources].some((s) => s.endsWith("auth-routes.matrix.ts"))).toBe(true);
		expect(rows.length).toBeGreaterThan(SHELL_ROWS.length);
	});

	for (const { source, row } of rows) {
		const label = row.url({
			riderA: { id: ":riderA", email: "riderA" },
			riderB: { id: ":riderB", email: "riderB" },
			sellerS1: { id: ":sellerS1" },
			sellerS2: { id: ":sellerS2" },
			admin: { id: ":admin" },
			hardwareA: ":hardwareA",
			hardwareB: ":hardwareB",
			stockS1: ":stockS1",
			sessionA: ":sessionA",
			shareA: { id: ":shareA", token: ":tokenA" },
			expiredShareToken: ":expiredToken",
			revokedShareToken: ":revokedToken",
		});
		it(`${row.method} ${label} (${source.replace(/^.*\//, "")})`, async () => {
			const mismatches: string[] = [];
			for (const actor of ACTORS) {
				const fx = await buildFixture();
				const body = row.body?.(fx);
				const res = await ctx.app.inject({
					method: row.method,
					url: row.url(fx),
					headers: { ...(await headersFor(actor, fx)), ...(row.headers?.(fx) ?? {}) },
					...(body === undefined ? {} : { payload: body as object }),
				});
				if (res.statusCode !== row.expected[actor]) {
					mismatches.push(
						`${actor}: expected ${row.expected[actor]}, got ${res.statusCode} ${res.body.slice(0, 160)}`,
					);
				}
			}
			expect(mismatches).toEqual([]);
		}, 60_000);
	}

	it("has a row for every registered route", async () => {
		const fx = await buildFixture();
		const calls = rows.map(({ row }) => ({ method: row.method, url: row.url(fx) }));
		expect(registered.length).toBeGreaterThan(10);
		expect(findUncoveredRoutes(registered, calls)).toEqual([]);
	});
});
