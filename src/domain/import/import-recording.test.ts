import { describe, expect, it } from "vitest";
import type { SourceFormat } from "../recording/types";
import { importRecording, isRecognised, MAX_IMPORT_BYTES } from "./import-recording";
import { fixtureBytes } from "./test-files";
import { bytesOf } from "./test-support";

describe("importRecording", () => {
	it("reads each format from the content, the file name only naming the report", () => {
		const r = importRecording(fixtureBytes("nmea/broken.nmea"), "qualquer.gpx");
		expect(r.source.format).toBe("nmea");
		expect(r.report[0]?.file).toBe("qualquer.gpx");
	});

	it("reads the format it is told", () => {
		const r = importRecording(fixtureBytes("vbo/degrees-no-names.vbo"), "x", "vbo");
		expect([r.source.format, r.fixes.length]).toEqual(["vbo", 301]);
	});

	it("gives an empty result with a clear reason for an unknown format", () => {
		const r = importRecording(bytesOf("a,b,c\n1,2,3\n"), "planilha.csv");
		expect(isRecognised(r)).toBe(false);
		expect(r.fixes.length).toBe(0);
		expect(r.report).toEqual([
			{
				file: "planilha.csv",
				line: 0,
				kind: "rejected",
				reason:
					"formato não reconhecido: esperado RaceChrono CSV v3, VBO, NMEA, GPX, TrackAddict, RaceCapture ou AiM CSV",
			},
		]);
	});

	it("recognises a .six file but leaves it to the logger parsers", () => {
		const r = importRecording(
			bytesOf("-23.7011000,-46.6972000|12.50|9|095958.00|0|0|12.6V|0.00|0.00|0\n"),
			"gps.six",
		);
		expect(r.source.format).toBe("six");
		expect(r.fixes.length).toBe(0);
		expect(r.report[0]?.reason).toMatch(/lap\.six e gps\.six/);
	});

	it("refuses a file above the size bound without reading it", () => {
		const huge = { length: MAX_IMPORT_BYTES + 1 } as Uint8Array;
		const r = importRecording(huge, "big.vbo");
		expect(isRecognised(r)).toBe(false);
		expect(r.report[0]?.reason).toMatch(/grande demais/);
	});

	it("reads UTF-16 text and CR-only line ends like any other", () => {
		const text = new TextDecoder().decode(fixtureBytes("vbo/degrees-no-names.vbo"));
		const utf16 = new Uint8Array(2 + text.length * 2);
		utf16.set([0xff, 0xfe]);
		for (let i = 0; i < text.length; i++) utf16[2 + 2 * i] = text.charCodeAt(i);
		expect(importRecording(utf16, "u.vbo").fixes.length).toBe(301);
		expect(importRecording(bytesOf(text.replaceAll("\n", "\r")), "m.vbo").fixes.length).toBe(301);
	});
});

/** Something that passes for bytes of `length` but fails when read, as an importer bug would. */
function failingBytes(length: number): Uint8Array {
	return {
		length,
		indexOf() {
			throw new Error("leitura falhou");
		},
	} as unknown as Uint8Array;
}

describe("importRecording: refusals and their reasons", () => {
	it("says how big a refused file is and what the bound is", () => {
		const r = importRecording({ length: MAX_IMPORT_BYTES + 1 } as Uint8Array, "big.vbo");
		expect(r.report[0]?.reason).toBe("arquivo grande demais: 513 MiB, o limite é 512 MiB");
	});

	it("reads a file of exactly the size bound", () => {
		const r = importRecording(failingBytes(MAX_IMPORT_BYTES), "limit.vbo", "vbo");
		expect(r.report[0]?.reason).not.toMatch(/grande demais/);
	});

	it("reads the format it is told even when the content does not show it", () => {
		const nmea = new TextDecoder().decode(fixtureBytes("nmea/normal.nmea"));
		const noisy = bytesOf(`${"registro do logger\n".repeat(30)}${nmea}`);
		const r = importRecording(noisy, "noisy.nmea", "nmea");
		expect(r.source.format).toBe("nmea");
		expect(r.fixes.length).toBeGreaterThan(0);
	});

	it("names a stored format it has no importer for", () => {
		const r = importRecording(bytesOf("x\n"), "old.kml", "kml" as SourceFormat);
		expect(r.source.format).toBe("kml");
		expect(r.report.map((e) => e.reason)).toEqual(["formato kml ainda não é importado"]);
	});

	it("never throws: an importer's error refuses the file whole, naming the error", () => {
		const r = importRecording(failingBytes(10), "x.vbo", "vbo");
		expect(r.source.format).toBe("vbo");
		expect(r.fixes.length).toBe(0);
		expect(r.report).toEqual([
			{
				file: "x.vbo",
				line: 0,
				kind: "rejected",
				reason: "erro interno ao ler o arquivo: leitura falhou",
			},
		]);
	});
});
