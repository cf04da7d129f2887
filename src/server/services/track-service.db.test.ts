/**
 * Tracks as admins create and edit them: names are unique, sector lines need a start/finish
 * line, the lines an admin touches become the admin's, and every change is audited with what
 * the track was and became. Who may call the routes is the access matrix's.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GateLine } from "../../shared/api/tracks";
import type { UserActor } from "../auth/actor";
import type { DatabaseHandle } from "../db/database";
import type { TrackLinesSource } from "../db/schema";
import { userActor } from "../test/actors";
import { refusalOf, rejectionOf } from "../test/rejection";
import { createTestDatabase } from "../test/test-database";
import { createTrackService } from "./track-service";

let handle: DatabaseHandle;
let service: ReturnType<typeof createTrackService>;
let admin: UserActor;
let rider: UserActor;

beforeAll(async () => {
	handle = await createTestDatabase();
	service = createTrackService(handle.db);
	const adminRow = await handle.db
		.insertInto("users")
		.values({ email: "adm@example.com", is_admin: true })
		.returning(["id", "email"])
		.executeTakeFirstOrThrow();
	admin = userActor(adminRow, { isAdmin: true });
	const riderRow = await handle.db
		.insertInto("users")
		.values({ email: "ana@example.com" })
		.returning(["id", "email"])
		.executeTakeFirstOrThrow();
	rider = userActor(riderRow);
});
afterAll(() => handle.close());

/** A line about 20 m wide across the track, `north` metres-ish up from the pit straight. */
const line = (north: number): GateLine => ({
	a: { lat: -23.7036 + north * 0.00001, lon: -46.6997 },
	b: { lat: -23.7036 + north * 0.00001, lon: -46.6995 },
});
const START = line(0);
const OTHER_START = line(50);
const S1 = line(100);
const S2 = line(200);
const S3 = line(300);

const NO_LINE_FOR_SECTORS = "Linhas de setor pedem uma linha de largada/chegada.";

const stored = async (id: string) => {
	const row = await handle.db
		.selectFrom("tracks")
		.select(["name", "start_finish", "direction_deg", "sectors", "length_m", "lines_source"])
		.where("id", "=", id)
		.executeTakeFirstOrThrow();
	return {
		name: row.name,
		startFinish: row.start_finish,
		directionDeg: row.direction_deg,
		sectors: row.sectors,
		lengthM: row.length_m,
		linesSource: row.lines_source,
	};
};

const auditOf = (id: string) =>
	handle.db
		.selectFrom("audit_log")
		.select(["action", "target_type", "target_id", "actor_id", "actor_label", "details"])
		.where("target_id", "=", id)
		.orderBy("id")
		.execute();

const trackNamed = (name: string) =>
	handle.db.selectFrom("tracks").select("id").where("name", "=", name).execute();

/** A track whose lines came from somewhere else than an admin (a file's markers). */
async function fileTrack(name: string, source: TrackLinesSource = "file") {
	const track = await service.create(admin, {
		name,
		startFinish: START,
		directionDeg: 90,
		sectors: [S1, S2],
		lengthM: 1200,
	});
	await handle.db
		.updateTable("tracks")
		.set({ lines_source: source })
		.where("id", "=", track.id)
		.execute();
	return track;
}

/** A track with no lines yet. */
const barTrack = (name: string) =>
	service.create(admin, {
		name,
		startFinish: null,
		directionDeg: null,
		sectors: [],
		lengthM: 800,
	});

