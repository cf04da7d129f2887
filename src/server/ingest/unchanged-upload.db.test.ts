import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test/harness";
import {
	createHardware,
	fileInput,
	moveHardware,
	simulatedFiles,
} from "../test/ingest-test-support";
import { UPLOAD_CHANNEL } from "./ingest-events";
import { createIngestService, type IngestService, type SessionKey } from "./ingest-service";
import { sessionKeyOrThrow, sessionObjectKey } from "./session-key";

/**
 * The fast answer to a logger sending a file again (unchanged-upload.ts): given only when the
 * session records those bytes, storage holds them and nothing waits to be done; null otherwise
 * (the full way then does the work or refuses).
 */

const files = simulatedFiles(41, 3);
const newer = simulatedFiles(42, 4);

let ctx: TestContext;
let ingest: IngestService;
let owner: string;
let day = 0;

beforeAll(async () => {
	ctx = await createTestContext();
	ingest = createIngestService({ db: ctx.db, storage: ctx.storage });
	owner = (await ctx.createUser()).id;
	await createHardware(ctx.db, "HW-U", owner);
}, 180_000);
afterAll(async () => {
	await ctx?.close();
});

function newKey(hardwareId = "HW-U"): SessionKey {
	day += 1;
	return { hardwareId, track: "Interlagos", date: `${String(day).padStart(2, "0")}022025` };
}

/** A processed session holding `files.lapSix`, and the logger's upload of it again. */
async function processed(hardwareId = "HW-U") {
	const key = newKey(hardwareId);
	const input = fileInput(key, "lap.six", files.lapSix);
	const first = await ingest.acceptFile(input);
	expect(first.session).toMatchObject({ status: "processed", version: 1 });
	return { key, input, fileKey: input.key, objectKey: sessionObjectKey(input.key), first };
}

async function setSession(
	id: string,
	values: { pending_since?: null | Date; status?: "received" },
) {
	await ctx.db.updateTable("sessions").set(values).where("id", "=", id).execute();
}

describe("the fast answer to a file sent again", () => {
	it("answers the recorded session and the file, unchanged, and tells the listeners", async () => {
		const { input, fileKey, first } = await processed();
		const uploads: unknown[] = [];
		const onUpload = (message: unknown) => uploads.push(message);
		subscribe(UPLOAD_CHANNEL, onUpload);
		try {
			const found = await ingest.findUnchanged(fileKey, input.sha256);
			expect(found).not.toBeNull();
			expect(uploads).toEqual([]);
			expect(found!.answer(1234)).toEqual({
				session: { id: first.session.id, status: "processed", version: 1, error: null },
				file: { name: "lap.six", size: 1234, sha256: input.sha256, changed: false },
			});
			expect(uploads).toEqual([{ file: "lap.six", bytes: 1234, changed: false }]);
		} finally {
			unsubscribe(UPLOAD_CHANNEL, onUpload);
		}
	});

	it("finds the file whatever case the logger writes its SHA-256 in, and answers it in lower case", async () => {
		const { input, fileKey } = await processed();
		const found = await ingest.findUnchanged(fileKey, input.sha256.toUpperCase());
		expect(found?.answer(input.bytes.length).file.sha256).toBe(input.sha256);
	});

	it("looks only at the session of the file's day", async () => {
		const { input } = await processed();
		const otherDay = sessionKeyOrThrow(newKey(), "lap.six");
		expect(await ingest.findUnchanged(otherDay, input.sha256)).toBeNull();
	});

	it("is not given for bytes the session does not record, even when storage holds them", async () => {
		// A crash after the put and before the commit: storage holds bytes the row does not name.
		const { key, objectKey, fileKey } = await processed();
		const other = fileInput(key, "lap.six", newer.lapSix);
		await ctx.storage.put(objectKey, other.bytes, { sha256: other.sha256 });
		expect(await ingest.findUnchanged(fileKey, other.sha256)).toBeNull();
	});

	it("is not given while an ingest of the session is pending", async () => {
		const { input, fileKey, first } = await processed();
		await setSession(first.session.id, { pending_since: new Date() });
		expect(await ingest.findUnchanged(fileKey, input.sha256)).toBeNull();
	});

	it("is not given for a session still received, even when not marked pending", async () => {
		const { input, fileKey, first } = await processed();
		await setSession(first.session.id, { status: "received", pending_since: null });
		expect(await ingest.findUnchanged(fileKey, input.sha256)).toBeNull();
	});

	it("is not given for a session of the logger's previous owner", async () => {
		await createHardware(ctx.db, "HW-MOVED", (await ctx.createUser()).id);
		const { input, fileKey } = await processed("HW-MOVED");
		await moveHardware(ctx.db, "HW-MOVED", (await ctx.createUser()).id);
		expect(await ingest.findUnchanged(fileKey, input.sha256)).toBeNull();
	});

	it("is given for a session recorded when the logger had no owner", async () => {
		await createHardware(ctx.db, "HW-STOCK", null);
		const { input, fileKey } = await processed("HW-STOCK");
		await moveHardware(ctx.db, "HW-STOCK", (await ctx.createUser()).id);
		expect(await ingest.findUnchanged(fileKey, input.sha256)).not.toBeNull();
	});

	it("is not given when storage lost the file", async () => {
		const { input, fileKey, objectKey } = await processed();
		await ctx.storage.delete(objectKey);
		expect(await ingest.findUnchanged(fileKey, input.sha256)).toBeNull();
	});

	it("is not given when storage holds other bytes than the recorded ones", async () => {
		const { key, input, fileKey, objectKey } = await processed();
		const other = fileInput(key, "lap.six", newer.lapSix);
		await ctx.storage.put(objectKey, other.bytes, { sha256: other.sha256 });
		expect(await ingest.findUnchanged(fileKey, input.sha256)).toBeNull();
	});
});
