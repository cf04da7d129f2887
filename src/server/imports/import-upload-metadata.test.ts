import { describe, expect, it } from "vitest";
import { parseImportUploadRequest, readImportUploadMetadata } from "./import-upload-metadata";

const header = (fields: Record<string, string>) =>
	Object.entries(fields)
		.map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
		.join(",");

const SHA = "ab".repeat(32);
const RIDER = "0b7c2a4e-7a7e-4a53-9f0e-3d1f0f1a2b3c";

describe("the metadata of a resumable import", () => {
	it("takes the name, and optionally the rider and the SHA-256 (hex or base64)", () => {
		expect(parseImportUploadRequest(header({ name: "Interlagos 2025.csv" }))).toEqual({
			ok: true,
			request: { name: "Interlagos 2025.csv", riderId: undefined, sha256: null },
		});
		const base64 = Buffer.from(SHA, "hex").toString("base64");
		expect(
			parseImportUploadRequest(
				header({ name: "a.vbo", riderId: RIDER.toUpperCase(), sha256: base64 }),
			),
		).toEqual({ ok: true, request: { name: "a.vbo", riderId: RIDER, sha256: SHA } });
	});

	it.each([
		[undefined, /ausente ou malformado/],
		["name", /falta name/],
		["name !!!", /ausente ou malformado/],
		[header({ riderId: RIDER }), /falta name/],
		[header({ name: "a.gpx", riderId: "42" }), /riderId inválido/],
		[header({ name: "a.gpx", sha256: "abc" }), /sha256 inválido/],
		[header({ name: "x".repeat(1001) }), /longo demais/],
	])("refuses %j with a reason", (value, reason) => {
		const parsed = parseImportUploadRequest(value);
		expect(parsed.ok).toBe(false);
		expect(parsed.ok ? "" : parsed.reason).toMatch(reason);
	});

	it("reads back only what an import stored: a logger's upload is not one", () => {
		const stored = { name: "a.gpx", riderId: RIDER, sha256: null, importedBy: RIDER };
		expect(readImportUploadMetadata(stored)).toEqual(stored);
		expect(
			readImportUploadMetadata({
				track: "Interlagos",
				date: "01022024",
				filename: "lap.six",
				sha256: SHA,
				hardwareId: "LX1",
			}),
		).toBeNull();
		expect(readImportUploadMetadata(undefined)).toBeNull();
	});
});
