import { request } from "node:http";
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

/**
 * A PUT of a session file over a real socket, the path sent verbatim: `inject` has no socket (so
 * no idle timeout) and `inject` and `fetch` normalise `%2E%2E`. Rejects with the socket's error
 * (a connection the server cuts: "socket hang up"). The app must be listening.
 */
export function putSessionFileOverSocket(
	on: TestContext,
	logger: TestLogger,
	path: string,
	body: Buffer,
): Promise<{ statusCode: number; json: () => Record<string, unknown> }> {
	const address = on.app.server.address();
	if (address === null || typeof address === "string") throw new Error("the app is not listening");
	return new Promise((resolve, reject) => {
		const req = request(
			{
				host: "127.0.0.1",
				port: address.port,
				method: "PUT",
				path: `/api/device/v1/sessions/${path}`,
				headers: {
					...logger.auth,
					"content-type": "application/octet-stream",
					"content-digest": contentDigestHeader(body),
				},
			},
			(res) => {
				const chunks: Buffer[] = [];
				res.on("data", (chunk: Buffer) => chunks.push(chunk));
				res.on("end", () => {
					const text = Buffer.concat(chunks).toString("utf8");
					resolve({ statusCode: res.statusCode ?? 0, json: () => JSON.parse(text) });
				});
			},
		);
		req.on("error", reject);
		req.end(body);
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
