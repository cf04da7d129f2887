import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPglite } from "./database";
import { migrate } from "./migrate";

describe("PGlite connection serialisation", () => {
	let handle: DatabaseHandle;
	beforeAll(async () => {
		handle = await openPglite(undefined);
		await migrate(handle.db);
	});
	afterAll(() => handle.close());

	it("keeps concurrent transactions apart: one rollback does not discard another's writes", async () => {
		const { db } = handle;
		const results = await Promise.allSettled(
			Array.from({ length: 20 }, (_, i) =>
				db.transaction().execute(async (trx) => {
					await trx
						.insertInto("hardware")
						.values({ id: `T${i}` })
						.execute();
					await sql`SELECT pg_sleep(0.001)`.execute(trx);
					if (i % 2 === 1) throw new Error(`rollback ${i}`);
				}),
			),
		);
		expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
		const ids = (
			await db.selectFrom("hardware").select("id").where("id", "like", "T%").execute()
		).map((r) => r.id);
		expect(ids.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `T${i * 2}`).sort());
	});

	it("lets plain queries run between transactions", async () => {
		const { db } = handle;
		const [a, b] = await Promise.all([
			db
				.transaction()
				.execute(async (trx) => (await sql<{ n: number }>`SELECT 1 AS n`.execute(trx)).rows[0]?.n),
			sql<{ n: number }>`SELECT 2 AS n`.execute(db).then((r) => r.rows[0]?.n),
		]);
		expect([a, b]).toEqual([1, 2]);
	});
});
