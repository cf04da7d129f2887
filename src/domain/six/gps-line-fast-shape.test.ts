import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GpsColumnsBuilder } from "./gps-columns";
import { readGpsLinesFast } from "./gps-line-fast";
import { GpsScanState, lastFastLf } from "./gps-scan-state";
import { parseGpsBytes } from "./parse-gps";
import { MAX_STORED_INTEGER } from "./scan";
import { gpsPointAt } from "./serialize";
import type { GpsPoints } from "./types";

/**
 * Which lines the one-pass reading takes on its own. Its output is checked against the reference
 * reading elsewhere (gps-line-fast.test.ts); here, that the common shape of a line stays on the
 * fast path (a line it gives up on is still read, by the slow reference reading: only a
 * benchmark would notice), and that each shape its comment lists as not recognised stops it
 * before the line, where its shortcuts would stop giving the reference's values.
 */

/** After the last line: the fast reading needs 16 bytes past the LF of every line it reads. */
const PAD = " ".repeat(16);
const encoder = new TextEncoder();

function points(p: GpsPoints) {
	return Array.from({ length: p.length }, (_, i) => ({ ...gpsPointAt(p, i), line: p.line[i] }));
}

/** One call of the fast reading over `text` + PAD: the byte it stopped at and what it read. */
function readFast(text: string) {
	const bytes = encoder.encode(text + PAD);
	const cols = new GpsColumnsBuilder(64);
	const state = new GpsScanState();
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	const stop = readGpsLinesFast(bytes, view, 0, lastFastLf(bytes), cols, state, 64);
	return { stop, lineNo: state.lineNo, points: cols.finish() };
}

/** The reference reading of the same text (every line read field by field). */
function reference(text: string) {
	return parseGpsBytes(encoder.encode(text + PAD), false);
}

const bytesOf = (text: string) => encoder.encode(text).length;

const digits = (min: number, max: number) =>
	fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: min, maxLength: max });
const pad2 = (n: number) => String(n).padStart(2, "0");
/** `whole[.fraction]`, at most 15 digits in all, optionally signed. */
const decimal = (maxWhole: number, signed: boolean) =>
	fc
		.tuple(
			signed ? fc.boolean() : fc.constant(false),
			fc.integer({ min: 0, max: maxWhole - 1 }),
			fc.integer({ min: 0, max: 2 }),
			fc.option(digits(1, 10)),
		)
		.map(
			([minus, whole, zeros, fraction]) =>
				`${minus ? "-" : ""}${"0".repeat(zeros)}${whole}${fraction === null ? "" : `.${fraction}`}`,
		);
const integer = (max: number) =>
	fc
		.tuple(fc.integer({ min: 0, max }), fc.integer({ min: 0, max: 2 }))
		.map(([n, zeros]) => `${"0".repeat(zeros)}${n}`);
const time = fc
	.tuple(
		fc.integer({ min: 0, max: 23 }),
		fc.integer({ min: 0, max: 59 }),
		fc.integer({ min: 0, max: 59 }),
		fc.option(digits(1, 15)),
	)
	.map(([h, m, s, f]) => `${pad2(h)}${pad2(m)}${pad2(s)}${f === null ? "" : `.${f}`}`);
/** Battery text: no space, no `|` (UTF-8 beyond ASCII is fine). */
const battery = fc.string({
	unit: fc.constantFrom(..."0123456789.V%abcxyz_-", "ç", "½"),
	maxLength: 12,
});

/** A line in the common shape (FORMATS.md, both variants), its line ending included. */
const commonLine = fc
	.record({
		lat: fc.oneof(decimal(90, true), fc.constantFrom("90", "-90", "90.0000000000000")),
		lon: fc.oneof(decimal(180, true), fc.constantFrom("180", "-180.000000000000")),
		speed: decimal(1000, false),
		satellites: fc.oneof(integer(65535), fc.constant("65535")),
		time,
		lap: fc.oneof(integer(99), integer(MAX_STORED_INTEGER)),
		flag: fc.constantFrom("0", "1"),
		battery,
		extras: fc.option(fc.tuple(decimal(90, true), decimal(90, true), digits(1, 15))),
		end: fc.constantFrom("\n", "\r\n"),
	})
	.filter((l) => Number(l.lat) !== 0 || Number(l.lon) !== 0)
	.map((l) => {
		const head = `${l.lat},${l.lon}|${l.speed}|${l.satellites}|${l.time}|${l.lap}|${l.flag}|${l.battery}`;
		return `${head}${l.extras === null ? "" : `|${l.extras.join("|")}`}${l.end}`;
	});

