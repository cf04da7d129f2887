import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { FilesystemStorage } from "../storage/filesystem-storage";
import { createTestLogger, lapFile, putSessionFileOverSocket } from "../test/device-test-support";
import { createTestContext, type TestContext } from "../test/harness";

const IDLE_TIMEOUT_MS = 300;

/** Storage that takes longer to put than the idle timeout: a server busy with other uploads. */
class SlowStorage extends FilesystemStorage {
	override async put(...args: Parameters<FilesystemStorage["put"]>) {
		await new Promise((resolve) => setTimeout(resolve, IDLE_TIMEOUT_MS * 3));
		return super.put(...args);
	}
}

let ctx: TestContext;

beforeAll(async () => {
	ctx = await createTestContext({
		env: { HTTP_IDLE_TIMEOUT_MS: String(IDLE_TIMEOUT_MS) },
		storage: (dataDir) => new SlowStorage(join(dataDir, "objects")),
	});
	await ctx.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
	await ctx?.close();
});

it("answers an upload whose storing outlasts the idle timeout once the body is in", async () => {
	const rider = await ctx.createUser();
	const logger = await createTestLogger(ctx, { ownerId: rider.id });
	// A connection cut by the idle timeout rejects ("socket hang up"), failing the test.
	const res = await putSessionFileOverSocket(
		ctx,
		logger,
		"Interlagos/01022024/lap.six",
		lapFile(3),
	);
	expect(res.statusCode).toBe(200);
});