describe("creating a track", () => {
	it("stores the name, lines and length, marks the lines the admin's and audits the snapshot", async () => {
		const created = await service.create(admin, {
			name: "Interlagos",
			startFinish: START,
			directionDeg: 90,
			sectors: [S1, S2],
			lengthM: 4309,
		});
		const fields = {
			name: "Interlagos",
			startFinish: START,
			directionDeg: 90,
			sectors: [S1, S2],
			lengthM: 4309,
		};
		expect(created).toEqual({
			id: expect.any(String),
			...fields,
			linesSource: "admin",
			sessionCount: 0,
		});
		expect(await stored(created.id)).toEqual({ ...fields, linesSource: "admin" });
		expect(await auditOf(created.id)).toEqual([
			{
				action: "track.create",
				target_type: "track",
				target_id: created.id,
				actor_id: admin.user.id,
				actor_label: "adm@example.com",
				details: { after: fields },
			},
		]);
	});

	it("creates a track without a start/finish line and without sectors: its lines have no source", async () => {
		const created = await barTrack("Kartódromo da Granja");
		expect(created).toMatchObject({
			name: "Kartódromo da Granja",
			startFinish: null,
			directionDeg: null,
			sectors: [],
			lengthM: 800,
			linesSource: null,
			sessionCount: 0,
		});
		const [entry] = await auditOf(created.id);
		expect(entry?.details).toEqual({
			after: {
				name: "Kartódromo da Granja",
				startFinish: null,
				directionDeg: null,
				sectors: [],
				lengthM: 800,
			},
		});
	});

	it("creates a track with a start/finish line and no sectors", async () => {
		const created = await service.create(admin, {
			name: "Aldeia da Serra",
			startFinish: START,
			directionDeg: null,
			sectors: [],
			lengthM: null,
		});
		expect(created).toMatchObject({ startFinish: START, sectors: [], linesSource: "admin" });
	});

	it("refuses sector lines without a start/finish line and writes nothing", async () => {
		const error = await rejectionOf(
			service.create(admin, {
				name: "Sem Linha",
				startFinish: null,
				directionDeg: null,
				sectors: [S1],
				lengthM: null,
			}),
		);
		expect(refusalOf(error)).toEqual({
			status: 409,
			code: "sectors_without_line",
			message: NO_LINE_FOR_SECTORS,
		});
		expect(await trackNamed("Sem Linha")).toEqual([]);
	});

	it("refuses a name already taken, naming the track, and leaves that track as it was", async () => {
		const first = await service.create(admin, {
			name: "Velocitta",
			startFinish: null,
			directionDeg: null,
			sectors: [],
			lengthM: 3443,
		});
		const error = await rejectionOf(
			service.create(admin, {
				name: "Velocitta",
				startFinish: START,
				directionDeg: 10,
				sectors: [],
				lengthM: 1000,
			}),
		);
		expect(refusalOf(error)).toEqual({
			status: 409,
			code: "track_name_taken",
			message: 'Já existe uma pista chamada "Velocitta".',
		});
		expect(await stored(first.id)).toMatchObject({ startFinish: null, lengthM: 3443 });
		expect((await auditOf(first.id)).map((e) => e.action)).toEqual(["track.create"]);
	});
});

