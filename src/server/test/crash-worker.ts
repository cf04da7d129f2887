/**
 * Child process of the crash test: opens a PGlite data dir and filesystem storage, uploads one
 * file through the ingest and says where it is on stdout ("ready" just before the upload,
 * "done" after it), so the parent can SIGKILL it anywhere in between.
 *
 * Usage: tsx crash-worker.ts <dataDir> <objectsDir> <hardwareId> <track> <ddmmyyyy> <file> <name>
 */
import { readFile } from "node:fs/promises";
import { openPglite } from "../db/database";
import { createIngestService } from "../ingest/ingest-service";
import { sha256Hex } from "../ingest/session-files";
import { sessionKeyOrThrow } from "../ingest/session-key";
import { FilesystemStorage } from "../storage/filesystem-storage";

const [dataDir, objectsDir, hardwareId, track, date, filePath, fileName] = process.argv.slice(2);
if (!dataDir || !objectsDir || !hardwareId || !track || !date || !filePath) {
	process.stderr.write("crash-worker: missing arguments\n");
	process.exit(2);
}
if (fileName !== "lap.six" && fileName !== "gps.six") process.exit(2);
const bytes = await readFile(filePath);
const handle = await openPglite(dataDir);
const ingest = createIngestService({ db: handle.db, storage: new FilesystemStorage(objectsDir) });
process.stdout.write("ready\n");
const result = await ingest.acceptFile({
	key: sessionKeyOrThrow({ hardwareId, track, date }, fileName),
	bytes,
	sha256: sha256Hex(bytes),
});
process.stdout.write(`done ${JSON.stringify(result.session)}\n`);
await handle.close();
