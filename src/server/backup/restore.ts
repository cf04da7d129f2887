import { createHash, timingSafeEqual } from "node:crypto";
import { once } from "node:events";
import { PassThrough } from "node:stream";
import type { Kysely } from "kysely";
import { z } from "zod";
import { type Migration, migrate } from "../db/migrate";
import type { Database } from "../db/schema";
import {
	type CatalogColumn,
	type CatalogTable,
	insertRows,
	listAppliedMigrations,
	listTables,
	lockAndFindNonEmpty,
	setDeferredColumns,
	setSequence,
} from "../repositories/backup-repository";
import type { ObjectStorage } from "../storage/object-storage";
import {
	ARCHIVE_FORMAT,
	ARCHIVE_VERSION,
	type ArchiveLine,
	BackupError,
	readArchiveLines,
} from "./archive";
import { secretKeyCheck } from "./backup";

export interface RestoreDeps {
	db: Kysely<Database>;
	storage: ObjectStorage;
	/** The migrations this code knows, in order. */
	migrations: readonly Migration[];
	secretKey: Buffer;
}

export interface RestoreSummary {
	tables: number;
	rows: number;
	objects: number;
	objectBytes: number;
	/** Migrations applied after the data was loaded (the archive was of an older version). */
	migrationsApplied: string[];
}

const headerSchema = z.object({
	format: z.literal(ARCHIVE_FORMAT),
	version: z.literal(ARCHIVE_VERSION),
	createdAt: z.string(),
	migrations: z.array(z.string()),
	secretKeyCheck: z.string(),
	source: z.object({ database: z.string(), storage: z.string() }).optional(),
});

const recordSchema = z.union([
	z.object({
		table: z.object({
			name: z.string(),
			columns: z.array(z.object({ name: z.string(), type: z.string() })),
			primaryKey: z.array(z.string()),
			deferred: z.array(z.string()),
		}),
	}),
	z.object({ tableEnd: z.object({ name: z.string(), rows: z.number().int().nonnegative() }) }),
	z.object({
		fixes: z.object({ table: z.string(), key: z.array(z.string()), columns: z.array(z.string()) }),
	}),
	z.object({ fixesEnd: z.object({ table: z.string(), rows: z.number().int().nonnegative() }) }),
	z.object({ sequence: z.object({ name: z.string(), value: z.string().nullable() }) }),
	z.object({
		object: z.object({
			key: z.string(),
			size: z.number().int().nonnegative(),
			sha256: z.string().regex(/^[0-9a-f]{64}$/),
			contentType: z.string().optional(),
		}),
	}),
	z.object({ objectEnd: z.object({ key: z.string() }) }),
	z.object({
		end: z.object({
			tables: z.number().int().nonnegative(),
			rows: z.number().int().nonnegative(),
			objects: z.number().int().nonnegative(),
			objectBytes: z.number().int().nonnegative(),
		}),
	}),
]);

type ArchiveRecord = z.infer<typeof recordSchema>;

const BATCH_ROWS = 500;
const BATCH_BYTES = 4 * 1024 * 1024;

/**
 * Loads an archive into an EMPTY database (either engine) and storage (either kind). The
 * database is first migrated to the archive's version, then loaded in ONE transaction, which
 * commits only once every row is in and every object is stored with its SHA-256 verified; then
 * the migrations the archive predates are applied. A failure leaves the database empty (objects
 * already stored stay; the next restore writes them again).
 */
export async function restoreBackup(deps: RestoreDeps, file: string): Promise<RestoreSummary> {
	const lines = readArchiveLines(file);
	try {
		const first = await lines.next();
		if (first.done) throw new BackupError("o arquivo está vazio");
		const header = parseHeader(first.value, deps);
		await prepareSchema(deps, header.migrations);
		const summary = await deps.db.transaction().execute(async (trx) => {
			const tables = new Map((await listTables(trx)).map((table) => [table.name, table]));
			const nonEmpty = await lockAndFindNonEmpty(trx, [...tables.keys()]);
			if (nonEmpty.length > 0) {
				throw new BackupError(
					`o banco de destino não está vazio (tabelas com dados: ${nonEmpty.join(", ")}): restaure num banco novo`,
				);
			}
			return new ArchiveLoader(trx, deps.storage, tables).load(lines);
		});
		const migrationsApplied = await migrate(deps.db, [...deps.migrations]);
		return { ...summary, migrationsApplied };
	} finally {
		await lines.return(undefined);
	}
}