describe("editing a track", () => {
	it("answers not found for an unknown track", async () => {
		const error = await rejectionOf(service.update(admin, randomUUID(), { name: "Nova" }));
		expect(refusalOf(error)).toEqual({
			status: 404,
			code: "track_not_found",
			message: "Pista não encontrada.",
		});
	});

	it("refuses renaming to a name another track has, naming it, and changes nothing", async () => {
		await barTrack("Tarumã");
		const track = await barTrack("Guaporé");
		const error = await rejectionOf(
			service.update(admin, track.id, { name: "Tarumã", lengthM: 5 }),
		);
		expect(refusalOf(error)).toEqual({
			status: 409,
			code: "track_name_taken",
			message: 'Já existe uma pista chamada "Tarumã".',
		});
		expect(await stored(track.id)).toMatchObject({ name: "Guaporé", lengthM: 800 });
		expect((await auditOf(track.id)).map((e) => e.action)).toEqual(["track.create"]);
	});

	it("accepts a track's own name and a free new name", async () => {
		const track = await barTrack("Cascavel");
		expect(
			(await service.update(admin, track.id, { name: "Cascavel", lengthM: 3058 })).lengthM,
		).toBe(3058);
		expect((await service.update(admin, track.id, { name: "Zilmar Beux" })).name).toBe(
			"Zilmar Beux",
		);
		expect(await stored(track.id)).toMatchObject({ name: "Zilmar Beux", lengthM: 3058 });
	});

	it("renames only: the lines, length and their source stay as they were", async () => {
		const track = await fileTrack("Potenza");
		const updated = await service.update(admin, track.id, { name: "Potenza Lima" });
		const expected = {
			name: "Potenza Lima",
			startFinish: START,
			directionDeg: 90,
			sectors: [S1, S2],
			lengthM: 1200,
			linesSource: "file",
		};
		expect(updated).toEqual({ id: track.id, ...expected, sessionCount: 0 });
		expect(await stored(track.id)).toEqual(expected);
	});

	it("changes the length only: the lines keep their source", async () => {
		const track = await fileTrack("Beto Carrero", "lap_counter");
		const updated = await service.update(admin, track.id, { lengthM: 2100 });
		expect(updated).toMatchObject({
			lengthM: 2100,
			startFinish: START,
			directionDeg: 90,
			sectors: [S1, S2],
			linesSource: "lap_counter",
		});
	});

	it("renames a track without lines and leaves it without a source", async () => {
		const track = await barTrack("Nova Odessa");
		const updated = await service.update(admin, track.id, { name: "Nova Odessa II" });
		expect(updated).toMatchObject({ startFinish: null, sectors: [], linesSource: null });
	});

	it("moves the start/finish line only: the direction and sectors stay, the lines become the admin's", async () => {
		const track = await fileTrack("Piracicaba");
		const updated = await service.update(admin, track.id, { startFinish: OTHER_START });
		const expected = {
			name: "Piracicaba",
			startFinish: OTHER_START,
			directionDeg: 90,
			sectors: [S1, S2],
			lengthM: 1200,
			linesSource: "admin",
		};
		expect(updated).toEqual({ id: track.id, ...expected, sessionCount: 0 });
		expect(await stored(track.id)).toEqual(expected);
	});

	it("changes the sectors only: the start/finish line stays, the lines become the admin's", async () => {
		const track = await fileTrack("Londrina");
		const updated = await service.update(admin, track.id, { sectors: [S3] });
		expect(await stored(track.id)).toEqual({
			name: "Londrina",
			startFinish: START,
			directionDeg: 90,
			sectors: [S3],
			lengthM: 1200,
			linesSource: "admin",
		});
		expect(updated.linesSource).toBe("admin");
	});

	it("changes the direction only: the lines stay, and become the admin's", async () => {
		const track = await fileTrack("Goiânia");
		const updated = await service.update(admin, track.id, { directionDeg: 270 });
		expect(await stored(track.id)).toEqual({
			name: "Goiânia",
			startFinish: START,
			directionDeg: 270,
			sectors: [S1, S2],
			lengthM: 1200,
			linesSource: "admin",
		});
		expect(updated.linesSource).toBe("admin");
	});

	it("sets a direction on a track without lines, which stays without a source", async () => {
		const track = await barTrack("Brasília");
		const updated = await service.update(admin, track.id, { directionDeg: 45 });
		expect(updated).toMatchObject({ directionDeg: 45, startFinish: null, linesSource: null });
	});

	it("refuses sectors on a track without a start/finish line, and accepts an empty list", async () => {
		const track = await barTrack("Curitiba");
		const error = await rejectionOf(service.update(admin, track.id, { sectors: [S1] }));
		expect(refusalOf(error)).toEqual({
			status: 409,
			code: "sectors_without_line",
			message: NO_LINE_FOR_SECTORS,
		});
		expect(await stored(track.id)).toMatchObject({ sectors: [], linesSource: null });
		const updated = await service.update(admin, track.id, { sectors: [], lengthM: 900 });
		expect(updated).toMatchObject({ sectors: [], lengthM: 900, linesSource: null });
	});

	it("gives a track without lines a start/finish line and sectors together", async () => {
		const track = await barTrack("Tarumã Norte");
		const updated = await service.update(admin, track.id, {
			startFinish: START,
			sectors: [S1, S2, S3],
		});
		expect(updated).toMatchObject({
			startFinish: START,
			sectors: [S1, S2, S3],
			directionDeg: null,
			linesSource: "admin",
		});
	});

	it("removing the start/finish line also clears the kept sectors, the direction and the source", async () => {
		const track = await fileTrack("Camburi");
		const updated = await service.update(admin, track.id, { startFinish: null });
		const expected = {
			name: "Camburi",
			startFinish: null,
			directionDeg: null,
			sectors: [],
			lengthM: 1200,
			linesSource: null,
		};
		expect(updated).toEqual({ id: track.id, ...expected, sessionCount: 0 });
		expect(await stored(track.id)).toEqual(expected);
	});

	it("removes the start/finish line with an empty sector list given", async () => {
		const track = await fileTrack("Fazenda");
		const updated = await service.update(admin, track.id, { startFinish: null, sectors: [] });
		expect(updated).toMatchObject({
			startFinish: null,
			sectors: [],
			directionDeg: null,
			linesSource: null,
		});
	});

	it("refuses removing the start/finish line while giving sector lines, and changes nothing", async () => {
		const track = await fileTrack("Paladino");
		const error = await rejectionOf(
			service.update(admin, track.id, { startFinish: null, sectors: [S3] }),
		);
		expect(refusalOf(error)).toEqual({
			status: 409,
			code: "sectors_without_line",
			message: NO_LINE_FOR_SECTORS,
		});
		expect(await stored(track.id)).toMatchObject({
			startFinish: START,
			sectors: [S1, S2],
			linesSource: "file",
		});
	});

	it("audits an edit with the track before and after", async () => {
		const track = await fileTrack("Santa Cruz");
		await service.update(admin, track.id, { name: "Santa Cruz do Sul", directionDeg: 180 });
		const entries = await auditOf(track.id);
		expect(entries.map((e) => e.action)).toEqual(["track.create", "track.update"]);
		expect(entries[1]).toEqual({
			action: "track.update",
			target_type: "track",
			target_id: track.id,
			actor_id: admin.user.id,
			actor_label: "adm@example.com",
			details: {
				before: {
					name: "Santa Cruz",
					startFinish: START,
					directionDeg: 90,
					sectors: [S1, S2],
					lengthM: 1200,
				},
				after: {
					name: "Santa Cruz do Sul",
					startFinish: START,
					directionDeg: 180,
					sectors: [S1, S2],
					lengthM: 1200,
				},
			},
		});
	});

	it("counts the sessions recorded at the track", async () => {
		const track = await barTrack("Ibiúna");
		await handle.db.insertInto("hardware").values({ id: "TRK1" }).execute();
		await handle.db
			.insertInto("sessions")
			.values({ hardware_id: "TRK1", track: "Ibiúna", date: "2025-03-02", track_id: track.id })
			.execute();
		expect((await service.update(admin, track.id, { lengthM: 1000 })).sessionCount).toBe(1);
	});
});

describe("who may change tracks", () => {
	it("refuses a rider creating or editing a track, and nothing changes", async () => {
		const createError = await rejectionOf(
			service.create(rider, {
				name: "Do Piloto",
				startFinish: null,
				directionDeg: null,
				sectors: [],
				lengthM: null,
			}),
		);
		expect(refusalOf(createError)).toEqual({
			status: 403,
			code: "forbidden",
			message: "Apenas administradores podem fazer isso.",
		});
		expect(await trackNamed("Do Piloto")).toEqual([]);

		const track = await barTrack("Só Admin");
		const updateError = await rejectionOf(service.update(rider, track.id, { name: "Do Piloto" }));
		expect(refusalOf(updateError)).toEqual(refusalOf(createError));
		expect(await stored(track.id)).toMatchObject({ name: "Só Admin" });
		expect((await auditOf(track.id)).map((e) => e.action)).toEqual(["track.create"]);
	});
});
