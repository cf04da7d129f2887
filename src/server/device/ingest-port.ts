import type { z } from "zod";
import type { UploadResult } from "../../shared/api/device";
import type { SessionFileKey } from "../ingest/session-key";
import type { UnchangedUpload } from "../ingest/unchanged-upload";

/** The part of the ingest service the device API calls (implemented in `src/server/ingest`). */
export interface DeviceIngest {
	/** The staged file, already checked against `sha256` (hex) by the caller, is streamed to storage. */
	acceptFile(input: {
		key: SessionFileKey;
		stagedFile: { path: string; size: number };
		sha256: string;
	}): Promise<z.input<typeof UploadResult>>;
	/** The same bytes as recorded, nothing to do: answered once the body is checked; else null. */
	findUnchanged(key: SessionFileKey, sha256: string): Promise<UnchangedUpload | null>;
}
