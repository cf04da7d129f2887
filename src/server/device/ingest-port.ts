import type { z } from "zod";
import type { SixFileName, UploadResult } from "../../shared/api/device";

/** The part of the ingest service the device API calls (implemented in `src/server/ingest`). */
export interface DeviceIngest {
	/** `bytes` already checked against `sha256` (hex) by the caller. */
	acceptFile(input: {
		hardwareId: string;
		track: string;
		date: string;
		fileName: z.infer<typeof SixFileName>;
		bytes: Uint8Array;
		sha256: string;
	}): Promise<z.input<typeof UploadResult>>;
	/** The FORMATS.md rules for the `{track}/{ddmmyyyy}/{file}` part of a storage key. */
	validateSessionPath(
		track: string,
		date: string,
		fileName: string,
	): { ok: true } | { ok: false; reason: string };
}
