import { describe, expect, it } from "vitest";
import { normaliseSha256, readStoredTusMetadata, validateTusMetadata } from "./tus-metadata";

const hex = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
describe("normaliseSha256", () => {
	it("accepts hex in any case, base64 and base64url", () => {
		const bytes = Buffer.from(hex, "hex");
		expect(normaliseSha256(hex.toUpperCase())).toBe(hex);
		expect(normaliseSha256(bytes.toString("base64"))).toBe(hex);
		expect(normaliseSha256(bytes.toString("base64url"))).toBe(hex);
	});
	it.each([
		"",
		"abc",
		hex.slice(1),
		`${hex}0`,
		Buffer.alloc(31).toString("base64"),
		"g".repeat(64),
	])("refuses %j", (text) => {
		expect(normaliseSha256(text)).toBeNull();
	});
});

describe("validateTusMetadata", () => {
	const good = { track: "Interlagos", date: "01022024", filename: "lap.six", sha256: hex };

	it("binds the upload to the creating logger, whatever the client says", () => {
		const result = validateTusMetadata({ ...good, hardwareId: "OTHER" }, "A1");
		expect(result).toEqual({ ok: true, metadata: { ...good, hardwareId: "A1" } });
		const stored = result.ok ? readStoredTusMetadata(result.metadata) : null;
		expect(stored).toMatchObject({ ...good, hardwareId: "A1" });
		expect(stored?.key).toMatchObject({
			hardwareId: "A1",
			track: "Interlagos",
			date: "01022024",
			file: "lap.six",
		});
	});

	it("does not trust stored metadata that breaks a path rule", () => {
		const stored = { ...good, hardwareId: "A1" };
		expect(readStoredTusMetadata(stored)).not.toBeNull();
		expect(readStoredTusMetadata({ ...stored, track: "../x" })).toBeNull();
		expect(readStoredTusMetadata({ ...stored, date: "31022025" })).toBeNull();
		expect(readStoredTusMetadata({ ...stored, filename: "x.six" })).toBeNull();
		expect(readStoredTusMetadata({ ...stored, hardwareId: "a b" })).toBeNull();
	});

	it("names the missing fields", () => {
		const result = validateTusMetadata({ track: "x", sha256: null }, "A1");
		expect(result).toEqual({
			ok: false,
			reason: expect.stringContaining("falta date, filename, sha256"),
		});
	});

	it("passes on the path rule that was broken", () => {
		expect(validateTusMetadata({ ...good, date: "31022025" }, "A1")).toEqual({
			ok: false,
			reason: 'Data inválida "31022025": use ddmmyyyy com uma data real.',
		});
		expect(validateTusMetadata({ ...good, filename: "x.six" }, "A1")).toEqual({
			ok: false,
			reason: 'Arquivo inválido "x.six": use lap.six ou gps.six.',
		});
		expect(validateTusMetadata({ ...good, sha256: "zz" }, "A1")).toMatchObject({
			ok: false,
			reason: expect.stringMatching(/^sha256 inválido/),
		});
	});
});
