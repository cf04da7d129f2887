import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeReal, readReal, realPath } from "../../../test/real/real-recordings";
import { importRecording, isRecognised } from "../../domain/import";
import { timeLapsFromLines } from "../../domain/timing";
import { decodeChannelsBody } from "../../shared/api/channels";
import { IMPORT_RATE_LIMIT } from "../../shared/api/imports";
import { createTestContext, type SignedIn, type TestContext } from "../test/harness";

/** A small GPX of its own: a few fixes on a straight road, with a date. */
function gpxFile(points: number, startIso = "2025-03-09T14:00:00Z"): string {
	const t0 = Date.parse(startIso);
	const rows = Array.from({ length: points }, (_, i) => {
		const time = new Date(t0 + i * 1000).toISOString();
		return `<trkpt lat="${(-23.5 + i * 1e-4).toFixed(7)}" lon="-46.6"><time>${time}</time></trkpt>`;
	});
	return `<?xml version="1.0"?><gpx version="1.1" creator="teste" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Estrada</name><trkseg>${rows.join("")}</trkseg></trk></gpx>`;
}

/** Doves' tracks (two points per line) as the admin API takes them. */
function dovesTracks() {
	const json = JSON.parse(readFileSync(realPath("tracks/doves-tracks.json"), "utf8")) as Record<
		string,
		{ courses: Record<string, number | string>[] }
	>;
	const out: { name: string; startFinish: unknown; sectors: unknown[]; lengthM: number | null }[] =
		[];
	for (const [venue, { courses }] of Object.entries(json)) {
		for (const c of courses) {
			const line = (prefix: string) => ({
				a: { lat: Number(c[`${prefix}_a_lat`]), lon: Number(c[`${prefix}_a_lng`]) },
				b: { lat: Number(c[`${prefix}_b_lat`]), lon: Number(c[`${prefix}_b_lng`]) },
			});
			out.push({
				name: `${venue} ${c.name}`,
				startFinish: line("start"),
				sectors: ["sector_2", "sector_3"].filter((p) => `${p}_a_lat` in c).map(line),
				lengthM: typeof c.lengthFt === "number" ? c.lengthFt * 0.3048 : null,
			});
		}
	}
	return out;
}

