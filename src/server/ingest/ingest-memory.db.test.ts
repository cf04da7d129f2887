import { afterAll, beforeAll, expect, it } from "vitest";
import type { ObjectStorage } from "../storage/object-storage";
import { createTestContext, type TestContext } from "../test/harness";
import { createHardware, fileInput, simulatedFiles } from "../test/ingest-test-support";
import { createIngestService, type SessionKey } from "./ingest-service";

/** Storage that counts the gps.six reads in progress at once (each read takes a while). */
class CountingStorage {
	active = 0;
	most = 0;
	constructor(private readonly inner: ObjectStorage) {}
	async getStream(key: string) {
		this.active += 1;
		this.most = Math.max(this.most, this.active);
		try {
			await new Promise((resolve) => setTimeout(resolve, 100));
			return await this.inner.getStream(key);
		} finally {
			this.active -= 1;
		}
	}
}

const files = simulatedFiles(31, 2);
let ctx: TestContext;
const keys: SessionKey[] = [1, 2].map((day) => ({
	hardwareId: "HW-MEM",
	track: "Interlagos",
	date: `0${day}032025`,
}));

beforeAll(async () => {
	ctx = await createTestContext();
	await createHardware(ctx.db, "HW-MEM", (await ctx.createUser()).id);
	const ingest = createIngestService({ db: ctx.db, storage: ctx.storage });
	for (const key of keys) await ingest.acceptFile(fileInput(key, "gps.six", files.gpsSix));
}, 180_000);
afterAll(async () => {
	await ctx?.close();
});

/** The most gps.six reads two ingests at once had in progress together, under `budgetBytes`. */
async function readsTogether(budgetBytes: number): Promise<number> {
	const counting = new CountingStorage(ctx.storage);
	const storage = new Proxy(ctx.storage, {
		get: (target, name) =>
			name === "getStream"
				? counting.getStream.bind(counting)
				: Reflect.get(target, name).bind(target),
	});
	const ingest = createIngestService({ db: ctx.db, storage, memoryBudgetBytes: budgetBytes });
	await Promise.all(keys.map((key) => ingest.ingestSession(key)));
	return counting.most;
}

it("parses two sessions together only while their estimates fit the memory budget", async () => {
	const size = Buffer.byteLength(files.gpsSix);
	expect(await readsTogether(size * 100)).toBe(2);
	expect(await readsTogether(size)).toBe(1);
});
