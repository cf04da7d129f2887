import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type OrderForeignKey, type OrderTable, orderTables, TableOrderError } from "./table-order";

const table = (name: string, nullable: string[] = []): OrderTable => ({ name, nullable });
const fk = (from: string, columns: string[], references: string): OrderForeignKey => ({
	table: from,
	columns,
	references,
});

/** Every key not deferred points to a table inserted before (or the same table). */
function satisfied(
	order: string[],
	deferred: Map<string, string[]>,
	keys: readonly OrderForeignKey[],
) {
	return keys.every((key) => {
		if (key.columns.every((c) => deferred.get(key.table)?.includes(c))) return true;
		return order.indexOf(key.references) <= order.indexOf(key.table);
	});
}

describe("orderTables", () => {
	it("puts referenced tables first", () => {
		const result = orderTables(
			[table("laps"), table("sessions"), table("hardware")],
			[fk("laps", ["session_id"], "sessions"), fk("sessions", ["hardware_id"], "hardware")],
		);
		expect(result.order).toEqual(["hardware", "sessions", "laps"]);
		expect(result.deferred.size).toBe(0);
	});

	it("defers a nullable self reference", () => {
		const result = orderTables(
			[table("users", ["seller_id"])],
			[fk("users", ["seller_id"], "users")],
		);
		expect(result.order).toEqual(["users"]);
		expect(result.deferred.get("users")).toEqual(["seller_id"]);
	});

	it("breaks the users <-> hardware cycle at one table, deferring only the keys on the cycle", () => {
		const tables = [
			table("users", ["seller_id", "hardware_id"]),
			table("hardware", ["owner_id", "seller_id"]),
			table("audit_log", ["actor_id"]),
			table("sessions", ["rider_id"]),
		];
		const keys = [
			fk("users", ["seller_id"], "users"),
			fk("users", ["hardware_id"], "hardware"),
			fk("hardware", ["owner_id"], "users"),
			fk("hardware", ["seller_id"], "users"),
			fk("audit_log", ["actor_id"], "users"),
			fk("sessions", ["hardware_id"], "hardware"),
			fk("sessions", ["rider_id"], "users"),
		];
		const result = orderTables(tables, keys);
		expect(result.deferred.get("hardware")).toEqual(["owner_id", "seller_id"]);
		expect(result.deferred.get("users")).toEqual(["seller_id"]);
		expect(result.deferred.has("audit_log")).toBe(false);
		expect(result.deferred.has("sessions")).toBe(false);
		expect(satisfied(result.order, result.deferred, keys)).toBe(true);
	});

	it("breaks a cycle where only one side accepts NULL on that side", () => {
		const result = orderTables(
			[table("a"), table("b", ["a_id"])],
			[fk("a", ["b_id"], "b"), fk("b", ["a_id"], "a")],
		);
		expect(result.deferred.get("b")).toEqual(["a_id"]);
		expect(result.order).toEqual(["b", "a"]);
	});

	it("refuses a cycle of NOT NULL keys, naming the tables", () => {
		expect(() =>
			orderTables([table("a"), table("b")], [fk("a", ["b_id"], "b"), fk("b", ["a_id"], "a")]),
		).toThrow(TableOrderError);
		expect(() =>
			orderTables([table("a"), table("b")], [fk("a", ["b_id"], "b"), fk("b", ["a_id"], "a")]),
		).toThrow(/a, b/);
	});

	it("ignores keys to tables outside the set", () => {
		const result = orderTables([table("a")], [fk("a", ["x_id"], "elsewhere")]);
		expect(result.order).toEqual(["a"]);
	});

	it("orders any graph of nullable keys so that every key not deferred is satisfied", () => {
		const names = ["t0", "t1", "t2", "t3", "t4", "t5"];
		const arbitraryKeys = fc.array(
			fc.record({
				from: fc.constantFrom(...names),
				to: fc.constantFrom(...names),
				column: fc.constantFrom("c0", "c1", "c2"),
			}),
			{ maxLength: 14 },
		);
		fc.assert(
			fc.property(arbitraryKeys, (raw) => {
				const keys = raw.map((k) => fk(k.from, [`${k.column}_${k.to}`], k.to));
				const tables = names.map((name) =>
					table(
						name,
						keys.filter((k) => k.table === name).flatMap((k) => k.columns),
					),
				);
				const result = orderTables(tables, keys);
				expect([...result.order].sort()).toEqual(names);
				expect(satisfied(result.order, result.deferred, keys)).toBe(true);
			}),
		);
	});
});
