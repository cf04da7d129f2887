import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { importNmea } from "./nmea";
import { FAST_GGA, FAST_RMC, fastSentence, readSentenceFast } from "./nmea-fast";
import { fixtureBytes, fixturePaths } from "./test-files";
import { latin1Bytes } from "./test-support";

function checksum(body: string): string {
	let x = 0;
	for (let i = 0; i < body.length; i++) x ^= body.charCodeAt(i);
	return x.toString(16).toUpperCase().padStart(2, "0");
}

const digits = (min: number, max: number) =>
	fc.stringMatching(new RegExp(`^[0-9]{${min},${max}}$`));

/** A numeric field in the shapes receivers write, and some they should not. */
const number = fc.oneof(
	{ weight: 6, arbitrary: fc.tuple(digits(1, 5), digits(0, 6)).map(([a, b]) => `${a}.${b}`) },
	{ weight: 2, arbitrary: digits(0, 6) },
	{
		weight: 2,
		arbitrary: fc.constantFrom(
			"",
			"-5.0",
			"-0",
			"-",
			"-.5",
			".5",
			".",
			"1.2.3",
			"1-2",
			"A",
			"AB",
			"1e3",
			"+1",
			" 1",
			"1 ",
			"12345678901234567",
			"0000000000012.500",
			"x",
			"$",
			"\r",
			" ",
			"#",
		),
	},
);

const time = fc.oneof(
	fc
		.tuple(
			fc.integer({ min: 0, max: 24 }),
			fc.integer({ min: 0, max: 60 }),
			fc.integer({ min: 0, max: 61 }),
			fc.constantFrom("", ".", ".0", ".25", ".500", ".1234", ".0000001"),
		)
		.map(
			([h, m, s, f]) =>
				`${String(h).padStart(2, "0")}${String(m).padStart(2, "0")}${String(s).padStart(2, "0")}${f}`,
		),
	number,
);

const angle = (degreeDigits: number) =>
	fc.oneof(
		{
			weight: 5,
			arbitrary: fc
				.tuple(
					fc.integer({ min: 0, max: degreeDigits === 2 ? 91 : 181 }),
					fc.double({ min: 0, max: 61, noNaN: true }),
					fc.integer({ min: 0, max: 7 }),
				)
				.map(
					([d, m, decimals]) =>
						`${String(d).padStart(degreeDigits, "0")}${m.toFixed(decimals).padStart(decimals > 0 ? decimals + 3 : 2, "0")}`,
				),
		},
		{ weight: 1, arbitrary: number },
	);

const hemisphere = (pair: [string, string]) =>
	fc.oneof(
		{ weight: 8, arbitrary: fc.constantFrom(...pair) },
		{ weight: 1, arbitrary: fc.constantFrom("", "X", "NN", "1", "-", "n", "$", "\r") },
	);

const date = fc.oneof(
	fc
		.tuple(
			fc.integer({ min: 0, max: 32 }),
			fc.integer({ min: 0, max: 13 }),
			fc.integer({ min: 0, max: 99 }),
		)
		.map(([d, m, y]) => [d, m, y].map((v) => String(v).padStart(2, "0")).join("")),
	fc.constantFrom("", "290223", "010325", "1325", "0103255", "01032.5", "010325x"),
);

const talker = fc.oneof(
	{ weight: 8, arbitrary: fc.constantFrom("GP", "GN", "GL", "GA", "BD") },
	{ weight: 1, arbitrary: fc.constantFrom("gp", "G1", "G", "GPX", "") },
);

const rmc = fc
	.record({
		talker,
		time,
		status: fc.constantFrom("A", "A", "A", "V", "", "AB"),
		lat: angle(2),
		ns: hemisphere(["N", "S"]),
		lon: angle(3),
		ew: hemisphere(["E", "W"]),
		speed: number,
		course: number,
		date,
		tail: fc.constantFrom(",,,A", ",,", "", ",,,A,V", ",1.5,W,D", ",$GP"),
	})
	.map(
		(r) =>
			`${r.talker}RMC,${r.time},${r.status},${r.lat},${r.ns},${r.lon},${r.ew},${r.speed},${r.course},${r.date}${r.tail}`,
	);

