import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/database";
import { AppError } from "../errors";
import { createTestDatabase } from "../test/test-database";
import { CLI_ACTOR, createAuditService, runAudited } from "./audit-service";

let handle: DatabaseHandle;
beforeAll(async () => {
	handle = await createTestDatabase();
});
afterAll(() => handle.close());

const countRows = async (table: "audit_log" | "hardware") =>
	Number(
		(
			await handle.db
				.selectFrom(table)
				.select((eb) => eb.fn.countAll<string>().as("n"))
				.executeTakeFirstOrThrow()
		).n,
	);

describe("runAudited", () => {
	it("writes the change and its audit row together", async () => {
		await runAudited(handle.db, CLI_ACTOR, async (tx) => {
			await tx.trx.insertInto("hardware").values({ id: "A1" }).execute();
			await tx.record({
				action: "hardware.register",
				targetType: "hardware",
				targetId: "A1",
				details: { after: {} },
			});
		});
		const entry = await handle.db.selectFrom("audit_log").selectAll().executeTakeFirstOrThrow();
		expect(entry).toMatchObject({
			actor_id: null,
			actor_label: "cli",
			action: "hardware.register",
			target_id: "A1",
		});
	});

	it("keeps neither the change nor the audit row when the work fails after both", async () => {
		const [hardware, audit] = [await countRows("hardware"), await countRows("audit_log")];
		await expect(
			runAudited(handle.db, CLI_ACTOR, async (tx) => {
				await tx.trx.insertInto("hardware").values({ id: "A2" }).execute();
				await tx.record({
					action: "hardware.register",
					targetType: "hardware",
					targetId: "A2",
					details: {},
				});
				throw new Error("boom");
			}),
		).rejects.toThrow("boom");
		expect([await countRows("hardware"), await countRows("audit_log")]).toEqual([hardware, audit]);
	});

	it("keeps no change when its audit row cannot be written", async () => {
		const hardware = await countRows("hardware");
		const ghost = { id: "00000000-0000-4000-8000-000000000000", label: "ghost@example.com" };
		// actor_id references users: an unknown actor makes the audit insert fail.
		await expect(
			runAudited(handle.db, ghost, async (tx) => {
				await tx.trx.insertInto("hardware").values({ id: "A3" }).execute();
				await tx.record({
					action: "hardware.register",
					targetType: "hardware",
					targetId: "A3",
					details: {},
				});
			}),
		).rejects.toThrow();
		expect(await countRows("hardware")).toBe(hardware);
	});

	it("turns a unique violation (a change that lost a race) into a 409", async () => {
		const error = await runAudited(handle.db, CLI_ACTOR, async (tx) => {
			await tx.trx.insertInto("hardware").values({ id: "A1" }).execute();
		}).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(AppError);
		expect((error as AppError).statusCode).toBe(409);
	});
});

describe("listing the audit log", () => {
	it("lists newest first, limits, and pages back with beforeId", async () => {
		for (let i = 0; i < 5; i++) {
			await runAudited(handle.db, CLI_ACTOR, (tx) =>
				tx.record({
					action: "hardware.rename",
					targetType: "hardware",
					targetId: `P${i}`,
					details: { n: i },
				}),
			);
		}
		const service = createAuditService(handle.db);
		const first = await service.listLatest(2);
		expect(first.map((e) => e.targetId)).toEqual(["P4", "P3"]);
		expect(first[0]).toMatchObject({ actorLabel: "cli", actorId: null, details: { n: 4 } });
		expect(first[0]?.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
		const next = await service.listLatest(2, first[1]?.id);
		expect(next.map((e) => e.targetId)).toEqual(["P2", "P1"]);
	});
});