const LINE = "-23.5505199,-46.6333094|60.54|12|120000.00|1|1|12.8V|1.5|-1.4|10\n";

describe("the one-pass gps.six reading takes the common shape itself", () => {
	it("reads every line of the common shape in one call, with the reference's values", () => {
		fc.assert(
			fc.property(fc.array(commonLine, { minLength: 1, maxLength: 30 }), (lines) => {
				const text = lines.join("");
				const fast = readFast(text);
				expect(fast.stop).toBe(bytesOf(text));
				expect(fast.lineNo).toBe(lines.length);
				expect(points(fast.points)).toEqual(points(reference(text).points));
			}),
			{ numRuns: 200 },
		);
	});

	it.each([
		["15 digits and no point", "000000000000045,1|123456789012345|0|000000|0|0|x"],
		["15 digits around the point", "1.23456789012345,-123.456789012345|0|0|000000|0|0|x"],
		["latitude 90 and longitude -180", "90,-180|0|0|000000|0|0|x"],
		["latitude -90 and longitude 180", "-90.0,180.0|0|0|000000|0|0|x"],
		["a zero latitude", "0,1|0|0|000000|0|0|x"],
		["a zero longitude", "1,0|0|0|000000|0|0|x"],
		["a negative zero latitude", "-0,1|0|0|000000|0|0|x"],
		["a speed of 15 digits", "1,1|123456789012.345|0|000000|0|0|x"],
		["65535 satellites", "1,1|0|65535|000000|0|0|x"],
		["15 digits of satellites", "1,1|0|000000000065535|000000|0|0|x"],
		["the last time of day", "1,1|0|0|235959.999|0|0|x"],
		["15 decimals of a second", "1,1|0|0|120000.123456789012345|0|0|x"],
		["the largest lap count", `1,1|0|0|000000|${MAX_STORED_INTEGER}|1|x`],
		["15 digits of lap count", "1,1|0|0|000000|000000000000001|1|x"],
		["an empty battery", "1,1|0|0|000000|0|0|"],
		["a long battery", "1,1|0|0|000000|1|1|0123456789abcdefghij|1|1|1"],
		["15 digits of distance", "1,1|0|0|000000|0|0|x|0|0|123456789012345"],
		["15 digits of roll and lean", "1,1|0|0|000000|0|0|x|1.23456789012345|-123456789012345|0"],
		["15 digits of lean and roll", "1,1|0|0|000000|0|0|x|-123456789012345|1.23456789012345|0"],
		["a CR before the LF, old variant", "1,1|0|0|000000|0|0|x\r"],
		["a CR before the LF, current variant", "1,1|0|0|000000|0|0|x|-1.5|2|3\r"],
	])("reads a line with %s", (_name, line) => {
		const text = `${line}\n${line}\n`;
		const fast = readFast(text);
		expect(fast.stop).toBe(bytesOf(text));
		expect(points(fast.points)).toEqual(points(reference(text).points));
	});

	it("reads the lap count, flag and battery of a line that repeats them without reading them again", () => {
		// The second line's segment is compared with the first's; a 16-byte segment still is.
		for (const segment of ["1|1|x", "12|0|12.8V", "1|1|0123456789a", "123|1|12.8V_ok"]) {
			const text = `1,1|0|0|000000|${segment}|0|0|0\n2,2|0|0|000000|${segment}|0|0|0\n`;
			const fast = readFast(text);
			expect(fast.stop).toBe(bytesOf(text));
			expect(points(fast.points)).toEqual(points(reference(text).points));
		}
	});
});