export type ArchiveCheckDeps = Pick<RestoreDeps, "migrations" | "secretKey">;

/**
 * Reads the archive's header and refuses what this lapsix cannot restore (not an archive, a
 * newer format or schema, another secret key) before any database is opened.
 */
export async function checkArchive(file: string, deps: ArchiveCheckDeps) {
	const lines = readArchiveLines(file);
	try {
		const first = await lines.next();
		if (first.done) throw new BackupError("o arquivo está vazio");
		return parseHeader(first.value, deps);
	} finally {
		await lines.return(undefined);
	}
}

function parseHeader(line: ArchiveLine, deps: ArchiveCheckDeps) {
	let parsed: unknown;
	try {
		parsed = JSON.parse(line.text);
	} catch {
		throw new BackupError("o arquivo não é um backup lapsix (linha 1 não é JSON)");
	}
	const header = headerSchema.safeParse(parsed);
	if (!header.success) {
		const format = (parsed as { format?: unknown } | null)?.format;
		const version = (parsed as { version?: unknown } | null)?.version;
		if (format === ARCHIVE_FORMAT && typeof version === "number" && version > ARCHIVE_VERSION)
			throw new BackupError(
				`o backup usa o formato ${version}, mais novo que este lapsix (${ARCHIVE_VERSION}): atualize o lapsix`,
			);
		throw new BackupError("o arquivo não é um backup lapsix (cabeçalho inválido na linha 1)");
	}
	const known = deps.migrations.map((m) => m.name);
	const archived = header.data.migrations;
	const unknown = archived.find((name, i) => known[i] !== name);
	if (unknown !== undefined || archived.length > known.length) {
		throw new BackupError(
			`o backup é de um esquema mais novo (migração ${unknown ?? archived[archived.length - 1]} desconhecida): atualize o lapsix antes de restaurar`,
		);
	}
	const expected = Buffer.from(secretKeyCheck(deps.secretKey), "hex");
	const actual = Buffer.from(header.data.secretKeyCheck, "hex");
	if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
		throw new BackupError(
			"a SECRET_KEY deste lapsix não é a da instalação de origem: as senhas de Wi-Fi e os acessos gravados ficariam ilegíveis. Use a mesma chave (SECRET_KEY, ou SECRET_KEY_FILE com o arquivo secret.key da origem)",
		);
	}
	return header.data;
}

/** Brings the target to exactly the archive's migrations, refusing one already past them. */
async function prepareSchema(deps: RestoreDeps, archived: readonly string[]): Promise<void> {
	const applied = await listAppliedMigrations(deps.db);
	const ahead = applied.find((name, i) => archived[i] !== name);
	if (ahead !== undefined) {
		throw new BackupError(
			`o banco de destino já tem a migração ${ahead}, que o backup não tem: restaure num banco novo, ou atualize a origem e faça outro backup`,
		);
	}
	await migrate(
		deps.db,
		deps.migrations.filter((m) => archived.includes(m.name)),
	);
}

interface OpenTable {
	table: CatalogTable;
	columns: CatalogColumn[];
	deferred: string[];
	/** Set for a fixes section: the key and the deferred columns. */
	fixes?: { key: CatalogColumn[]; columns: CatalogColumn[] };
	expectedRows?: number;
	batch: string[];
	batchBytes: number;
	rows: number;
}

interface OpenObject {
	key: string;
	size: number;
	sha256: string;
	hash: ReturnType<typeof createHash>;
	received: number;
	body: PassThrough;
	stored: Promise<unknown>;
}

class ArchiveLoader {
	private section: OpenTable | null = null;
	private object: OpenObject | null = null;
	private readonly loadedTables = new Set<string>();
	private rows = 0;
	private objects = 0;
	private objectBytes = 0;
	private line = 0;

