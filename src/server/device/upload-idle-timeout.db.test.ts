import { request } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { FilesystemStorage } from "../storage/filesystem-storage";
import { createTestLogger, lapFile, type TestLogger } from "../test/device-test-support";
import { createTestContext, type TestContext } from "../test/harness";
import { contentDigestHeader } from "./content-digest";

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

/** A PUT over a real socket (inject has no socket, so no idle timeout): the status, or the error. */
function putOverSocket(logger: TestLogger, path: string, body: Buffer): Promise<number | string> {
	const address = ctx.app.server.address();
	if (address === null || typeof address === "string") throw new Error("the app is not listening");
	return new Promise((resolve) => {
		const req = request(
			{
				host: "127.0.0.1",
				port: address.port,
				method: "PUT",
				path: `/api/device/v1/sessions/${path}`,
				headers: {
					...logger.auth,
					"content-type": "application/octet-stream",
					"content-digest": contentDigestHeader(body),
				},
			},
			(res) => {
				res.resume();
				res.on("end", () => resolve(res.statusCode ?? 0));
			},
		);
		req.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
		req.end(body);
	});
}

it("answers an upload whose storing outlasts the idle timeout once the body is in", async () => {
	const rider = await ctx.createUser();
	const logger = await createTestLogger(ctx, { ownerId: rider.id });
	expect(await putOverSocket(logger, "Interlagos/01022024/lap.six", lapFile(3))).toBe(200);
});
