import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { simulateSession } from "../../domain/simulator";
import { createSecretBox } from "../crypto/secret-box";
import type { Database } from "../db/schema";
import { generateDeviceKey, hashDeviceKey } from "../device/device-keys";
import type { createIngestService } from "../ingest/ingest-service";
import { sessionKeyOrThrow } from "../ingest/session-key";
import { createDemoSeedRepository } from "../repositories/demo-seed-repository";
import { DEMO_LOGGERS, DEMO_SESSIONS, DEMO_USERS } from "./demo-plan";

export interface SeedDemoDeps {
	db: Kysely<Database>;
	ingest: ReturnType<typeof createIngestService>;
	secretKey: Buffer;
	dataDir: string;
	now?: () => Date;
}

export type SeedDemoResult =
	| { seeded: false; reason: "not-empty" }
	| { seeded: true; users: number; loggers: number; sessions: number; deviceKeysFile: string };

const sha256Hex = async (bytes: Uint8Array) => {
	const { createHash } = await import("node:crypto");
	return createHash("sha256").update(bytes).digest("hex");
};

/**
 * Fills an EMPTY database with the demo accounts, loggers and sessions. The sessions are
 * simulated logger files that go through the same ingest as a real upload. The loggers' device
 * keys are written to DATA_DIR/demo-device-keys.txt so the device API can be tried by hand.
 */
export async function seedDemoData(deps: SeedDemoDeps): Promise<SeedDemoResult> {
	const now = deps.now?.() ?? new Date();
	const wifiBox = createSecretBox(deps.secretKey, "wifi-password");
	// Accounts and loggers all at once, or not at all: the server already answers while this runs.
	const keyLines = await deps.db.transaction().execute(async (trx) => {
		const repo = createDemoSeedRepository(trx);
		if ((await repo.countUsers()) > 0) return null;
		const userIds = new Map<string, string>();
		for (const user of DEMO_USERS) {
			const id = await repo.insertUser({
				email: user.email,
				displayName: user.displayName,
				isAdmin: user.isAdmin ?? false,
				isSeller: user.isSeller ?? false,
				sellerId: user.seller ? (userIds.get(user.seller) ?? null) : null,
				wifiSsid: user.profile?.wifiSsid ?? "",
				wifiPasswordEnc: user.profile ? wifiBox.seal(user.profile.wifiPassword) : null,
				pilotName: user.profile?.pilotName ?? "",
				bikeNumber: user.profile?.bikeNumber ?? "",
			});
			userIds.set(user.key, id);
		}
		const lines: string[] = [];
		for (const logger of DEMO_LOGGERS) {
			const key = generateDeviceKey();
			lines.push(`${logger.id}\t${key}`);
			await repo.insertLogger({
				id: logger.id,
				name: logger.name || null,
				ownerId: logger.owner ? (userIds.get(logger.owner) ?? null) : null,
				sellerId: logger.seller ? (userIds.get(logger.seller) ?? null) : null,
				deviceKeyHash: hashDeviceKey(key),
				firmwareVersion: logger.firmwareVersion ?? null,
				lastSeenAt:
					logger.lastSeenMinutesAgo === undefined
						? null
						: new Date(now.getTime() - logger.lastSeenMinutesAgo * 60_000),
			});
			await repo.insertAudit({
				action: "hardware.register",
				targetType: "hardware",
				targetId: logger.id,
				details: { name: logger.name },
			});
		}
		return lines;
	});
	if (keyLines === null) return { seeded: false, reason: "not-empty" };
	const deviceKeysFile = join(deps.dataDir, "demo-device-keys.txt");
	writeFileSync(deviceKeysFile, `# logger\tdevice key (demo only)\n${keyLines.join("\n")}\n`, {
		mode: 0o600,
	});

	for (const session of DEMO_SESSIONS) {
		const simulated = simulateSession({
			seed: session.seed,
			circuit: session.circuit,
			laps: session.laps,
			hz: session.hz,
			profile: session.profile,
			startTimeOfDaySec: session.startTimeOfDaySec,
		});
		for (const [fileName, text] of [
			["lap.six", simulated.lapSix],
			["gps.six", simulated.gpsSix],
		] as const) {
			const bytes = new TextEncoder().encode(text);
			const { logger: hardwareId, track, date } = session;
			await deps.ingest.acceptFile({
				key: sessionKeyOrThrow({ hardwareId, track, date }, fileName),
				bytes,
				sha256: await sha256Hex(bytes),
			});
		}
	}
	return {
		seeded: true,
		users: DEMO_USERS.length,
		loggers: DEMO_LOGGERS.length,
		sessions: DEMO_SESSIONS.length,
		deviceKeysFile,
	};
}
