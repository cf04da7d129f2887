import { describe, expect, it } from "vitest";
import { parseGpsBytes } from "./parse-gps";
import { gpsPointAt } from "./serialize";
import type { GpsFile } from "./types";

/**
 * The one-pass reading takes `lapCount|flag|battery|` of a line as the line before's when its
 * bytes are the same, compared as up to four 32-bit words (the first, the last, and for longer
 * runs the second and third). A shortcut there must never take a different run for the same:
 * here, runs that differ only where a compare of the wrong word, or of a word with its bytes in
 * the wrong order, would see them equal.
 */

/** Lines the one-pass reading accepts, so the lines before them are not the file's last. */
const TAIL = "-23.5505199,-46.6333094|60.54|12|120000.00|1|1|12.8V|1.5|-1.4|10\n".repeat(2);
const encoder = new TextEncoder();

function rows(file: GpsFile) {
	return Array.from({ length: file.points.length }, (_, i) => ({
		...gpsPointAt(file.points, i),
		line: file.points.line[i],
	}));
}

/** Reads `lines` with and without the one-pass reading; returns the points' lap and battery. */
function readBoth(lines: string[]) {
	const bytes = encoder.encode(`${lines.join("\n")}\n${TAIL}`);
	const fast = parseGpsBytes(bytes, true);
	const reference = parseGpsBytes(bytes, false);
	expect(rows(fast)).toEqual(rows(reference));
	expect(fast.report).toEqual(reference.report);
	return rows(fast).map((r) => `${r.lapCount}|${r.timingFlag}|${r.battery}`);
}

const line = (time: string, segment: string, rest = "1.5|-1.4|10") =>
	`1,1|0|0|${time}|${segment}${rest}`;

describe("the one-pass gps.six reading, repeated lap count, flag and battery", () => {
	it("takes a run of 5 to 16 bytes as the line before's only when every byte is the same", () => {
		for (let length = 5; length <= 16; length++) {
			const battery = "abcdefghijklmnop".slice(0, length - 5);
			const segment = `1|1|${battery}|`;
			for (const word of new Set([0, 4, 8, length - 4])) {
				if (word + 4 > length) continue;
				// The same bytes with one word's order reversed.
				const bytes = [...segment];
				const reversed = [
					...bytes.slice(0, word),
					...bytes.slice(word, word + 4).reverse(),
					...bytes.slice(word + 4),
				].join("");
				if (reversed === segment) continue;
				readBoth([line("120000", segment), line("120000", reversed)]);
				readBoth([line("120000", reversed), line("120000", segment)]);
			}
		}
	});

	it.each([
		[
			"the word after the run equals the last word of the run before",
			line("120000", "1|1|12|", "1.25|34|5"),
			line("120000", "1|1|34|", "1.25|12|5"),
		],
		[
			"the words before the runs equal the second word of the other run",
			line("120000.999", "1234567|1|ab|"),
			line("120000.567", "1234999|1|ab|"),
		],
		[
			"the words before the runs equal the third word of the other run",
			line("120000.0000123", "1|1|abcd5678ijk|"),
			line("120000.5678123", "1|1|abcd0000ijk|"),
		],
		[
			"the words further before the runs equal the last word of the other run",
			"1,1|0|34|120000|1|1|12|1.5|-1.4|10",
			"1,1|0|12|120000|1|1|34|1.5|-1.4|10",
		],
	])("reads the run again when %s", (_name, first, second) => {
		const [a, b] = readBoth([first, second]);
		expect(a).not.toBe(b);
	});

	it("reads lap count, flag and battery again whenever one byte of them changes", () => {
		for (const battery of ["", "V", "12.8V", "12.8V ok", "bateria12.8V", "bateria_12.8V"]) {
			for (const lap of ["1", "12", "1234", "123456"]) {
				const segment = `${lap}|1|${battery}`;
				const lines = [`1,2|3|4|120000|${segment}|5|6|7`];
				for (let i = 0; i < segment.length; i++) {
					const changed = `${segment.slice(0, i)}${segment[i] === "1" ? "2" : "1"}${segment.slice(i + 1)}`;
					lines.push(`1,2|3|4|120000|${changed}|5|6|7`, lines[0]!);
				}
				readBoth(lines);
			}
		}
	});
});
