import type { ObjectStorage } from "../storage/object-storage";

/**
 * Bytes an ingest holds at its peak per byte of `gps.six`: its columns (about 55 bytes per point
 * of ~69 bytes of text; the file itself is parsed as it is read, a piece at a time), then the
 * timing and channel analysis of the points. Measured on a 63 MB file: about +110 MB of RSS.
 */
export const GPS_PEAK_PER_BYTE = 2;
/** `lap.six` holds a line per lap: its records are small beside its bytes. */
export const LAP_PEAK_PER_BYTE = 2;

/**
 * The weight of a session's ingest in the memory budget, from the sizes of its stored files
 * (storage's head: no byte is read). A size that cannot be read weighs the whole budget: the
 * ingest then runs alone, and its read reports the storage error as before.
 */
export async function ingestWeight(
	storage: ObjectStorage,
	row: { lapObjectKey: string | null; gpsObjectKey: string | null },
): Promise<number> {
	const sizeOf = async (key: string | null) => {
		if (key === null) return 0;
		const head = await storage.head(key).catch(() => null);
		return head === null ? Number.POSITIVE_INFINITY : head.size;
	};
	const [lap, gps] = await Promise.all([sizeOf(row.lapObjectKey), sizeOf(row.gpsObjectKey)]);
	return lap * LAP_PEAK_PER_BYTE + gps * GPS_PEAK_PER_BYTE;
}
