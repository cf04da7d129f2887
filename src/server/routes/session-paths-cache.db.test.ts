import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeSixFiles } from "../../domain/six/analyze";
import { createIngestService, type IngestService } from "../ingest/ingest-service";
import { createTestContext, type SignedIn, type TestContext } from "../test/harness";
import { createHardware, fileInput, simulatedFiles } from "../test/ingest-test-support";

interface PathsBody {
	paths: { lapNumber: number; lat: number[]; lon: number[] }[];
}

/**
 * The paths answer is kept encoded per version of the session (EncodedBodyCache): whatever the
 * cache holds, a reader gets the version stored last, and only a reader who may read the session.
 */
describe("lap paths answer kept per session version", () => {
	let ctx: TestContext;
	let rider: SignedIn;
	let stranger: SignedIn;
	let ingest: IngestService;
	let sessionId = "";
	const key = { hardwareId: "HW-CACHE", track: "Interlagos", date: "06042025" };
	const first = simulatedFiles(41, 3);
	const second = simulatedFiles(42, 5);

	beforeAll(async () => {
		ctx = await createTestContext();
		const user = await ctx.createUser({ wifi_ssid: "pista" });
		await createHardware(ctx.db, key.hardwareId, user.id);
		ingest = createIngestService({ db: ctx.db, storage: ctx.storage });
		await ingest.acceptFile(fileInput(key, "lap.six", first.lapSix));
		sessionId = (await ingest.acceptFile(fileInput(key, "gps.six", first.gpsSix))).session.id;
		rider = await ctx.signIn(user.id);
		stranger = await ctx.signIn((await ctx.createUser()).id);
	}, 180_000);
	afterAll(async () => {
		await ctx?.close();
	});

	async function getPaths(as: SignedIn, headers: Record<string, string> = {}) {
		return ctx.request(as, { url: `/api/sessions/${sessionId}/paths`, headers });
	}

	/** The answer's JSON, whatever encoding it came in. */
	function decoded(res: Awaited<ReturnType<typeof getPaths>>): PathsBody {
		const encoding = res.headers["content-encoding"];
		const bytes =
			encoding === "br"
				? brotliDecompressSync(res.rawPayload)
				: encoding === "gzip"
					? gunzipSync(res.rawPayload)
					: res.rawPayload;
		return JSON.parse(bytes.toString()) as PathsBody;
	}

	/** Lap numbers and latitudes (7 decimals) as the files themselves give them. */
	function expectPathsOf(body: PathsBody, files: { lapSix: string; gpsSix: string }) {
		const analysis = analyzeSixFiles(files.lapSix, files.gpsSix);
		expect(body.paths.map((p) => p.lapNumber)).toEqual(analysis.paths.map((p) => p.lapNumber));
		for (const path of body.paths) {
			const range = analysis.paths.find((p) => p.lapNumber === path.lapNumber)!;
			const lat = Array.from(analysis.points.lat.subarray(range.start, range.end));
			expect(path.lat).toHaveLength(lat.length);
			expect(path.lat[0]).toBeCloseTo(lat[0]!, 7);
			expect(path.lat.at(-1)).toBeCloseTo(lat.at(-1)!, 7);
		}
	}

	it("sends each encoding of the same answer, and 304 to who has it", async () => {
		const plain = await getPaths(rider);
		expect(plain.statusCode).toBe(200);
		expect(plain.headers["content-type"]).toMatch(/^application\/json/);
		expect(plain.headers["cache-control"]).toBe("private, no-cache");
		expect(plain.headers.vary).toMatch(/accept-encoding/i);
		expectPathsOf(decoded(plain), first);
		const br = await getPaths(rider, { "accept-encoding": "gzip, br" });
		expect(br.headers["content-encoding"]).toBe("br");
		expect(decoded(br)).toEqual(plain.json());
		expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
		const gz = await getPaths(rider, { "accept-encoding": "gzip" });
		expect(gz.headers["content-encoding"]).toBe("gzip");
		expect(decoded(gz)).toEqual(plain.json());

		const etag = String(plain.headers.etag);
		expect(br.headers.etag).toBe(etag);
		const again = await getPaths(rider, { "if-none-match": etag, "accept-encoding": "br" });
		expect(again.statusCode).toBe(304);
		expect(again.rawPayload.length).toBe(0);
		expect(again.headers.etag).toBe(etag);
		const other = await getPaths(rider, { "if-none-match": 'W/"0.-"' });
		expect(other.statusCode).toBe(200);
		expect(other.json()).toEqual(plain.json());
	});

	it("sends the new version once it is stored, never the kept older answer", async () => {
		const before = await getPaths(rider, { "accept-encoding": "br" });
		const oldTag = String(before.headers.etag);
		expectPathsOf(decoded(before), first);
		// Kept in every encoding: a stale entry would be found by each of the requests below.
		await getPaths(rider);
		await getPaths(rider, { "accept-encoding": "gzip" });

		await ingest.acceptFile(fileInput(key, "lap.six", second.lapSix));
		await ingest.acceptFile(fileInput(key, "gps.six", second.gpsSix));

		const requests: Record<string, string>[] = [
			{ "accept-encoding": "br" },
			{},
			{ "accept-encoding": "gzip" },
			{ "accept-encoding": "br", "if-none-match": oldTag },
		];
		for (const headers of requests) {
			const after = await getPaths(rider, headers);
			expect(after.statusCode).toBe(200);
			expectPathsOf(decoded(after), second);
			expect(after.headers.etag).not.toBe(oldTag);
		}
	});

	it("checks who reads before the kept answer is used", async () => {
		expect((await getPaths(rider)).statusCode).toBe(200);
		const refused = await getPaths(stranger, { "accept-encoding": "br" });
		expect(refused.statusCode).toBe(404);
		expect(refused.json().error).toBe("session_not_found");
		const tag = String((await getPaths(rider)).headers.etag);
		expect((await getPaths(stranger, { "if-none-match": tag })).statusCode).toBe(404);
	});
});
