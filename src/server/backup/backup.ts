import { createHash, createHmac } from "node:crypto";
import { existsSync } from "node:fs";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { isStagedUploadObject } from "../device/tus-datastore";
import {
	beginSnapshot,
	closeCursor,
	declareRowCursor,
	fetchRows,
	listForeignKeys,
	listSequences,
	listTables,
} from "../repositories/backup-repository";
import type { ObjectStorage } from "../storage/object-storage";
import {
	ARCHIVE_FORMAT,
	ARCHIVE_VERSION,
	ArchiveWriter,
	BackupError,
	OBJECT_CHUNK_BYTES,
} from "./archive";
import { orderTables } from "./table-order";

export interface BackupDeps {
	db: Kysely<Database>;
	storage: ObjectStorage;
	/** Migrations applied to the database: a restore refuses an archive newer than its code. */
	migrations: readonly string[];
	secretKey: Buffer;
	source: { database: string; storage: string };
}

export interface BackupSummary {
	tables: number;
	rows: number;
	objects: number;
	objectBytes: number;
}

const FETCH_ROWS = 500;

/**
 * Tells a restore whether it runs with the key the data was encrypted with (Wi-Fi passwords,
 * sign-in cookies) without putting the key in the archive.
 */
export function secretKeyCheck(secretKey: Buffer): string {
	return createHmac("sha256", secretKey).update("lapsix-backup secret key check").digest("hex");
}

/**
 * Writes the database (one consistent snapshot) and then every stored object to FILE. Objects
 * are listed after the snapshot, so each object a row names is in the archive.
 */
export async function writeBackup(deps: BackupDeps, file: string): Promise<BackupSummary> {
	if (existsSync(file)) throw new BackupError(`o arquivo ${file} já existe: escolha outro nome`);
	const writer = await ArchiveWriter.create(file);
	try {
		await writer.write({
			format: ARCHIVE_FORMAT,
			version: ARCHIVE_VERSION,
			createdAt: new Date().toISOString(),
			migrations: deps.migrations,
			source: deps.source,
			secretKeyCheck: secretKeyCheck(deps.secretKey),
		});
		const summary = await writeDatabase(deps.db, writer);
		const objects = await writeObjects(deps.storage, writer);
		const done = { ...summary, ...objects };
		await writer.write({ end: done });
		await writer.finish();
		return done;
	} catch (error) {
		await writer.abort();
		throw error;
	}
}

async function writeDatabase(db: Kysely<Database>, writer: ArchiveWriter) {
	return db
		.transaction()
		.setIsolationLevel("repeatable read")
		.execute(async (trx) => {
			await beginSnapshot(trx);
			const tables = await listTables(trx);
			const plan = orderTables(
				tables.map((table) => ({
					name: table.name,
					nullable: table.columns.filter((c) => !c.notNull).map((c) => c.name),
				})),
				await listForeignKeys(trx),
			);
			const byName = new Map(tables.map((table) => [table.name, table]));
			let rows = 0;
			for (const name of plan.order) {
				const table = byName.get(name)!;
				const deferred = plan.deferred.get(name) ?? [];
				await writer.write({
					table: {
						name,
						columns: table.columns.map((c) => ({ name: c.name, type: c.type })),
						primaryKey: table.primaryKey,
						deferred,
					},
				});
				const count = await copyCursor(trx, writer, "lapsix_backup_rows", (cursor) =>
					declareRowCursor(trx, cursor, table),
				);
				rows += count;
				await writer.write({ tableEnd: { name, rows: count } });
			}
			for (const name of plan.order) {
				const deferred = plan.deferred.get(name);
				if (!deferred) continue;
				const table = byName.get(name)!;
				if (table.primaryKey.length === 0) {
					throw new BackupError(
						`a tabela ${name} tem chaves estrangeiras em ciclo e não tem chave primária: não é possível restaurá-la`,
					);
				}
				await writer.write({ fixes: { table: name, key: table.primaryKey, columns: deferred } });
				const count = await copyCursor(trx, writer, "lapsix_backup_fixes", (cursor) =>
					declareRowCursor(trx, cursor, table, {
						only: [...table.primaryKey, ...deferred],
						nonNull: deferred,
					}),
				);
				await writer.write({ fixesEnd: { table: name, rows: count } });
			}
			for (const sequence of await listSequences(trx)) {
				await writer.write({ sequence });
			}
			return { tables: plan.order.length, rows };
		});
}

