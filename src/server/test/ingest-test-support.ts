import { randomBytes } from "node:crypto";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import type { Kysely } from "kysely";
import { simulateSession } from "../../domain/simulator/session";
import type { Database } from "../db/schema";
import type { AcceptFileInput, SessionKey } from "../ingest/ingest-service";
import { sha256Hex } from "../ingest/session-files";
import { sessionKeyOrThrow } from "../ingest/session-key";
import type { ObjectStorage } from "../storage/object-storage";
import { S3Storage } from "../storage/s3-storage";
import { type S3TestServer, startS3TestServer } from "./s3-test-server";

/** Test data and set-up shared by the ingest tests, the CLI test and the benchmark. */

export interface SessionFilesText {
	lapSix: string;
	gpsSix: string;
}

const encoder = new TextEncoder();

export function simulatedFiles(seed: number, laps: number, hz = 10): SessionFilesText {
	const s = simulateSession({ seed, circuit: "interlagos", laps, hz });
	return { lapSix: s.lapSix, gpsSix: s.gpsSix };
}

export function fileInput(
	key: SessionKey,
	fileName: "lap.six" | "gps.six",
	text: string | Uint8Array,
): AcceptFileInput & { bytes: Uint8Array } {
	const bytes = typeof text === "string" ? encoder.encode(text) : text;
	return { key: sessionKeyOrThrow(key, fileName), bytes, sha256: sha256Hex(bytes) };
}

export async function createHardware(
	db: Kysely<Database>,
	id: string,
	ownerId: string | null,
): Promise<void> {
	await db.insertInto("hardware").values({ id, owner_id: ownerId }).execute();
}

export async function moveHardware(
	db: Kysely<Database>,
	id: string,
	ownerId: string | null,
): Promise<void> {
	await db.updateTable("hardware").set({ owner_id: ownerId }).where("id", "=", id).execute();
}

/** An S3 server on loopback with one fresh bucket per `create()`. */
export async function startS3Buckets(): Promise<{
	create(): Promise<ObjectStorage>;
	stop(): Promise<void>;
}> {
	const server: S3TestServer = await startS3TestServer();
	const credentials = { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey };
	const made: S3Storage[] = [];
	return {
		async create() {
			const bucket = `lapsix-${randomBytes(6).toString("hex")}`;
			const admin = new S3Client({
				region: "us-east-1",
				endpoint: server.endpoint,
				forcePathStyle: true,
				credentials,
			});
			await admin.send(new CreateBucketCommand({ Bucket: bucket }));
			admin.destroy();
			const storage = new S3Storage({
				bucket,
				endpoint: server.endpoint,
				region: "us-east-1",
				forcePathStyle: true,
				credentials,
			});
			made.push(storage);
			return storage;
		},
		async stop() {
			for (const storage of made) storage.destroy();
			await server.stop();
		},
	};
}
