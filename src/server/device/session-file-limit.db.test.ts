import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestLogger, putSessionFile, storedKeys } from "../test/device-test-support";
import { createTestContext, type TestContext } from "../test/harness";
import { contentDigestHeader } from "./content-digest";

let small: TestContext;

beforeAll(async () => {
	small = await createTestContext({ env: { UPLOAD_MAX_BYTES: "1024" } });
});
afterAll(async () => {
	await small?.close();
});

describe("PUT /api/device/v1/sessions/... size limit", () => {
	it("answers 413 with the limit over UPLOAD_MAX_BYTES, announced or streamed", async () => {
		const logger = await createTestLogger(small);
		const big = Buffer.alloc(2048, "a");
		const announced = await putSessionFile(small, logger, "Kart/01022024/lap.six", big);
		expect(announced.statusCode).toBe(413);
		expect(announced.json()).toMatchObject({
			error: "payload_too_large",
			message: expect.stringContaining("1024 bytes"),
		});

		const streamed = await small.app.inject({
			method: "PUT",
			url: "/api/device/v1/sessions/Kart/01022024/lap.six",
			headers: {
				...logger.auth,
				"content-type": "application/octet-stream",
				"transfer-encoding": "chunked",
				"content-digest": contentDigestHeader(big),
			},
			payload: Readable.from([big.subarray(0, 1000), big.subarray(1000)]),
		});
		expect(streamed.statusCode).toBe(413);
		expect(await storedKeys(small, logger.hardwareId)).toEqual([]);

		const fits = Buffer.alloc(1024, "b");
		expect((await putSessionFile(small, logger, "Kart/01022024/lap.six", fits)).statusCode).toBe(
			200,
		);
	});
});
