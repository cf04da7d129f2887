import { describe, expect, it } from "vitest";
import type { ObjectStorage } from "../storage/object-storage";
import { GPS_PEAK_PER_BYTE, ingestWeight, LAP_PEAK_PER_BYTE } from "./ingest-weight";

/** Storage that knows only the sizes of its objects; a key named "broken" fails. */
function sized(sizes: Record<string, number>): ObjectStorage {
	return {
		async head(key: string) {
			if (key === "broken") throw new Error("disk gone");
			const size = sizes[key];
			return size === undefined ? null : { key, size, lastModified: new Date(0) };
		},
	} as unknown as ObjectStorage;
}

describe("ingestWeight", () => {
	it("weighs a session by the sizes of its stored files", async () => {
		const storage = sized({ lap: 1000, gps: 63_000_000 });
		expect(await ingestWeight(storage, { lapObjectKey: "lap", gpsObjectKey: "gps" })).toBe(
			1000 * LAP_PEAK_PER_BYTE + 63_000_000 * GPS_PEAK_PER_BYTE,
		);
		expect(await ingestWeight(storage, { lapObjectKey: null, gpsObjectKey: "gps" })).toBe(
			63_000_000 * GPS_PEAK_PER_BYTE,
		);
		expect(await ingestWeight(storage, { lapObjectKey: null, gpsObjectKey: null })).toBe(0);
	});

	it("weighs a file whose size cannot be read as more than any budget: it is parsed alone", async () => {
		const storage = sized({ lap: 1000 });
		for (const gpsObjectKey of ["missing", "broken"]) {
			expect(await ingestWeight(storage, { lapObjectKey: "lap", gpsObjectKey })).toBe(
				Number.POSITIVE_INFINITY,
			);
		}
	});
});