const gga = fc
	.record({
		talker,
		time,
		lat: angle(2),
		ns: hemisphere(["N", "S"]),
		lon: angle(3),
		ew: hemisphere(["E", "W"]),
		quality: fc.constantFrom("1", "2", "0", "", "1.0", "-1", "x"),
		satellites: number,
		hdop: fc.constantFrom("0.9", "", "1.25", "x y", "*"),
		altitude: number,
		tail: fc.constantFrom(",M,-5.0,M,,", "", ",M", ",M,,M,,0000"),
	})
	.map(
		(g) =>
			`${g.talker}GGA,${g.time},${g.lat},${g.ns},${g.lon},${g.ew},${g.quality},${g.satellites},${g.hdop},${g.altitude}${g.tail}`,
	);

/** A line: a sentence (mostly with its right checksum), sometimes with something around it. */
const line = fc
	.record({
		body: fc.oneof({ weight: 4, arbitrary: rmc }, { weight: 2, arbitrary: gga }),
		sum: fc.constantFrom("right", "right", "right", "right", "wrong", "lower", "none", "short"),
		before: fc.constantFrom("", "", "", " ", "x"),
		after: fc.constantFrom("", "", "", " ", "\r", "junk", "$GPGSA,A,3*00"),
		end: fc.constantFrom("\n", "\r\n", "\r\n", "\n\n"),
	})
	.map((l) => {
		const right = checksum(l.body);
		const sum =
			l.sum === "right"
				? right
				: l.sum === "wrong"
					? right === "00"
						? "01"
						: "00"
					: l.sum === "lower"
						? right.toLowerCase()
						: l.sum === "short"
							? right.slice(0, 1)
							: "";
		const star = l.sum === "none" ? "" : "*";
		return `${l.before}$${l.body}${star}${sum}${l.after}${l.end}`;
	});

/**
 * The lines as a file: mostly followed by a line of blanks (ignored), as the hot path leaves
 * the lines near the end of a file to the general reading; else ending on the last line's LF,
 * or without it.
 */
function file(lines: string[], end: "blank line" | "LF" | "none"): Uint8Array {
	const text = lines.join("");
	if (end === "blank line") return latin1Bytes(`${text}\n${" ".repeat(300)}\n`);
	return latin1Bytes(end === "LF" ? text : text.replace(/\r?\n$/, ""));
}

const fileEnd = fc.constantFrom("blank line", "blank line", "LF", "none") as fc.Arbitrary<
	"blank line" | "LF" | "none"
>;

