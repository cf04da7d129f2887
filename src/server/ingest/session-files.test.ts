import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FilesystemStorage } from "../storage/filesystem-storage";
import { readSessionFiles, sha256Hex } from "./session-files";

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
