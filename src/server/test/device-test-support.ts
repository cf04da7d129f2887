import { contentDigestHeader } from "../device/content-digest";
import { generateDeviceKey, hashDeviceKey } from "../device/device-keys";
import type { TestContext } from "./harness";

export interface TestLogger {
	hardwareId: string;
	key: string;
	/** `Authorization: Bearer <key>`. */
	auth: Record<string, string>;
}

let loggerCounter = 0;

/** Registers a logger the way the admin area does: a random key, stored as its hash. */
export async function createTestLogger(
	ctx: TestContext,
	props: { ownerId?: string | null } = {},
): Promise<TestLogger> {
	loggerCounter += 1;
	const hardwareId = `T${loggerCounter}-${Math.random().toString(36).slice(2, 8)}`;
	const key = generateDeviceKey();
	await ctx.db
		.insertInto("hardware")
		.values({
			id: hardwareId,
			name: `Logger ${loggerCounter}`,
			owner_id: props.ownerId ?? null,
			device_key_hash: hashDeviceKey(key),
		})
		.execute();
	if (props.ownerId) {
		await ctx.db
			.updateTable("users")
			.set({ hardware_id: hardwareId })
			.where("id", "=", props.ownerId)
			.execute();
	}
	return { hardwareId, key, auth: { authorization: `Bearer ${key}` } };
}

/** A valid `lap.six` of `laps` lines (FORMATS.md), different for each `seed`. */
export function lapFile(laps = 3, seed = 0): Buffer {
	const lines: string[] = [];
	for (let n = 1; n <= laps; n += 1) {
		const sector = 20000 + ((n * 37 + seed) % 900);
		const total = sector * 4;
		const minutes = Math.floor(total / 60000);
		const seconds = Math.floor((total % 60000) / 1000);
		const time = `${String(minutes).padStart(2, "0")}${String(seconds).padStart(2, "0")}${String(total % 1000).padStart(3, "0")}`;
		const sectors = [1, 2, 3, 4].map(() => `${sector},0,0,0,,800`);
		lines.push(
			[time, "12.6V", String(36000 + n * 90), ...sectors, "2", "3200", String(n)].join("|"),
		);
	}
	return Buffer.from(`${lines.join("\n")}\n`, "utf8");
}

/** PUT of a session file with its Content-Digest (headers may override it). */
export function putSessionFile(
	on: TestContext,
	logger: TestLogger,
	path: string,
	body: Buffer,
	headers: Record<string, string> = {},
) {
	return on.app.inject({
		method: "PUT",
		url: `/api/device/v1/sessions/${path}`,
		headers: {
			...logger.auth,
			"content-type": "application/octet-stream",
			"content-digest": contentDigestHeader(body),
			...headers,
		},
		payload: body,
	});
}

/** Every object stored under the logger, sorted. */
export async function storedKeys(on: TestContext, hardwareId: string): Promise<string[]> {
	const keys: string[] = [];
	let pageToken: string | undefined;
	do {
		const page = await on.storage.list(`${hardwareId}/`, { pageToken });
		keys.push(...page.objects.map((object) => object.key));
		pageToken = page.nextPageToken;
	} while (pageToken);
	return keys.sort();
}