describe("the NMEA hot path (one RMC or GGA of the common shape per line)", () => {
	it("gives exactly what the general reading gives, for sentences of every shape", () => {
		fc.assert(
			fc.property(fc.array(line, { minLength: 1, maxLength: 30 }), fileEnd, (lines, end) => {
				const bytes = file(lines, end);
				expect(importNmea(bytes, "f.nmea")).toEqual(
					importNmea(bytes, "f.nmea", { fastPath: false }),
				);
			}),
			{ numRuns: 600 },
		);
	});

	it("gives exactly what the general reading gives on damaged logs", () => {
		fc.assert(
			fc.property(
				fc.array(line, { minLength: 2, maxLength: 12 }),
				fc.array(
					fc.tuple(
						fc.nat(),
						fc.constantFrom(",", "*", "$", ".", "-", "\n", "\r", " ", "A", "9", ""),
					),
					{ minLength: 1, maxLength: 4 },
				),
				(lines, damage) => {
					let text = lines.join("");
					for (const [at, put] of damage) {
						const i = at % text.length;
						text = text.slice(0, i) + put + text.slice(i + 1);
					}
					const bytes = latin1Bytes(`${text}\n${" ".repeat(300)}\n`);
					expect(importNmea(bytes, "f.nmea")).toEqual(
						importNmea(bytes, "f.nmea", { fastPath: false }),
					);
				},
			),
			{ numRuns: 600 },
		);
	});

	it("gives exactly what the general reading gives for times at the edges of the day", () => {
		const times = ["235959", "235960.5", "235961", "000061.0", "000060.999", "240000", "006000"];
		const lines = times.map((t) => {
			const body = `GPRMC,${t},A,2342.00000,S,04642.00000,W,10.0,90.0,010325,,,A`;
			return `$${body}*${checksum(body)}\n`;
		});
		const bytes = file(lines, "blank line");
		const fast = importNmea(bytes, "t.nmea");
		expect(fast).toEqual(importNmea(bytes, "t.nmea", { fastPath: false }));
		expect(fast.fixes.length).toBe(2);
	});

	it("gives exactly what the general reading gives on every NMEA fixture, whole and cut", () => {
		for (const path of fixturePaths().filter((p) => p.startsWith("nmea/"))) {
			const bytes = fixtureBytes(path);
			for (const cut of [bytes.length, bytes.length - 1, Math.floor(bytes.length / 3)]) {
				const part = bytes.subarray(0, cut);
				expect(importNmea(part, path)).toEqual(importNmea(part, path, { fastPath: false }));
			}
		}
	});

	it("reads a common RMC and GGA line whole, and leaves odd ones to the general reading", () => {
		const read = (text: string) => {
			const bytes = latin1Bytes(`${text}${" ".repeat(300)}`);
			return readSentenceFast(bytes, new DataView(bytes.buffer), 0, bytes.length - 4);
		};
		const rmc = "GPRMC,173430.010,A,2824.70529,N,08122.75973,W,28.72,309.31,290423,,,";
		const gga = "GNGGA,173430.010,2824.70529,N,08122.75973,W,1,8,0.96,-33.80,M,,M,,";
		expect(read(`$${rmc}*${checksum(rmc)}\r\n`)).toBe(rmc.length + 6);
		expect(fastSentence).toMatchObject({ kind: FAST_RMC, tod: 63_270_010, speedKnots: 28.72 });
		expect(read(`$${gga}*${checksum(gga)}\n`)).toBe(gga.length + 5);
		expect(fastSentence).toMatchObject({ kind: FAST_GGA, satellites: 8, altitudeM: -33.8 });
		expect(read(`$${rmc}*${checksum(rmc)} \n`)).toBe(-1);
		expect(read(`$${rmc.replace(",A,", ",V,")}*${checksum(rmc.replace(",A,", ",V,"))}\n`)).toBe(-1);
		expect(read(`$${rmc}*00\n`)).toBe(-1);
	});

	it("takes a letter field of one capital letter only, else leaves the line to the general reading", () => {
		const rmc = "GPRMC,173430.010,A,2824.70529,N,08122.75973,W,28.72,309.31,290423,,,";
		for (const [from, to] of [
			[",N,", ",NS,"],
			[",N,", ",N1,"],
			[",W,", ",W-,"],
			[",A,", ",[,"],
			[",A,", ",@,"],
			[",N,", ",-N,"],
			[",N,", ",1N,"],
		] as const) {
			const odd = rmc.replace(from, to);
			const text = `$${odd}*${checksum(odd)}\n`;
			const bytes = latin1Bytes(`${text}${" ".repeat(300)}`);
			expect(readSentenceFast(bytes, new DataView(bytes.buffer), 0, bytes.length - 4)).toBe(-1);
			const file = latin1Bytes(`$${rmc}*${checksum(rmc)}\n${text}`);
			expect(importNmea(file, "l.nmea")).toEqual(importNmea(file, "l.nmea", { fastPath: false }));
		}
	});
});
