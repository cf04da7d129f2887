import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
	folderOfIsoDate,
	hardwareIdProblem,
	isoDateOfFolder,
	MAX_TRACK_NAME_BYTES,
	parseSessionKey,
	parseSessionObjectKey,
	type SessionFileKey,
	sessionKeyOrThrow,
	sessionLockName,
	sessionObjectKey,
	sessionOf,
} from "./session-key";

const good = { hardwareId: "HW-1", track: "Interlagos", date: "05042025", file: "lap.six" };

/** Independent of the parser: the calendar as JavaScript's Date knows it. */
function isRealDay(folder: string): boolean {
	if (!/^\d{8}$/.test(folder)) return false;
	const [day, month, year] = [folder.slice(0, 2), folder.slice(2, 4), folder.slice(4)].map(Number);
	if (year! < 1) return false;
	const date = new Date(Date.UTC(2000, month! - 1, day!));
	date.setUTCFullYear(year!, month! - 1, day!);
	return (
		date.getUTCFullYear() === year && date.getUTCMonth() === month! - 1 && date.getUTCDate() === day
	);
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
const FORBIDDEN = /[/\\\u0000-\u001f\u007f-\u009f]/;
const validTrack = fc
	.string({ unit: "grapheme", minLength: 1, maxLength: 64 })
	.filter((t) => isTrackName(t));
const validDate = fc
	.record({
		year: fc.integer({ min: 1, max: 9999 }),
		month: fc.integer({ min: 1, max: 12 }),
		day: fc.integer({ min: 1, max: 31 }),
	})
	.map(
		({ day, month, year }) =>
			`${String(day).padStart(2, "0")}${String(month).padStart(2, "0")}${String(year).padStart(4, "0")}`,
	)
	.filter(isRealDay);
const validHardwareId = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);
const validFile = fc.constantFrom("lap.six", "gps.six");

/** A track name's own rules, written again here as the test's oracle. */
function isTrackName(t: string): boolean {
	const length = [...t].length;
	return (
		length >= 1 &&
		length <= 64 &&
		t !== "." &&
		t !== ".." &&
		!FORBIDDEN.test(t) &&
		Buffer.byteLength(t, "utf8") <= MAX_TRACK_NAME_BYTES
	);
}

/** Either a valid part or something close to (or far from) one. */
const anyTrack = fc.oneof(
	validTrack,
	fc.string({ unit: "binary", maxLength: 80 }),
	fc.constantFrom("", ".", "..", "a/b", "a\\b", "a\tb", "é".repeat(101), "x".repeat(65)),
);
const anyDate = fc.oneof(
	validDate,
	fc.stringMatching(/^\d{8}$/),
	fc.string({ maxLength: 12 }),
	fc.constantFrom("29022024", "29022025", "29021900", "29022000", "00012025", "01010000"),
);
const anyHardwareId = fc.oneof(validHardwareId, fc.string({ maxLength: 70 }));
const anyFile = fc.oneof(validFile, fc.string({ maxLength: 12 }), fc.constant("LAP.SIX"));

