import { channel } from "node:diagnostics_channel";
import type { SixFileName } from "../../domain/six/types";

/**
 * What the ingest tells whoever listens (the metrics), on Node's diagnostics channels: nothing
 * here knows about the listeners, and with none subscribed publishing costs nothing.
 */

export const INGEST_CHANNEL = "lapsix:ingest";
export const UPLOAD_CHANNEL = "lapsix:upload";

/** applied: a new version; unchanged: nothing to do; failed: the files could not be used
 * (recorded on the session); error: the ingest threw (the session stays pending). */
export type IngestResult = "applied" | "unchanged" | "failed" | "error";

export interface IngestEvent {
	result: IngestResult;
	seconds: number;
}

export interface UploadEvent {
	file: SixFileName;
	bytes: number;
	changed: boolean;
}

const ingestChannel = channel(INGEST_CHANNEL);
const uploadChannel = channel(UPLOAD_CHANNEL);

/** Runs one ingest of a session and publishes how long it took and how it ended. */
export async function observeIngest<T extends { applied: boolean; error: string | null } | null>(
	run: () => Promise<T>,
): Promise<T> {
	const started = performance.now();
	const publish = (result: IngestResult) => {
		if (ingestChannel.hasSubscribers)
			ingestChannel.publish({ result, seconds: (performance.now() - started) / 1000 });
	};
	try {
		const outcome = await run();
		publish(outcome?.applied ? "applied" : outcome?.error ? "failed" : "unchanged");
		return outcome;
	} catch (error) {
		publish("error");
		throw error;
	}
}

export function publishUpload(event: UploadEvent): void {
	if (uploadChannel.hasSubscribers) uploadChannel.publish(event);
}
