import { createHash } from "node:crypto";
import { readdir, stat } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { type DetailedError, type HttpResponse, Upload, type UploadOptions } from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importSession } from "../../shared/api/imports";
import { createTestContext, type SignedIn, type TestContext } from "../test/harness";

/** Resumable imports: cut and resumed, the quota, the concurrency cap, whose upload is whose. */

const MAX_BYTES = 2 * 1024 * 1024;
const QUOTA_BYTES = 1024 * 1024;
let ctx: TestContext;
let origin: string;
let endpoint: string;

beforeAll(async () => {
	ctx = await createTestContext({
		env: {
			UPLOAD_MAX_BYTES: String(MAX_BYTES),
			IMPORT_DAILY_QUOTA_BYTES: String(QUOTA_BYTES),
			IMPORT_CONCURRENCY_PER_USER: "1",
		},
	});
	origin = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
	endpoint = `${origin}/api/sessions/import/uploads`;
}, 120_000);
afterAll(async () => {
	await ctx?.close();
});

/** A GPX of its own: `points` fixes a second apart on a straight road (about 90 bytes each). */
function gpxFile(points: number, startIso = "2025-04-12T13:00:00Z"): Buffer {
	const t0 = Date.parse(startIso);
	const rows = Array.from({ length: points }, (_, i) => {
		const time = new Date(t0 + i * 1000).toISOString();
		return `<trkpt lat="${(-22.9 + i * 1e-5).toFixed(7)}" lon="-43.2"><time>${time}</time></trkpt>`;
	});
	return Buffer.from(
		`<?xml version="1.0"?><gpx version="1.1" creator="teste" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Retomada</name><trkseg>${rows.join("")}</trkseg></trk></gpx>`,
	);
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

async function newRider(props: { seller_id?: string } = {}): Promise<SignedIn> {
	const row = await ctx.createUser({ wifi_ssid: "box", ...props });
	return ctx.signIn(row.id);
}

type Outcome = { ok: true; last: HttpResponse } | { ok: false; error: Error | DetailedError };

/** Runs a tus-js-client upload to its end (success or error). */
function runUpload(bytes: Buffer, as: SignedIn, options: UploadOptions = {}): Promise<Outcome> {
	return new Promise<Outcome>((resolve) => {
		const upload = new Upload(bytes, {
			endpoint,
			headers: as.headers,
			retryDelays: null,
			chunkSize: 64 * 1024,
			metadata: { name: "retomada.gpx", sha256: sha256(bytes) },
			...options,
			onSuccess: ({ lastResponse }) => resolve({ ok: true, last: lastResponse }),
			onError: (error) => resolve({ ok: false, error }),
		});
		upload.start();
	});
}

/** Starts an upload and cuts it once about half of the bytes are sent; gives its URL. */
function uploadHalf(bytes: Buffer, as: SignedIn, metadata: Record<string, string> = {}) {
	return new Promise<string>((resolve, reject) => {
		let aborted = false;
		const upload: Upload = new Upload(bytes, {
			endpoint,
			headers: as.headers,
			retryDelays: null,
			chunkSize: 32 * 1024,
			metadata: { name: "retomada.gpx", sha256: sha256(bytes), ...metadata },
			onProgress: (sent, total) => {
				if (!aborted && sent >= total / 2) {
					aborted = true;
					upload
						.abort()
						.then(() => (upload.url ? resolve(upload.url) : reject(new Error("no URL"))), reject);
				}
			},
			onSuccess: () => reject(new Error("the upload finished before it could be cut")),
			onError: reject,
		});
		upload.start();
	});
}

async function tus(
	url: string,
	as: SignedIn,
	method: "HEAD" | "PATCH" | "DELETE",
	extra: Record<string, string> = {},
	body?: Buffer,
) {
	const res = await fetch(url, {
		method,
		headers: { ...as.headers, "tus-resumable": "1.0.0", ...extra },
		...(body ? { body: new Uint8Array(body) } : {}),
	});
	return {
		status: res.status,
		offset: Number(res.headers.get("upload-offset") ?? -1),
		text: method === "HEAD" ? "" : await res.text(),
	};
}

/** A creation request alone, with the headers a tus client sends. */
async function create(as: SignedIn, length: number, metadata: Record<string, string>) {
	const header = Object.entries(metadata)
		.map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
		.join(",");
	const res = await fetch(endpoint, {
		method: "POST",
		headers: {
			...as.headers,
			"tus-resumable": "1.0.0",
			"upload-length": String(length),
			"upload-metadata": header,
		},
	});
	return {
		status: res.status,
		retryAfter: res.headers.get("retry-after"),
		location: res.headers.get("location"),
		body: res.status === 201 ? null : ((await res.json()) as { error: string; message: string }),
	};
}

const sessionsOf = (riderId: string) =>
	ctx.db.selectFrom("sessions").selectAll().where("rider_id", "=", riderId).execute();

const usageOf = async (riderId: string) => {
	const row = await ctx.db
		.selectFrom("import_upload_usage")
		.select("bytes")
		.where("rider_id", "=", riderId)
		.executeTakeFirst();
	return row ? Number(row.bytes) : 0;
};

const stagedUploads = async (): Promise<string[]> =>
	readdir(join(ctx.config.dataDir, "tus")).catch(() => []);

describe("resumable imports at /api/sessions/import/uploads", () => {
	it("resumes an import cut off halfway to the same session, with the POST's answer", async () => {
		const rider = await newRider();
		const bytes = gpxFile(3500);
		expect(bytes.length).toBeGreaterThan(256 * 1024);
		const url = await uploadHalf(bytes, rider);
		const cut = await tus(url, rider, "HEAD");
		expect(cut.status).toBe(200);
		expect(cut.offset).toBeGreaterThan(0);
		expect(cut.offset).toBeLessThan(bytes.length);
		expect(await sessionsOf(rider.userId)).toEqual([]);

		// A new client (a page reloaded) goes on from the stored URL: no new upload is created.
		const offsets: number[] = [];
		const outcome = await runUpload(bytes, rider, {
			uploadUrl: url,
			endpoint: null,
			onBeforeRequest: (req) => {
				if (req.getMethod() === "PATCH") offsets.push(Number(req.getHeader("Upload-Offset")));
			},
		});
		if (!outcome.ok) throw outcome.error;
		expect(offsets[0]).toBe(cut.offset);
		expect(outcome.last.getStatus()).toBe(200);
		const answer = importSession.response.parse(JSON.parse(outcome.last.getBody()));
		expect(answer).toMatchObject({
			created: true,
			session: { date: "2025-04-12" },
			source: { format: "gpx" },
		});
		const sessions = await sessionsOf(rider.userId);
		expect(sessions.map((s) => s.id)).toEqual([answer.session.id]);
		// The quota counted the file once (at its creation), not once per try.
		expect(await usageOf(rider.userId)).toBe(bytes.length);
		// The original kept is the whole file.
		const [stored] = (await ctx.storage.list(`imports/${rider.userId}/`)).objects;
		const kept = await ctx.storage.get(stored?.key ?? "");
		expect(kept && sha256(Buffer.from(kept))).toBe(sha256(bytes));
		// The staged copy is gone; the same file by POST gives the same session back.
		await expect.poll(async () => (await tus(url, rider, "HEAD")).status).toBe(404);
		const again = await ctx.request(rider, {
			method: "POST",
			url: "/api/sessions/import?name=retomada.gpx",
			headers: { "content-type": "application/octet-stream" },
			payload: bytes,
		});
		expect(again.statusCode).toBe(201);
		expect(again.json()).toMatchObject({ created: false, session: { id: answer.session.id } });
	});

	it("refuses a file that is not a recording like the POST, and deletes the upload", async () => {
		const rider = await newRider();
		const bytes = Buffer.from("não é uma gravação\n");
		let location: string | undefined;
		const outcome = await runUpload(bytes, rider, {
			metadata: { name: "notas.txt" },
			onAfterResponse: (req, res) => {
				if (req.getMethod() === "POST") location = res.getHeader("Location");
			},
		});
		expect(outcome.ok).toBe(false);
		const error = (outcome as { error: DetailedError }).error;
		expect(error.originalResponse?.getStatus()).toBe(400);
		expect(JSON.parse(error.originalResponse?.getBody() ?? "{}")).toMatchObject({
			error: "import_unreadable",
		});
		expect(location).toMatch(/^\/api\/sessions\/import\/uploads\/[0-9a-f]{32}$/);
		expect((await tus(`${origin}${location}`, rider, "HEAD")).status).toBe(404);
		expect(await sessionsOf(rider.userId)).toEqual([]);
	});

	it("refuses bytes that do not match the sha256 sent, storing nothing", async () => {
		const rider = await newRider();
		const bytes = gpxFile(50);
		const outcome = await runUpload(bytes, rider, {
			metadata: { name: "x.gpx", sha256: sha256(gpxFile(51)) },
		});
		expect(outcome.ok).toBe(false);
		const response = (outcome as { error: DetailedError }).error.originalResponse;
		expect(response?.getStatus()).toBe(400);
		expect(JSON.parse(response?.getBody() ?? "{}").error).toBe("digest_mismatch");
		expect(await sessionsOf(rider.userId)).toEqual([]);
	});

	it("refuses past the rider's daily quota with 429 and Retry-After, storing nothing", async () => {
		const rider = await newRider();
		const first = gpxFile(7000);
		expect(first.length).toBeGreaterThan(QUOTA_BYTES / 2);
		const done = await runUpload(first, rider);
		if (!done.ok) throw done.error;
		const staged = await stagedUploads();

		const second = gpxFile(7000, "2025-04-13T13:00:00Z");
		const refused = await create(rider, second.length, { name: "segunda.gpx" });
		expect(refused.status).toBe(429);
		expect(Number(refused.retryAfter)).toBeGreaterThan(0);
		expect(Number(refused.retryAfter)).toBeLessThanOrEqual(86_400);
		expect(refused.body?.error).toBe("daily_quota_exceeded");
		expect(refused.body?.message).toMatch(/Limite diário de importação/);
		expect(refused.location).toBeNull();
		expect((await stagedUploads()).filter((name) => !staged.includes(name))).toEqual([]);
		expect(await usageOf(rider.userId)).toBe(first.length);

		// The single POST counts against the same quota.
		const posted = await ctx.request(rider, {
			method: "POST",
			url: "/api/sessions/import?name=segunda.gpx",
			headers: { "content-type": "application/octet-stream" },
			payload: second,
		});
		expect(posted.statusCode).toBe(429);
		expect(Number(posted.headers["retry-after"])).toBeGreaterThan(0);
		expect(posted.json().error).toBe("daily_quota_exceeded");
		expect(await sessionsOf(rider.userId)).toHaveLength(1);
		expect(await usageOf(rider.userId)).toBe(first.length);
	});

	it("lets nobody else resume, read or delete a rider's upload", async () => {
		const owner = await newRider();
		const other = await newRider();
		const bytes = gpxFile(3500);
		const url = await uploadHalf(bytes, owner);
		const cut = await tus(url, owner, "HEAD");

		expect((await tus(url, other, "HEAD")).status).toBe(404);
		const patch = await tus(
			url,
			other,
			"PATCH",
			{ "upload-offset": String(cut.offset), "content-type": "application/offset+octet-stream" },
			bytes.subarray(cut.offset),
		);
		expect(patch.status).toBe(404);
		expect(JSON.parse(patch.text).error).toBe("upload_not_found");
		expect((await tus(url, other, "DELETE")).status).toBe(404);
		const resumed = await runUpload(bytes, other, { uploadUrl: url, endpoint: null });
		expect(resumed.ok).toBe(false);

		// Untouched: the owner goes on from where it was and gets the session.
		expect((await tus(url, owner, "HEAD")).offset).toBe(cut.offset);
		const outcome = await runUpload(bytes, owner, { uploadUrl: url, endpoint: null });
		if (!outcome.ok) throw outcome.error;
		expect(await sessionsOf(other.userId)).toEqual([]);
		expect(await sessionsOf(owner.userId)).toHaveLength(1);
	});

	it("imports for a rider only for the rider's seller (and admins), as the POST", async () => {
		const seller = await ctx.createUser({ is_seller: true });
		const otherSeller = await ctx.signIn((await ctx.createUser({ is_seller: true })).id);
		const rider = await newRider({ seller_id: seller.id });
		const bytes = gpxFile(300);

		const refused = await create(otherSeller, bytes.length, {
			name: "x.gpx",
			riderId: rider.userId,
		});
		expect(refused.status).toBe(404);
		expect(refused.body?.error).toBe("rider_not_found");
		expect(await usageOf(rider.userId)).toBe(0);
		const byStranger = await create(await newRider(), bytes.length, {
			name: "x.gpx",
			riderId: rider.userId,
		});
		expect(byStranger.status).toBe(404);

		const outcome = await runUpload(bytes, await ctx.signIn(seller.id), {
			metadata: { name: "do-revendedor.gpx", riderId: rider.userId },
		});
		if (!outcome.ok) throw outcome.error;
		const [session] = await sessionsOf(rider.userId);
		expect(session?.id).toBe(JSON.parse(outcome.last.getBody()).session.id);
		expect(await usageOf(rider.userId)).toBe(bytes.length);
	});

	it("refuses a file over UPLOAD_MAX_BYTES at creation (413)", async () => {
		const rider = await newRider();
		const refused = await create(rider, MAX_BYTES + 1, { name: "grande.gpx" });
		expect(refused.status).toBe(413);
		expect(refused.body?.error).toBe("payload_too_large");
		expect(await usageOf(rider.userId)).toBe(0);
	});

	it("caps one user's imports in progress (429 with Retry-After) and frees the place", async () => {
		const rider = await newRider();
		const bytes = gpxFile(3500);
		const url = await uploadHalf(bytes, rider);
		const { offset } = await tus(url, rider, "HEAD");
		// A chunk that is still arriving holds the rider's only place.
		const held = httpRequest(url, {
			method: "PATCH",
			headers: {
				...rider.headers,
				"tus-resumable": "1.0.0",
				"upload-offset": String(offset),
				"content-type": "application/offset+octet-stream",
				"content-length": String(bytes.length - offset),
			},
		});
		held.on("error", () => {});
		held.write(bytes.subarray(offset, offset + 1024));
		// Once its first bytes are on disk the chunk holds the place (polled without taking it).
		const stagedFile = join(ctx.config.dataDir, "tus", url.slice(url.lastIndexOf("/") + 1));
		await expect
			.poll(async () => (await stat(stagedFile)).size, { timeout: 5000 })
			.toBeGreaterThan(offset);
		const post = () =>
			ctx.request(rider, {
				method: "POST",
				url: "/api/sessions/import?name=b.gpx",
				headers: { "content-type": "application/octet-stream" },
				payload: Buffer.from("x"),
			});
		const posted = await post();
		expect(posted.json().error).toBe("too_many_imports");
		expect(Number(posted.headers["retry-after"])).toBeGreaterThan(0);
		const busy = await create(rider, 10, { name: "b.gpx" });
		expect(busy.status).toBe(429);
		expect(busy.body?.error).toBe("too_many_imports");
		expect(busy.body?.message).toMatch(/em andamento/);
		expect(Number(busy.retryAfter)).toBeGreaterThan(0);
		// Another user is not held up.
		expect((await create(await newRider(), 10, { name: "c.gpx" })).status).toBe(201);

		// The cut connection frees the place; the upload goes on from what arrived.
		held.destroy();
		await expect.poll(async () => (await tus(url, rider, "HEAD")).status).toBe(200);
		const outcome = await runUpload(bytes, rider, { uploadUrl: url, endpoint: null });
		if (!outcome.ok) throw outcome.error;
		expect(await sessionsOf(rider.userId)).toHaveLength(1);
	});
});
