/**
 * The order in which a restore inserts tables so that every foreign key finds its row: a table
 * after the tables it references. Foreign keys that form a cycle (a table referencing itself,
 * or users -> hardware -> users) cannot be ordered: one nullable foreign key of each cycle is
 * "deferred": its columns are inserted NULL and set afterwards, once every table is loaded.
 */

export interface OrderTable {
	name: string;
	/** Columns that accept NULL. */
	nullable: readonly string[];
}

export interface OrderForeignKey {
	table: string;
	columns: readonly string[];
	references: string;
}

export interface TableOrder {
	order: string[];
	/** Per table, the columns inserted NULL then set once every table is loaded. */
	deferred: Map<string, string[]>;
}

export class TableOrderError extends Error {
	override name = "TableOrderError";
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function orderTables(
	tables: readonly OrderTable[],
	foreignKeys: readonly OrderForeignKey[],
): TableOrder {
	const known = new Map(tables.map((t) => [t.name, new Set(t.nullable)]));
	// Only keys between the tables being ordered count.
	const keys = foreignKeys.filter((fk) => known.has(fk.table) && known.has(fk.references));
	const isNullable = (fk: OrderForeignKey) =>
		fk.columns.every((column) => known.get(fk.table)?.has(column));
	const deferredKeys = new Set<OrderForeignKey>(
		// A row may reference another row of its own table inserted later in the same load.
		keys.filter((fk) => fk.table === fk.references && isNullable(fk)),
	);

	const remaining = new Set(known.keys());
	const order: string[] = [];
	const blockers = (table: string) =>
		keys.filter(
			(fk) =>
				fk.table === table &&
				fk.references !== table &&
				!deferredKeys.has(fk) &&
				remaining.has(fk.references),
		);
	while (remaining.size > 0) {
		const ready = [...remaining].filter((table) => blockers(table).length === 0).sort(byName);
		if (ready.length > 0) {
			for (const table of ready) {
				order.push(table);
				remaining.delete(table);
			}
			continue;
		}
		// A cycle: break it at the first table (by name) on a cycle whose keys along the cycle
		// all accept NULL, deferring only those keys.
		const reaches = (from: string, target: string) => {
			const seen = new Set<string>();
			const stack = [from];
			while (stack.length > 0) {
				const table = stack.pop() as string;
				if (table === target) return true;
				if (seen.has(table)) continue;
				seen.add(table);
				for (const fk of blockers(table)) stack.push(fk.references);
			}
			return false;
		};
		const cyclicBlockers = (table: string) =>
			blockers(table).filter((fk) => reaches(fk.references, table));
		const breakable = [...remaining].sort(byName).find((table) => {
			const cyclic = cyclicBlockers(table);
			return cyclic.length > 0 && cyclic.every(isNullable);
		});
		if (!breakable) {
			throw new TableOrderError(
				`as chaves estrangeiras das tabelas ${[...remaining].sort(byName).join(", ")} formam um ciclo sem coluna que aceite NULL`,
			);
		}
		for (const fk of cyclicBlockers(breakable)) deferredKeys.add(fk);
	}

	const deferred = new Map<string, string[]>();
	for (const fk of deferredKeys) {
		const columns = deferred.get(fk.table) ?? [];
		for (const column of fk.columns) if (!columns.includes(column)) columns.push(column);
		deferred.set(fk.table, columns);
	}
	return { order, deferred };
}