describe("importing recordings of other devices", () => {
	let ctx: TestContext;
	let rider: SignedIn;
	let stranger: SignedIn;
	let seller: SignedIn;
	let admin: SignedIn;
	let riderId = "";

	beforeAll(async () => {
		ctx = await createTestContext({ env: { UPLOAD_MAX_BYTES: String(8 * 1024 * 1024) } });
		const sellerRow = await ctx.createUser({ is_seller: true, wifi_ssid: "s" });
		const riderRow = await ctx.createUser({ seller_id: sellerRow.id, wifi_ssid: "p" });
		riderId = riderRow.id;
		rider = await ctx.signIn(riderRow.id);
		seller = await ctx.signIn(sellerRow.id);
		stranger = await ctx.signIn((await ctx.createUser({ wifi_ssid: "x" })).id);
		admin = await ctx.signIn((await ctx.createUser({ is_admin: true })).id);
	}, 120_000);
	afterAll(async () => {
		await ctx?.close();
	});

	const upload = (as: SignedIn, name: string, bytes: Uint8Array | string, query = "") =>
		ctx.request(as, {
			method: "POST",
			url: `/api/sessions/import?name=${encodeURIComponent(name)}${query}`,
			headers: { "content-type": "application/octet-stream" },
			payload: typeof bytes === "string" ? Buffer.from(bytes) : Buffer.from(bytes),
		});

	it("imports a GPX as the rider's session under its track and date, with its report", async () => {
		const res = await upload(rider, "estrada.gpx", gpxFile(60));
		expect(res.statusCode).toBe(201);
		const body = res.json();
		expect(body).toMatchObject({
			created: true,
			session: { track: "Estrada", date: "2025-03-09" },
			source: { format: "gpx" },
			timing: "none",
			laps: [],
		});
		const tree = (await ctx.request(rider, { url: "/api/sessions/tree" })).json();
		const track = tree.tracks.find((t: { track: string }) => t.track === "Estrada");
		expect(track.dates.map((d: { sessionId: string }) => d.sessionId)).toContain(body.session.id);
		const detail = (await ctx.request(rider, { url: `/api/sessions/${body.session.id}` })).json();
		expect(detail.session).toMatchObject({
			hardwareId: null,
			riderId,
			source: { format: "gpx", fileName: "estrada.gpx" },
		});
		expect(detail.timing).toMatchObject({ shown: "none", loggerAvailable: false });
		// The original is kept, for deriving the session again.
		const listed = await ctx.storage.list(`imports/${riderId}/${body.session.id}/`);
		expect(listed.objects.map((o: { key: string }) => o.key)).toEqual([
			`imports/${riderId}/${body.session.id}/original`,
		]);
	});

	it("gives the first session back for the same file imported again", async () => {
		const first = (await upload(rider, "dup.gpx", gpxFile(30, "2025-03-10T10:00:00Z"))).json();
		const again = await upload(rider, "outro-nome.gpx", gpxFile(30, "2025-03-10T10:00:00Z"));
		expect(again.statusCode).toBe(201);
		expect(again.json()).toMatchObject({ created: false, session: { id: first.session.id } });
	});

	it("refuses a file it cannot read, with the reason, and stores nothing", async () => {
		const before = await ctx.db.selectFrom("sessions").select("id").execute();
		const res = await upload(rider, "notas.txt", "isto não é uma gravação\n");
		expect(res.statusCode).toBe(400);
		expect(res.json().error).toBe("import_unreadable");
		expect(res.json().details.report[0]).toMatchObject({ file: "notas.txt", kind: "rejected" });
		const empty = await upload(rider, "vazio.gpx", gpxFile(0));
		expect(empty.statusCode).toBe(400);
		expect(empty.json().error).toBe("import_empty");
		expect(await ctx.db.selectFrom("sessions").select("id").execute()).toHaveLength(before.length);
	});

	it("refuses a file above the upload limit (413) before reading it whole", async () => {
		const res = await upload(rider, "grande.gpx", new Uint8Array(8 * 1024 * 1024 + 1));
		expect(res.statusCode).toBe(413);
	});

	it("imports for a rider only who may see the rider's sessions", async () => {
		const file = gpxFile(20, "2025-03-11T10:00:00Z");
		expect((await upload(stranger, "a.gpx", file, `&riderId=${riderId}`)).statusCode).toBe(404);
		const bySeller = await upload(seller, "a.gpx", file, `&riderId=${riderId}`);
		expect(bySeller.statusCode).toBe(201);
		const id = bySeller.json().session.id;
		expect((await ctx.request(rider, { url: `/api/sessions/${id}` })).statusCode).toBe(200);
		expect((await ctx.request(stranger, { url: `/api/sessions/${id}` })).statusCode).toBe(404);
	});

	describeReal("the real recordings", () => {
		let tracksMade = false;
		/** Doves' tracks, made once by the admin before the recordings that need them. */
		async function makeDovesTracks() {
			if (tracksMade) return;
			tracksMade = true;
			for (const track of dovesTracks()) {
				const res = await ctx.request(admin, {
					method: "POST",
					url: "/api/admin/tracks",
					payload: track,
				});
				expect(res.statusCode).toBe(201);
			}
		}

		it("recognises the Orlando NMEA log and times it with the track's line", async () => {
			await makeDovesTracks();
			const bytes = readReal("nmea/okc-2laps-rental.nmea");
			const res = await upload(rider, "okc.nmea", bytes);
			expect(res.statusCode).toBe(201);
			const body = res.json();
			expect(body.session.track).toBe("Orlando Kart Center Normal");
			expect(body.timing).toBe("line");
			// The same as timing the file's fixes with the line here, to the millisecond.
			const recording = importRecording(bytes, "okc.nmea");
			if (!isRecognised(recording)) throw new Error("not recognised");
			const normal = dovesTracks().find((t) => t.name === "Orlando Kart Center Normal")!;
			const own = timeLapsFromLines(recording.fixes, {
				startFinish: normal.startFinish as never,
				sectors: normal.sectors as never,
				directionDeg: null,
			});
			expect(body.laps.map((l: { timeMs: number }) => l.timeMs)).toEqual(
				own.laps.map((l) => l.timeMs),
			);
			expect(body.laps.map((l: { timeMs: number }) => l.timeMs)).toEqual([69_961, 68_742, 70_148]);
			const channels = await ctx.request(rider, {
				url: `/api/sessions/${body.session.id}/channels`,
			});
			const decoded = decodeChannelsBody(channels.rawPayload);
			expect(decoded.timing).toBe("lines");
			expect(decoded.laps.every((l) => l.channels!.leanEstimated)).toBe(true);
			const detail = (await ctx.request(rider, { url: `/api/sessions/${body.session.id}` })).json();
			expect(detail.session.leanEstimated).toBe(true);
			expect(detail.laps[0].sectors).toHaveLength(3);
		});

		it("times the VBO with its own [laptiming] line: 20 laps of 44.6-45.6 s", async () => {
			const res = await upload(rider, "modena.vbo", readReal("vbo/vbox-modena.vbo"));
			expect(res.statusCode).toBe(201);
			const body = res.json();
			expect(body.source.format).toBe("vbo");
			expect(body.timing).toBe("line");
			expect(body.laps).toHaveLength(20);
			for (const lap of body.laps) {
				expect(lap.timeMs).toBeGreaterThanOrEqual(44_600);
				expect(lap.timeMs).toBeLessThanOrEqual(45_550);
			}
		});

		it("times the RaceChrono lap with the file's lap numbers, and makes the track", async () => {
			const res = await upload(
				rider,
				"tianma.csv",
				readReal("racechrono-v3/session_20251231_111318_tianma_lap9_v3.csv"),
			);
			expect(res.statusCode).toBe(201);
			const body = res.json();
			expect(body.source.format).toBe("racechrono");
			expect(body.timing).toBe("markers");
			expect(body.laps).toHaveLength(1);
			expect(Math.abs(body.laps[0].timeMs - 76_329)).toBeLessThanOrEqual(50);
			const tracks = (await ctx.request(admin, { url: "/api/admin/tracks" })).json().tracks;
			const made = tracks.find((t: { name: string }) => t.name === body.session.track);
			expect(made.linesSource).toBe("file");
			expect(made.startFinish).not.toBeNull();
		});

		it("times the TrackAddict log with its # Lap markers", async () => {
			const res = await upload(rider, "STC_log.csv", readReal("trackaddict/STC_log.csv"));
			expect(res.statusCode).toBe(201);
			const body = res.json();
			expect(body.source.format).toBe("trackaddict");
			expect(body.timing).toBe("markers");
			const expected = [155_138, 444_553, 107_089, 116_145, 357_906];
			expect(body.laps).toHaveLength(expected.length);
			body.laps.forEach((lap: { timeMs: number }, k: number) => {
				expect(Math.abs(lap.timeMs - expected[k]!)).toBeLessThanOrEqual(200);
			});
			expect(
				body.report.every((e: { kind: string }) => ["rejected", "notice"].includes(e.kind)),
			).toBe(true);
		});
	});

	// Last: it uses up the address's imports for the minute.
	it("limits how many imports an address sends a minute (429)", async () => {
		const codes: number[] = [];
		for (let i = 0; i <= IMPORT_RATE_LIMIT.max; i++) {
			codes.push((await upload(rider, "lixo.txt", `lixo ${i}\n`)).statusCode);
		}
		expect(codes.at(-1)).toBe(429);
		expect(codes.slice(0, -1).every((c) => c === 400 || c === 429)).toBe(true);
	});
});
