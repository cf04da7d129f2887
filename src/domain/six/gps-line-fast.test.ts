import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseGpsBytes } from "./parse-gps";
import { gpsPointAt } from "./serialize";
import type { GpsFile } from "./types";

/** A line the fast reading accepts, so the line before it is not the file's last. */
const TAIL = "-23.5505199,-46.6333094|60.54|12|120000.00|1|1|12.8V|1.5|-1.4|10\n".repeat(2);

function rows(file: GpsFile) {
	return Array.from({ length: file.points.length }, (_, i) => ({
		...gpsPointAt(file.points, i),
		line: file.points.line[i],
	}));
}

function expectSameAsReference(text: string): GpsFile {
	const bytes = new TextEncoder().encode(text);
	const fast = parseGpsBytes(bytes, true);
	const reference = parseGpsBytes(bytes, false);
	expect(rows(fast)).toEqual(rows(reference));
	expect(fast.report).toEqual(reference.report);
	return fast;
}

const digits = (min: number, max: number) =>
	fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: min, maxLength: max });
const whole = fc.oneof(digits(0, 4), fc.constantFrom("90", "91", "180", "181", "0", "00"));
const decimal = fc
	.tuple(fc.constantFrom("", "", "-"), whole, fc.option(digits(0, 13)))
	.map(([sign, whole, fraction]) => `${sign}${whole}${fraction === null ? "" : `.${fraction}`}`);
const time = fc.oneof(
	fc.tuple(digits(6, 6), fc.option(digits(0, 17))).map(([t, f]) => (f === null ? t : `${t}.${f}`)),
	fc.constantFrom("12:00:00", "", "235959.99", "240000"),
);
/** Few values, so consecutive lines often repeat the lap count, flag and battery. */
const battery = fc.constantFrom(
	"12.8V",
	"12.8V",
	"12.7V",
	"",
	"87%",
	"bateria fraca",
	"ç",
	"123456789012345",
);
const line = fc
	.record({
		lat: decimal,
		lon: decimal,
		speed: decimal,
		satellites: digits(0, 6),
		time,
		lap: fc.oneof(fc.constantFrom("1", "1", "2", "0"), digits(0, 11)),
		flag: fc.constantFrom("1", "1", "0", "2"),
		battery,
		extras: fc.option(fc.tuple(decimal, decimal, digits(0, 17)), { freq: 4 }),
		end: fc.constantFrom("\n", "\n", "\r\n", " \n", "|\n"),
	})
	.map((l) => {
		const head = `${l.lat},${l.lon}|${l.speed}|${l.satellites}|${l.time}|${l.lap}|${l.flag}|${l.battery}`;
		return `${head}${l.extras === null ? "" : `|${l.extras.join("|")}`}${l.end}`;
	});

describe("the one-pass gps.six reading", () => {
	it("reads every line as the reference reading does", () => {
		fc.assert(
			fc.property(fc.array(line, { maxLength: 40 }), (lines) => {
				expectSameAsReference(lines.join("") + TAIL);
			}),
			{ numRuns: 400 },
		);
	});

	it("reads repeated lines with one field changed as the reference reading does", () => {
		const base = "-23.5505199,-46.6333094|60.54|12|120000.00|7|1|12.8V|1.5|-1.4|10";
		const fields = base.split("|");
		const edit = fc.tuple(fc.nat(9), fc.oneof(decimal, digits(0, 9), battery, fc.constant("")));
		fc.assert(
			fc.property(fc.array(fc.option(edit, { freq: 3 }), { maxLength: 30 }), (edits) => {
				const text = edits
					.map((e) => {
						const f = [...fields];
						if (e) f[e[0]] = e[1];
						return `${f.join("|")}\n`;
					})
					.join("");
				expectSameAsReference(text + TAIL);
			}),
			{ numRuns: 300 },
		);
	});

	it("reads numbers at the edge of exact doubles as the reference reading does", () => {
		const big = ["9007199254740991", "9007199254740993", "900719925474099.3", "90071992547409.93"];
		const lines = big.flatMap((n) => [
			`1,2|${n}|4|120000|1|1|x|${n}|-${n}|${n.replace(".", "")}\n`,
			`1.${n.replace(".", "")},2|3|4|120000.${n.replace(".", "")}|1|1|x|0|0|0\n`,
		]);
		expectSameAsReference(lines.join("") + TAIL);
	});

	it("gives decimals exactly as Number() reads them", () => {
		const coordinate = fc
			.tuple(fc.boolean(), fc.integer({ min: 0, max: 89 }), digits(1, 13))
			.map(([negative, whole, fraction]) => `${negative ? "-" : ""}${whole}.${fraction}`);
		fc.assert(
			fc.property(coordinate, coordinate, (lat, lon) => {
				const file = expectSameAsReference(
					`${lat},${lon}|1|1|000000|1|1|x|${lat}|${lon}|1\n${TAIL}`,
				);
				if (Number(lat) === 0 && Number(lon) === 0) return;
				expect(file.points.lat[0]).toBe(Number(lat));
				expect(file.points.lon[0]).toBe(Number(lon));
			}),
			{ numRuns: 500 },
		);
		const file = expectSameAsReference(`-23.5505199,-46.6333094|0|0|000000|0|0|x\n${TAIL}`);
		expect(file.points.lat[0]).toBe(Number("-23.5505199"));
		expect(file.points.lon[0]).toBe(Number("-46.6333094"));
	});
});
