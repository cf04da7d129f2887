import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
	createAndLockSession,
	recordReceivedFile,
} from "../repositories/session-ingest-repository";
import { createTestLogger, lapFile, putSessionFile } from "../test/device-test-support";
import { createTestContext, type TestContext } from "../test/harness";
import { fileInput } from "../test/ingest-test-support";
import { createIngestService, MAX_RECOVERY_ATTEMPTS } from "./ingest-service";
import { sessionKeyOrThrow, sessionObjectKey } from "./session-key";

let ctx: TestContext;

beforeAll(async () => {
	ctx = await createTestContext();
	// The database refuses one battery text: a stand-in for any value the parser accepts and the
	// database cannot store, enforced by the real database at the real insert.
	await sql`ALTER TABLE laps ADD CONSTRAINT test_refused_battery CHECK (battery <> 'REFUSE')`.execute(
		ctx.db,
	);
});
afterAll(async () => {
	await ctx?.close();
});

async function sessionRow(id: string) {
	return ctx.db.selectFrom("sessions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

describe("ingest never fails silently", () => {
	it("marks the session failed with the reason when the database refuses the new version, shown in the API", async () => {
		const rider = await ctx.createUser();
		const logger = await createTestLogger(ctx, { ownerId: rider.id });
		const refused = Buffer.from(lapFile(3).toString("utf8").replaceAll("12.6V", "REFUSE"));
		const answer = await putSessionFile(ctx, logger, "Interlagos/01022024/lap.six", refused);
		expect(answer.statusCode).toBe(200);
		const body = answer.json();
		expect(body.session).toMatchObject({
			status: "failed",
			version: 0,
			error: expect.stringMatching(
				/^Erro ao gravar a nova versão da sessão: .*test_refused_battery/,
			),
		});
		const row = await sessionRow(body.session.id);
		expect(row.pending_since).toBeNull();
		expect(row.status).toBe("failed");

		const signedIn = await ctx.signIn(rider.id);
		const read = await ctx.request(signedIn, {
			method: "GET",
			url: `/api/sessions/${body.session.id}`,
		});
		expect(read.statusCode).toBe(200);
		expect(read.json().session).toMatchObject({ status: "failed", error: body.session.error });

		// A good file afterwards is applied and clears the error.
		const fixed = await putSessionFile(ctx, logger, "Interlagos/01022024/lap.six", lapFile(3));
		expect(fixed.json().session).toMatchObject({ status: "processed", version: 1, error: null });
		expect((await sessionRow(body.session.id)).error).toBeNull();
	});

	it("bounds the start-up retries of a pending session, then marks it failed with why", async () => {
		const ingest = createIngestService({ db: ctx.db, storage: ctx.storage });
		await ctx.db.insertInto("hardware").values({ id: "HW-RETRY", owner_id: null }).execute();
		const stuck = { hardwareId: "HW-RETRY", track: "Kart", date: "01022024" };
		const fresh = { hardwareId: "HW-RETRY", track: "Kart", date: "02022024" };
		const ids: string[] = [];
		// Both recorded but never parsed, as a crash during their ingest leaves them; the first
		// already crashed the process at every one of its allowed recoveries.
		for (const [key, isoDate] of [
			[stuck, "2024-02-01"],
			[fresh, "2024-02-02"],
		] as const) {
			const input = fileInput(key, "lap.six", lapFile(2));
			await ctx.db.transaction().execute(async (trx) => {
				const row = await createAndLockSession(trx, {
					hardwareId: key.hardwareId,
					track: key.track,
					isoDate,
				});
				await ctx.storage.put(sessionObjectKey(sessionKeyOrThrow(key, "lap.six")), input.bytes, {
					sha256: input.sha256,
				});
				await recordReceivedFile(
					trx,
					row!.id,
					"lap.six",
					sessionObjectKey(sessionKeyOrThrow(key, "lap.six")),
					input.sha256,
				);
				ids.push(row!.id);
			});
		}
		await ctx.db
			.updateTable("sessions")
			.set({ ingest_attempts: MAX_RECOVERY_ATTEMPTS })
			.where("id", "=", ids[0]!)
			.execute();

		expect(await ingest.recoverPending()).toBe(1);
		const gaveUp = await sessionRow(ids[0]!);
		expect(gaveUp).toMatchObject({ status: "failed", version: 0, pending_since: null });
		expect(gaveUp.error).toMatch(/tentado 3 vezes/);
		const recovered = await sessionRow(ids[1]!);
		expect(recovered).toMatchObject({ status: "processed", version: 1, ingest_attempts: 0 });
		// Nothing is left to retry at the next start.
		expect(await ingest.recoverPending()).toBe(0);
	});
});
