import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseGpsFile } from "../../domain/six/parse-gps";
import { FilesystemStorage } from "../storage/filesystem-storage";
import type { ObjectStorage } from "../storage/object-storage";
import { readForParse, readSessionFiles, sha256Hex } from "./session-files";

describe("readSessionFiles", () => {
	let dir: string;
	let storage: FilesystemStorage;
	const lap = new TextEncoder().encode("volta\n");
	const gps = new TextEncoder().encode("ponto\n");

	beforeAll(async () => {
		dir = await mkdtemp(join(tmpdir(), "lapsix-files-"));
		storage = new FilesystemStorage(dir);
		await storage.put("HW/P/01012025/lap.six", lap);
		await storage.put("HW/P/01012025/gps.six", gps);
	});
	afterAll(() => rm(dir, { recursive: true, force: true }));

	it("reads both files with the SHA-256 of the bytes read", async () => {
		const files = await readSessionFiles(storage, {
			lapObjectKey: "HW/P/01012025/lap.six",
			gpsObjectKey: "HW/P/01012025/gps.six",
		});
		expect(files.lap?.key).toBe("HW/P/01012025/lap.six");
		expect(Buffer.from(files.lap!.bytes).toString()).toBe("volta\n");
		expect(files.lap?.sha256).toBe(sha256Hex(lap));
		expect(Buffer.from(files.gps!.bytes).toString()).toBe("ponto\n");
		expect(files.gps!.sha256).toBe(sha256Hex(gps));
		expect(sha256Hex(lap)).toMatch(/^[0-9a-f]{64}$/);
	});

	it("gives null for a file the session has not recorded", async () => {
		const files = await readSessionFiles(storage, {
			lapObjectKey: "HW/P/01012025/lap.six",
			gpsObjectKey: null,
		});
		expect(files.gps).toBeNull();
		expect(files.lap?.key).toBe("HW/P/01012025/lap.six");
	});

	it("uses the file in hand for its own key only", async () => {
		const inHand = { key: "HW/P/01012025/lap.six", bytes: new Uint8Array([1]), sha256: "x" };
		const files = await readSessionFiles(
			storage,
			{ lapObjectKey: "HW/P/01012025/lap.six", gpsObjectKey: "HW/P/01012025/gps.six" },
			inHand,
		);
		expect(files.lap).toBe(inHand);
		expect(files.gps?.sha256).toBe(sha256Hex(gps));
	});

	it("fails, naming the key, when storage lost a recorded file", async () => {
		await expect(
			readSessionFiles(storage, { lapObjectKey: "HW/P/02012025/lap.six", gpsObjectKey: null }),
		).rejects.toThrow('objeto "HW/P/02012025/lap.six" não encontrado');
	});
});

const LAP_KEY = "HW/P/01012025/lap.six";
const GPS_KEY = "HW/P/01012025/gps.six";
const lapBytes = () => new TextEncoder().encode("volta\n");
const gpsBytes = () =>
	new TextEncoder().encode(
		"-23.7010978,-46.6997242|10.0|11|130000.00|0|0|12.8V|-0.7|-0.1|0\n" +
			"-23.7011000,-46.6997300|12.5|11|130000.04|0|0|12.8V|-0.6|-0.1|0\n",
	);

/**
 * Storage holding `objects` in memory. Its streams are `stream(bytes)` (a Node stream unless
 * told otherwise); `opened` lists the keys whose bytes were read whole and those streamed.
 */
function memoryStorage(
	objects: Record<string, Uint8Array>,
	stream: (bytes: Uint8Array) => unknown = (bytes) => Readable.from([bytes]),
) {
	const opened: string[] = [];
	const storage = {
		async get(key: string) {
			opened.push(`get ${key}`);
			return objects[key] ?? null;
		},
		async head(key: string) {
			const bytes = objects[key];
			return bytes === undefined ? null : { key, size: bytes.length, lastModified: new Date(0) };
		},
		async getStream(key: string) {
			opened.push(`stream ${key}`);
			const bytes = objects[key];
			return bytes === undefined ? null : stream(bytes);
		},
	} as unknown as ObjectStorage;
	return { storage, opened };
}