	constructor(
		private readonly trx: Kysely<Database>,
		private readonly storage: ObjectStorage,
		private readonly tables: Map<string, CatalogTable>,
	) {}

	async load(lines: AsyncGenerator<ArchiveLine>) {
		for await (const { number, text } of lines) {
			this.line = number;
			if (text.startsWith('{"r":')) {
				await this.row(text.slice(5, -1));
				continue;
			}
			if (text.startsWith('{"c":"')) {
				await this.chunk(text.slice(6, -2));
				continue;
			}
			const record = this.parse(text);
			if ("end" in record) {
				this.finishEnd(record.end);
				const extra = await lines.next();
				if (!extra.done) this.fail("há dados depois do fim do backup");
				return {
					tables: this.loadedTables.size,
					rows: this.rows,
					objects: this.objects,
					objectBytes: this.objectBytes,
				};
			}
			await this.record(record);
		}
		throw new BackupError(
			`arquivo truncado: termina na linha ${this.line} sem o registro final (o backup não terminou?)`,
		);
	}

	private fail(message: string): never {
		throw new BackupError(`linha ${this.line}: ${message}`);
	}

	private parse(text: string): ArchiveRecord {
		let value: unknown;
		try {
			value = JSON.parse(text);
		} catch {
			this.fail("não é JSON");
		}
		const record = recordSchema.safeParse(value);
		if (!record.success) this.fail("registro desconhecido");
		return record.data;
	}

	private async record(record: Exclude<ArchiveRecord, { end: unknown }>): Promise<void> {
		if (this.object && !("objectEnd" in record)) this.fail("objeto sem fim");
		if (this.section && !("tableEnd" in record) && !("fixesEnd" in record))
			this.fail("tabela sem fim");
		if ("table" in record) return this.openTable(record.table);
		if ("tableEnd" in record) return this.closeSection(record.tableEnd.name, record.tableEnd.rows);
		if ("fixes" in record) return this.openFixes(record.fixes);
		if ("fixesEnd" in record) return this.closeSection(record.fixesEnd.table, record.fixesEnd.rows);
		if ("sequence" in record) {
			if (record.sequence.value !== null)
				await setSequence(this.trx, record.sequence.name, record.sequence.value);
			return;
		}
		if ("object" in record) return this.openObject(record.object);
		return this.closeObject(record.objectEnd.key);
	}

	private targetTable(name: string): CatalogTable {
		const table = this.tables.get(name);
		if (!table) this.fail(`a tabela ${name} não existe no banco de destino`);
		return table;
	}

	private targetColumns(table: CatalogTable, names: readonly string[]): CatalogColumn[] {
		return names.map((name) => {
			const column = table.columns.find((c) => c.name === name);
			if (!column) this.fail(`a coluna ${table.name}.${name} não existe no banco de destino`);
			return column;
		});
	}

	private openTable(header: {
		name: string;
		columns: Array<{ name: string }>;
		deferred: string[];
	}): void {
		const table = this.targetTable(header.name);
		if (this.loadedTables.has(header.name)) this.fail(`a tabela ${header.name} aparece duas vezes`);
		this.loadedTables.add(header.name);
		const columns = this.targetColumns(
			table,
			header.columns.map((c) => c.name),
		);
		this.section = { table, columns, deferred: header.deferred, batch: [], batchBytes: 0, rows: 0 };
	}

	private openFixes(header: { table: string; key: string[]; columns: string[] }): void {
		const table = this.targetTable(header.table);
		if (!this.loadedTables.has(header.table))
			this.fail(`correções da tabela ${header.table} antes das suas linhas`);
		const fixes = {
			key: this.targetColumns(table, header.key),
			columns: this.targetColumns(table, header.columns),
		};
		if (fixes.key.length === 0) this.fail(`correções da tabela ${header.table} sem chave`);
		this.section = { table, columns: [], deferred: [], fixes, batch: [], batchBytes: 0, rows: 0 };
	}