describe("session keys", () => {
	it("turns date folders into SQL dates and back", () => {
		expect(isoDateOfFolder("05042025")).toBe("2025-04-05");
		expect(folderOfIsoDate("2025-04-05")).toBe("05042025");
	});

	it("places files and locks by logger, track and day", () => {
		const key = sessionKeyOrThrow(good, "gps.six");
		expect(sessionObjectKey(key)).toBe("HW-1/Interlagos/05042025/gps.six");
		expect(sessionLockName(key)).toBe("HW-1/Interlagos/05042025");
	});

	it("accepts a real key and says why it refuses another", () => {
		expect(parseSessionKey(good)).toEqual({
			ok: true,
			key: { ...good, isoDate: "2025-04-05" },
		});
		expect(parseSessionKey({ ...good, file: "gps.six" })).toMatchObject({
			ok: true,
			key: { file: "gps.six" },
		});
		expect(parseSessionKey({ ...good, track: "a/b" })).toMatchObject({
			ok: false,
			code: "invalid_session_path",
			reason: expect.stringMatching(/^Nome de pista inválido: use de 1 a 64 caracteres/),
		});
		expect(parseSessionKey({ ...good, track: "é".repeat(64) })).toMatchObject({ ok: true });
		// 50 four-byte characters: exactly the byte limit, accepted; one byte more is refused.
		expect(parseSessionKey({ ...good, track: "😀".repeat(50) })).toMatchObject({ ok: true });
		expect(parseSessionKey({ ...good, track: `${"😀".repeat(50)}a` })).toMatchObject({
			ok: false,
			reason: expect.stringMatching(/^Nome de pista longo demais: 201 bytes/),
		});
		expect(parseSessionKey({ ...good, track: "😀".repeat(51) })).toMatchObject({
			ok: false,
			reason: expect.stringMatching(/^Nome de pista longo demais: 204 bytes/),
		});
		expect(parseSessionKey({ ...good, date: "31042025" })).toEqual({
			ok: false,
			code: "invalid_session_path",
			reason: 'Data inválida "31042025": use ddmmyyyy com uma data real.',
		});
		expect(parseSessionKey({ ...good, date: "x".repeat(30) })).toMatchObject({
			reason: `Data inválida "${"x".repeat(20)}": use ddmmyyyy com uma data real.`,
		});
		expect(parseSessionKey({ ...good, file: "y".repeat(50) })).toEqual({
			ok: false,
			code: "invalid_session_path",
			reason: `Arquivo inválido "${"y".repeat(40)}": use lap.six ou gps.six.`,
		});
		expect(parseSessionKey({ ...good, hardwareId: "a b" })).toEqual({
			ok: false,
			code: "invalid_hardware_id",
			reason: "Identificador de logger inválido: use de 1 a 64 letras, dígitos, '-' ou '_'.",
		});
		expect(() => sessionKeyOrThrow(good, "foo.six")).toThrow(/Arquivo inválido/);
	});

	it("turns every accepted key into a storage key that parses back to it", () => {
		fc.assert(
			fc.property(
				fc.record({
					hardwareId: validHardwareId,
					track: validTrack,
					date: validDate,
					file: validFile,
				}),
				(input) => {
					const checked = parseSessionKey(input);
					expect(checked).toMatchObject({ ok: true, key: input });
					if (!checked.ok) return;
					const objectKey = sessionObjectKey(checked.key);
					expect(objectKey.split("/")).toHaveLength(4);
					expect(parseSessionObjectKey(objectKey)).toEqual(checked);
				},
			),
		);
	});

	it("accepts exactly the keys every rule allows, and gives a reason for each refusal", () => {
		fc.assert(
			fc.property(
				fc.record({ hardwareId: anyHardwareId, track: anyTrack, date: anyDate, file: anyFile }),
				(input) => {
					const trackOk = isTrackName(input.track);
					const allOk =
						trackOk &&
						isRealDay(input.date) &&
						(input.file === "lap.six" || input.file === "gps.six") &&
						/^[A-Za-z0-9_-]{1,64}$/.test(input.hardwareId);
					const checked = parseSessionKey(input);
					expect(checked.ok).toBe(allOk);
					if (checked.ok) {
						expect(parseSessionObjectKey(sessionObjectKey(checked.key))).toEqual(checked);
					} else {
						expect(checked.reason.length).toBeGreaterThan(10);
						expect(["invalid_session_path", "invalid_hardware_id"]).toContain(checked.code);
					}
				},
			),
			{ numRuns: 2000 },
		);
	});

	it("refuses storage keys that are not four checked parts", () => {
		expect(parseSessionObjectKey("HW-1/Interlagos/05042025")).toMatchObject({ ok: false });
		expect(parseSessionObjectKey("HW-1/a/b/05042025/lap.six")).toMatchObject({ ok: false });
		expect(parseSessionObjectKey("imports/r/s/original")).toMatchObject({ ok: false });
		// A valid key with one more part is refused as a whole, not read by its first four parts.
		const long = `HW-1/Interlagos/05042025/lap.six/${"x".repeat(100)}`;
		expect(parseSessionObjectKey(long)).toEqual({
			ok: false,
			code: "invalid_session_path",
			reason: `Chave de armazenamento inválida "${long.slice(0, 80)}".`,
		});
	});

	it("says what is wrong with a logger identifier, or nothing when it is valid", () => {
		expect(hardwareIdProblem("HW-1_a")).toBeNull();
		expect(hardwareIdProblem("a b")).toBe(
			"Identificador de logger inválido: use de 1 a 64 letras, dígitos, '-' ou '_'.",
		);
	});

	it("names a file's session by its logger, track and day only", () => {
		expect(sessionOf(sessionKeyOrThrow(good, "gps.six"))).toEqual({
			hardwareId: "HW-1",
			track: "Interlagos",
			date: "05042025",
		});
	});

	it("takes only checked keys where storage keys are made", () => {
		const plain = { ...good, isoDate: "2025-04-05" };
		// @ts-expect-error a plain object is not a checked key
		const fromPlain = (): string => sessionObjectKey(plain);
		// @ts-expect-error nor is a string
		const fromString = (): string => sessionObjectKey("HW-1/Interlagos/05042025/lap.six");
		const checked: SessionFileKey = sessionKeyOrThrow(good, "lap.six");
		expect(sessionObjectKey(checked)).toBe("HW-1/Interlagos/05042025/lap.six");
		expect([typeof fromPlain, typeof fromString]).toEqual(["function", "function"]);
	});
});