describe("the one-pass gps.six reading stops before a shape it does not recognise", () => {
	it.each([
		["a time with colons", "1,1|0|0|12:00:00|0|0|x"],
		["16 digits before the point", "1234567890123456,1|0|0|000000|0|0|x"],
		["16 digits around the point", "1.234567890123456,1|0|0|000000|0|0|x"],
		["16 digits of longitude", "1,1.234567890123456|0|0|000000|0|0|x"],
		["a point with no digit before it", "1,.5|0|0|000000|0|0|x"],
		["a point with no digit after it", "1.,5|0|0|000000|0|0|x"],
		["a longitude point with no digit after it", "1,5.|0|0|000000|0|0|x"],
		["a second point", "1.5.5,1|0|0|000000|0|0|x"],
		["a sign on the speed", "1,1|-0|0|000000|0|0|x"],
		["16 digits of speed", "1,1|1234567890123.456|0|000000|0|0|x"],
		["a speed point with no digit after it", "1,1|5.|0|000000|0|0|x"],
		["a plus sign", "+1,1|0|0|000000|0|0|x"],
		["an empty latitude", ",1|0|0|000000|0|0|x"],
		["an empty longitude", "1,|0|0|000000|0|0|x"],
		["an empty speed", "1,1||0|000000|0|0|x"],
		["empty satellites", "1,1|0||000000|0|0|x"],
		["16 digits of satellites", "1,1|0|0000000000000001|000000|0|0|x"],
		["an empty time", "1,1|0|0||0|0|x"],
		["a time point with no decimal", "1,1|0|0|120000.|0|0|x"],
		["16 decimals of a second", "1,1|0|0|120000.1234567890123456|0|0|x"],
		["an empty lap count", "1,1|0|0|000000||0|x"],
		["16 digits of lap count", "1,1|0|0|000000|0000000000000001|0|x"],
		["an empty distance", "1,1|0|0|000000|0|0|x|0|0|"],
		["16 digits of distance", "1,1|0|0|000000|0|0|x|0|0|1234567890123456"],
		["a space before the latitude", " 1,1|0|0|000000|0|0|x"],
		["a space after the distance", "1,1|0|0|000000|0|0|x|0|0|1 "],
		["a space in the battery", "1,1|0|0|000000|0|0|12.8 V"],
		["a NUL in the battery", "1,1|0|0|000000|0|0|x\0y"],
		["a CR inside the battery", "1,1|0|0|000000|0|0|x\ry"],
		["a comma for the longitude's end", "1,1,1|0|0|000000|0|0|x"],
		["a pipe for the latitude's end", "1|1|0|000000|0|0|x"],
		["a comma after the speed", "1,1|0,5|0|000000|0|0|x"],
		["a comma after the satellites", "1,1|0|5,5|000000|0|0|x"],
		["a letter after the time", "1,1|0|0|120000Z|0|0|x"],
		["a comma after the roll", "1,1|0|0|000000|0|0|x|1,5|0|0"],
		["a comma after the lean", "1,1|0|0|000000|0|0|x|1|0,5|0"],
		["a pipe after the distance", "1,1|0|0|000000|0|0|x|1|0|5|"],
		["latitude 90.000000001", "90.000000001,1|0|0|000000|0|0|x"],
		["latitude -90.000000001", "-90.000000001,1|0|0|000000|0|0|x"],
		["longitude 180.000000001", "1,180.000000001|0|0|000000|0|0|x"],
		["longitude -180.000000001", "1,-180.000000001|0|0|000000|0|0|x"],
		["0,0 (no fix)", "0,0|0|0|000000|0|0|x"],
		["-0.0,0.00 (no fix)", "-0.0,0.00|0|0|000000|0|0|x"],
		["65536 satellites", "1,1|0|65536|000000|0|0|x"],
		["hour 24", "1,1|0|0|240000|0|0|x"],
		["minute 60", "1,1|0|0|126000|0|0|x"],
		["second 60", "1,1|0|0|120060|0|0|x"],
		["a letter in the seconds", "1,1|0|0|1200a0|0|0|x"],
		["a letter in the last digit of the seconds", "1,1|0|0|12000a|0|0|x"],
		["five digits of time", "1,1|0|0|12000|0|0|x"],
		["a lap count past the largest stored", `1,1|0|0|000000|${MAX_STORED_INTEGER + 1}|1|x`],
		["flag 2", "1,1|0|0|000000|0|2|x"],
		["a flag of two digits", "1,1|0|0|000000|0|10|x"],
		["a flag below 0", "1,1|0|0|000000|0|/|x"],
		["a sign on the lap count", "1,1|0|0|000000|-1|0|x"],
		["a sign on the distance", "1,1|0|0|000000|0|0|x|0|0|-1"],
		["a lap count ended by a letter", "1,1|0|0|000000|1a|0|x"],
		["a lap count ended by a semicolon", "1,1|0|0|000000|1;1|x"],
		["16 digits of latitude, small", "0000000000000001,1|0|0|000000|0|0|x"],
		["16 digits of longitude, small", "1,-0000000000000001|0|0|000000|0|0|x"],
		["16 digits of speed, small", "1,1|0000000000000001|0|000000|0|0|x"],
		["16 digits of roll, small", "1,1|0|0|000000|0|0|x|0000000000000001|0|0"],
		["16 digits of lean, small", "1,1|0|0|000000|0|0|x|0|-0000000000000001|0"],
		["a signed latitude point with no digit before it", "-.5,1|0|0|000000|0|0|x"],
		["a speed point with no digit before it", "1,1|.5|0|000000|0|0|x"],
		["a second point in the longitude", "1,1.5.5|0|0|000000|0|0|x"],
		["a second point in the roll", "1,1|0|0|000000|0|0|x|1.5.5|0|0"],
		["a second point in the lean", "1,1|0|0|000000|0|0|x|0|1.5.5|0"],
		// Each of these reads as a valid line if the odd separator is skipped as the expected one.
		["a semicolon for the latitude's comma", "5;6|1|2|120000|1|1|x"],
		["a semicolon after the longitude", "1,2;3|4|120000|1|1|x"],
		["a semicolon after the speed", "1,1|2;3|120000|1|1|x"],
		["a semicolon after the satellites", "1,1|2|3;120000|1|1|x"],
		["a semicolon after the time", "1,1|2|3|120000;1|1|x"],
		["a semicolon after the roll", "1,1|0|0|000000|0|0|x|1;2|3"],
		["a semicolon after the lean", "1,1|0|0|000000|0|0|x|1|2;3"],
		["a slash for the tens of seconds", "1,1|0|0|1200/5|0|0|x"],
		["a slash for the units of seconds", "1,1|0|0|12005/|0|0|x"],
		["a tab ending the battery", "1,1|0|0|000000|0|0|x\t1|2|3"],
	])("stops before a line with %s", (_name, odd) => {
		const text = `${LINE}${odd}\n${LINE}`;
		const fast = readFast(text);
		expect(fast.stop).toBe(bytesOf(LINE));
		expect(fast.lineNo).toBe(1);
		expect(fast.points.length).toBe(1);
	});

	it("stops before a first line whose number starts with a point", () => {
		for (const odd of [".5,1|0|0|000000|0|0|x", ".5.5,1|0|0|000000|0|0|x"]) {
			const fast = readFast(`${odd}\n${LINE}`);
			expect([fast.stop, fast.lineNo]).toEqual([0, 0]);
		}
	});

	it("stops before a line whose lap count, flag or battery it does not read, whatever the file begins with", () => {
		// Bytes at the start of the file that read as the end of a line (roll|lean|distance):
		// going on after the give-up would land there.
		for (const head of ["1|2|3", "0|1|2|3"]) {
			for (const odd of ["1a|0|x", "0|2|x", "0|0|x\u0000y"]) {
				const text = `${head}\n${LINE}1,1|0|0|000000|${odd}\n${LINE}${LINE}`;
				const bytes = encoder.encode(text + PAD);
				const fast = parseGpsBytes(bytes, true);
				expect(points(fast.points)).toEqual(points(parseGpsBytes(bytes, false).points));
				expect(Array.from(fast.points.line)).toEqual([2, 4, 5]);
			}
		}
	});

	it("stops before a line ending closer to the end of the bytes than a word can read", () => {
		const text = `${LINE}${LINE}`;
		const bytes = encoder.encode(`${text}${" ".repeat(15)}`);
		expect(lastFastLf(bytes)).toBe(bytesOf(LINE) - 1);
		expect(lastFastLf(encoder.encode(`${text}${" ".repeat(16)}`))).toBe(bytesOf(text) - 1);
		expect(lastFastLf(encoder.encode("\n".repeat(16)))).toBe(-1);
		expect(lastFastLf(encoder.encode("\n".repeat(17)))).toBe(0);
	});

	it("reads at most the rows it is given room for", () => {
		const bytes = encoder.encode(LINE.repeat(5) + PAD);
		const cols = new GpsColumnsBuilder(16);
		const state = new GpsScanState();
		const view = new DataView(bytes.buffer);
		const stop = readGpsLinesFast(bytes, view, 0, lastFastLf(bytes), cols, state, 3);
		expect(stop).toBe(3 * bytesOf(LINE));
		expect(cols.length).toBe(3);
		expect(state.lineNo).toBe(3);
	});
});
