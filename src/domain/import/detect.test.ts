import { describe, expect, it } from "vitest";
import { detectFormat } from "./detect";
import { fixtureBytes, fixturePaths } from "./test-files";
import { bytesOf } from "./test-support";

describe("detectFormat", () => {
	it("recognises every fixture by its content, whatever its name", () => {
		for (const path of fixturePaths()) {
			const expected = path.split("/")[0];
			expect(detectFormat(fixtureBytes(path)), path).toBe(expected);
		}
	});

	it("recognises a lapsix logger's gps.six and lap.six (read elsewhere)", () => {
		expect(
			detectFormat(bytesOf("-23.7011000,-46.6972000|12.50|9|095958.00|0|0|12.6V|0.00|0.00|0\n")),
		).toBe("six");
		expect(detectFormat(bytesOf("0123456|12.6V|36000|20100,0,5,7,,400|||||2|1800|1\n"))).toBe(
			"six",
		);
	});

	it("recognises RaceCapture and AiM exports by their first lines", () => {
		expect(
			detectFormat(
				bytesOf('"Interval"|"ms"|0|0|1,"Utc"|"ms"|0|0|1,"Latitude"|"Degrees"|-180|180|10\n'),
			),
		).toBe("racecapture");
		expect(detectFormat(bytesOf('"Format","AiM CSV File"\n"Venue","X"\n'))).toBe("aim");
	});

	it("recognises UTF-16 text by its byte-order mark", () => {
		const text = "File created on 01/03/2025 @ 14:00\r\n\r\n[data]\r\n";
		const utf16 = new Uint8Array(2 + text.length * 2);
		utf16.set([0xff, 0xfe]);
		for (let i = 0; i < text.length; i++) utf16[2 + 2 * i] = text.charCodeAt(i);
		expect(detectFormat(utf16)).toBe("vbo");
	});

	it("gives null for anything else", () => {
		for (const text of [
			"",
			"hello",
			"a,b,c\n1,2,3\n",
			"<html><body/></html>",
			"\u0000\u0001\u0002",
		]) {
			expect(detectFormat(bytesOf(text)), text).toBeNull();
		}
	});
});