describe("readForParse", () => {
	it("reads lap.six whole and parses gps.six as it streams, with the SHA-256 of each", async () => {
		const { storage, opened } = memoryStorage({ [LAP_KEY]: lapBytes(), [GPS_KEY]: gpsBytes() });
		const read = await readForParse(
			storage,
			{ lapObjectKey: LAP_KEY, gpsObjectKey: GPS_KEY },
			undefined,
		);
		expect(read.facts).toEqual({
			lap: { key: LAP_KEY, sha256: sha256Hex(lapBytes()) },
			gps: { key: GPS_KEY, sha256: sha256Hex(gpsBytes()) },
		});
		expect(read.bytes).toEqual({
			lap: lapBytes(),
			gps: { parsed: parseGpsFile(gpsBytes()), sha256: sha256Hex(gpsBytes()), hasContent: true },
		});
		expect(opened.sort()).toEqual([`get ${LAP_KEY}`, `stream ${GPS_KEY}`]);
	});

	it("uses a gps.six in hand as it is, without reading storage", async () => {
		const { storage, opened } = memoryStorage({ [LAP_KEY]: lapBytes() });
		const inHand = { key: GPS_KEY, bytes: gpsBytes(), sha256: "sha of the bytes in hand" };
		const read = await readForParse(
			storage,
			{ lapObjectKey: LAP_KEY, gpsObjectKey: GPS_KEY },
			inHand,
		);
		expect(read.facts.gps).toEqual({ key: GPS_KEY, sha256: "sha of the bytes in hand" });
		expect(read.bytes.gps).toBe(inHand.bytes);
		expect(opened).toEqual([`get ${LAP_KEY}`]);
	});

	it("streams gps.six when the file in hand is another one", async () => {
		const { storage } = memoryStorage({ [GPS_KEY]: gpsBytes() });
		const inHand = { key: LAP_KEY, bytes: lapBytes(), sha256: "sha of the lap in hand" };
		const read = await readForParse(
			storage,
			{ lapObjectKey: LAP_KEY, gpsObjectKey: GPS_KEY },
			inHand,
		);
		expect(read.facts).toEqual({
			lap: { key: LAP_KEY, sha256: "sha of the lap in hand" },
			gps: { key: GPS_KEY, sha256: sha256Hex(gpsBytes()) },
		});
		expect(read.bytes.lap).toBe(inHand.bytes);
		expect(read.bytes.gps).toMatchObject({ parsed: parseGpsFile(gpsBytes()) });
	});

	it("gives null for a file the session has not recorded", async () => {
		const { storage } = memoryStorage({ [LAP_KEY]: lapBytes(), [GPS_KEY]: gpsBytes() });
		const lapOnly = await readForParse(
			storage,
			{ lapObjectKey: LAP_KEY, gpsObjectKey: null },
			undefined,
		);
		expect(lapOnly.facts.gps).toBeNull();
		expect(lapOnly.bytes).toEqual({ lap: lapBytes(), gps: null });
		const gpsOnly = await readForParse(
			storage,
			{ lapObjectKey: null, gpsObjectKey: GPS_KEY },
			undefined,
		);
		expect(gpsOnly.facts.lap).toBeNull();
		expect(gpsOnly.bytes.lap).toBeNull();
		expect(gpsOnly.facts.gps).toEqual({ key: GPS_KEY, sha256: sha256Hex(gpsBytes()) });
	});

	it("fails, naming the key, when storage lost gps.six or cannot stream it", async () => {
		const lost = memoryStorage({ [LAP_KEY]: lapBytes() }).storage;
		await expect(
			readForParse(lost, { lapObjectKey: LAP_KEY, gpsObjectKey: GPS_KEY }, undefined),
		).rejects.toThrow(`objeto "${GPS_KEY}" não encontrado`);
		const noStream = memoryStorage({ [GPS_KEY]: gpsBytes() }, () => null).storage;
		await expect(
			readForParse(noStream, { lapObjectKey: null, gpsObjectKey: GPS_KEY }, undefined),
		).rejects.toThrow(`objeto "${GPS_KEY}" não encontrado`);
	});

	it("reads a stream that cannot be closed, and closes one that fails midway", async () => {
		async function* plain(bytes: Uint8Array) {
			yield bytes;
		}
		const unclosable = memoryStorage({ [GPS_KEY]: gpsBytes() }, plain).storage;
		const read = await readForParse(
			unclosable,
			{ lapObjectKey: null, gpsObjectKey: GPS_KEY },
			undefined,
		);
		expect(read.facts.gps).toEqual({ key: GPS_KEY, sha256: sha256Hex(gpsBytes()) });

		// A stream whose read fails is not closed by the loop that reads it: the reader closes it.
		const destroy = vi.fn();
		const failing = memoryStorage({ [GPS_KEY]: gpsBytes() }, () => ({
			destroy,
			[Symbol.asyncIterator]: () => ({
				next: () => Promise.reject(new Error("connection reset")),
			}),
		})).storage;
		await expect(
			readForParse(failing, { lapObjectKey: null, gpsObjectKey: GPS_KEY }, undefined),
		).rejects.toThrow("connection reset");
		expect(destroy).toHaveBeenCalledTimes(1);
	});
});
