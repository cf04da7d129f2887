import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeSixFiles } from "../../domain/six/analyze";
import { createIngestService } from "../ingest/ingest-service";
import { createTestContext, type SignedIn, type TestContext } from "../test/harness";
import { createHardware, fileInput, simulatedFiles } from "../test/ingest-test-support";

/**
 * The lap path the API sends is the logger's own: latitude and longitude to the 1e-7 degree
 * (about 1 cm) the file was written with, through storage, the path codec and JSON.
 */
describe("lap paths over the API", () => {
	let ctx: TestContext;
	let rider: SignedIn;
	let sessionId = "";
	const files = simulatedFiles(31, 3);
	const key = { hardwareId: "HW-PATH", track: "Interlagos", date: "05042025" };

	beforeAll(async () => {
		ctx = await createTestContext();
		const user = await ctx.createUser({ wifi_ssid: "pista" });
		await createHardware(ctx.db, key.hardwareId, user.id);
		const ingest = createIngestService({ db: ctx.db, storage: ctx.storage });
		await ingest.acceptFile(fileInput(key, "lap.six", files.lapSix));
		sessionId = (await ingest.acceptFile(fileInput(key, "gps.six", files.gpsSix))).session.id;
		rider = await ctx.signIn(user.id);
	}, 180_000);
	afterAll(async () => {
		await ctx?.close();
	});

	/** The coordinates of one lap as `gps.six` wrote them (7 decimals). */
	function fileCoordinates(lapNumber: number) {
		const analysis = analyzeSixFiles(files.lapSix, files.gpsSix);
		const range = analysis.paths.find((p) => p.lapNumber === lapNumber)!;
		const lat = Array.from(analysis.points.lat.subarray(range.start, range.end));
		const lon = Array.from(analysis.points.lon.subarray(range.start, range.end));
		return { lat, lon };
	}

	function expectSameTo1e7(actual: number[], expected: number[]) {
		expect(actual).toHaveLength(expected.length);
		let worst = 0;
		for (let i = 0; i < expected.length; i++)
			worst = Math.max(worst, Math.abs(actual[i]! - expected[i]!));
		// Half a unit of the 7th decimal: anything coarser than the file's own grid fails.
		expect(worst).toBeLessThan(0.5e-7);
	}

	it("keeps latitude and longitude to 1e-7 degree in one lap's path", async () => {
		const res = await ctx.request(rider, { url: `/api/sessions/${sessionId}/laps/2/path` });
		expect(res.statusCode).toBe(200);
		const { path } = res.json() as { path: { lat: number[]; lon: number[] } };
		const expected = fileCoordinates(2);
		// The simulated track moves by less than 1e-4 degree between points: the 7th decimal
		// matters, and a path rounded to 4 decimals would repeat points.
		expect(new Set(expected.lat.map((v) => v.toFixed(7).slice(-3))).size).toBeGreaterThan(100);
		expectSameTo1e7(path.lat, expected.lat);
		expectSameTo1e7(path.lon, expected.lon);
	});

	it("keeps them in every path of the session", async () => {
		const res = await ctx.request(rider, { url: `/api/sessions/${sessionId}/paths` });
		expect(res.statusCode).toBe(200);
		const { paths } = res.json() as {
			paths: { lapNumber: number; lat: number[]; lon: number[] }[];
		};
		expect(paths.map((p) => p.lapNumber)).toEqual([1, 2, 3]);
		for (const path of paths) {
			const expected = fileCoordinates(path.lapNumber);
			expectSameTo1e7(path.lat, expected.lat);
			expectSameTo1e7(path.lon, expected.lon);
		}
	});
});