async function copyCursor(
	trx: Kysely<Database>,
	writer: ArchiveWriter,
	cursor: string,
	declare: (cursor: string) => Promise<void>,
): Promise<number> {
	await declare(cursor);
	let count = 0;
	for (;;) {
		const batch = await fetchRows(trx, cursor, FETCH_ROWS);
		for (const row of batch) await writer.write(`{"r":${row}}`);
		count += batch.length;
		if (batch.length < FETCH_ROWS) break;
	}
	await closeCursor(trx, cursor);
	return count;
}

async function writeObjects(storage: ObjectStorage, writer: ArchiveWriter) {
	let objects = 0;
	let objectBytes = 0;
	let pageToken: string | undefined;
	do {
		const page = await storage.list("", pageToken ? { pageToken } : {});
		for (const listed of page.objects) {
			// A resumable upload in progress is not data yet: the logger sends it again.
			if (isStagedUploadObject(listed.key)) continue;
			const head = await storage.head(listed.key);
			// Deleted since it was listed: it was not part of the snapshot's data either.
			if (!head) continue;
			const sha256 = head.sha256 ?? (await hashObject(storage, listed.key));
			if (sha256 === null) continue;
			await writer.write({
				object: {
					key: listed.key,
					size: head.size,
					sha256,
					...(head.contentType ? { contentType: head.contentType } : {}),
				},
			});
			const written = await copyObject(storage, listed.key, writer);
			if (written.sha256 !== sha256 || written.size !== head.size) {
				throw new BackupError(
					`o objeto ${listed.key} mudou durante o backup ou está corrompido (SHA-256 ${written.sha256}, esperado ${sha256}): rode o backup de novo`,
				);
			}
			await writer.write({ objectEnd: { key: listed.key } });
			objects += 1;
			objectBytes += written.size;
		}
		pageToken = page.nextPageToken;
	} while (pageToken);
	return { objects, objectBytes };
}

async function hashObject(storage: ObjectStorage, key: string): Promise<string | null> {
	const stream = await storage.getStream(key);
	if (!stream) return null;
	const hash = createHash("sha256");
	for await (const chunk of stream as AsyncIterable<Buffer>) hash.update(chunk);
	return hash.digest("hex");
}

/** Streams the object as base64 chunk lines of OBJECT_CHUNK_BYTES. */
async function copyObject(storage: ObjectStorage, key: string, writer: ArchiveWriter) {
	const stream = await storage.getStream(key);
	if (!stream) throw new BackupError(`o objeto ${key} sumiu durante o backup: rode-o de novo`);
	const hash = createHash("sha256");
	let size = 0;
	let pending: Buffer[] = [];
	let pendingBytes = 0;
	const flush = async () => {
		if (pendingBytes === 0) return;
		await writer.write(`{"c":"${Buffer.concat(pending).toString("base64")}"}`);
		pending = [];
		pendingBytes = 0;
	};
	for await (const chunk of stream as AsyncIterable<Buffer>) {
		hash.update(chunk);
		size += chunk.length;
		let rest = chunk;
		while (rest.length > 0) {
			const take = Math.min(rest.length, OBJECT_CHUNK_BYTES - pendingBytes);
			pending.push(rest.subarray(0, take));
			pendingBytes += take;
			rest = rest.subarray(take);
			if (pendingBytes === OBJECT_CHUNK_BYTES) await flush();
		}
	}
	await flush();
	return { sha256: hash.digest("hex"), size };
}