	private async row(json: string): Promise<void> {
		const section = this.section;
		if (!section) this.fail("linha de dados fora de uma tabela");
		section.batch.push(json);
		section.batchBytes += json.length;
		if (section.batch.length >= BATCH_ROWS || section.batchBytes >= BATCH_BYTES) await this.flush();
	}

	private async flush(): Promise<void> {
		const section = this.section;
		if (!section || section.batch.length === 0) return;
		const rowsJson = `[${section.batch.join(",")}]`;
		const expected = section.batch.length;
		section.batch = [];
		section.batchBytes = 0;
		let written: number;
		try {
			written = section.fixes
				? await setDeferredColumns(
						this.trx,
						section.table.name,
						section.fixes.key,
						section.fixes.columns,
						rowsJson,
					)
				: await insertRows(
						this.trx,
						section.table.name,
						section.columns,
						section.deferred,
						rowsJson,
					);
		} catch (error) {
			this.fail(`tabela ${section.table.name}: ${(error as Error).message}`);
		}
		if (written !== expected) {
			this.fail(
				`tabela ${section.table.name}: ${written} de ${expected} linhas gravadas (chave não encontrada?)`,
			);
		}
		section.rows += written;
	}

	private async closeSection(name: string, rows: number): Promise<void> {
		const section = this.section;
		if (!section || section.table.name !== name) this.fail(`fim da tabela ${name} fora de lugar`);
		await this.flush();
		if (section.rows !== rows)
			this.fail(`a tabela ${name} deveria ter ${rows} linhas, o arquivo tem ${section.rows}`);
		if (!section.fixes) this.rows += rows;
		this.section = null;
	}

	private openObject(meta: { key: string; size: number; sha256: string; contentType?: string }) {
		const body = new PassThrough({ highWaterMark: 1024 * 1024 });
		const stored = this.storage.put(meta.key, body, {
			sha256: meta.sha256,
			...(meta.contentType ? { contentType: meta.contentType } : {}),
		});
		// Awaited at the object's end; meanwhile a failure only has to stop the writes.
		stored.catch(() => body.destroy());
		this.object = {
			key: meta.key,
			size: meta.size,
			sha256: meta.sha256,
			hash: createHash("sha256"),
			received: 0,
			body,
			stored,
		};
	}

	private async chunk(base64: string): Promise<void> {
		const object = this.object;
		if (!object) this.fail("dados de objeto fora de um objeto");
		const bytes = Buffer.from(base64, "base64");
		object.hash.update(bytes);
		object.received += bytes.length;
		if (object.received > object.size)
			this.fail(`o objeto ${object.key} tem mais bytes que os ${object.size} anunciados`);
		if (!object.body.write(bytes)) {
			await Promise.race([once(object.body, "drain"), object.stored]).catch((error: Error) =>
				this.fail(`objeto ${object.key}: ${error.message}`),
			);
		}
	}

	private async closeObject(key: string): Promise<void> {
		const object = this.object;
		if (!object || object.key !== key) this.fail(`fim do objeto ${key} fora de lugar`);
		object.body.end();
		const sha256 = object.hash.digest("hex");
		if (object.received !== object.size || sha256 !== object.sha256) {
			object.body.destroy();
			await object.stored.catch(() => {});
			this.fail(
				`o objeto ${key} não confere: ${object.received} bytes com SHA-256 ${sha256}, esperado ${object.size} bytes com ${object.sha256}`,
			);
		}
		await object.stored.catch((error: Error) => this.fail(`objeto ${key}: ${error.message}`));
		this.objects += 1;
		this.objectBytes += object.received;
		this.object = null;
	}

	private finishEnd(end: { tables: number; rows: number; objects: number; objectBytes: number }) {
		if (this.section || this.object) this.fail("o backup termina no meio de uma tabela ou objeto");
		const mismatch =
			end.tables !== this.loadedTables.size ||
			end.rows !== this.rows ||
			end.objects !== this.objects ||
			end.objectBytes !== this.objectBytes;
		if (mismatch) {
			this.fail(
				`o total do arquivo (${end.tables} tabelas, ${end.rows} linhas, ${end.objects} objetos) não confere com o lido (${this.loadedTables.size}, ${this.rows}, ${this.objects})`,
			);
		}
	}
}
