import { describe, expect, it } from "vitest";
import { bytesOf } from "./test-support";
import { importVbo } from "./vbo";
import { vboExtras } from "./vbo-rows";

/** Racelogic's padded minutes: 45.73° N, 13.07° E (long is positive to the west). */
const LAT = "+02743.96882";
const LONG = "-00784.39721";
const CREATED = "File created on 01/03/2025 @ 14:00";

/** A file with these `[column names]` and `[data]` rows; rows start at line 4. */
function vboFile(names: string, rows: readonly string[], created = CREATED) {
	return bytesOf([created, "[column names]", names, "[data]", ...rows].join("\n"));
}

const FIRST_ROW_LINE = 5;

/** `count` rows 0.1 s apart from 14:30:00, with `tail` after sats, time, lat and long. */
function rows(count: number, tail = "050.00"): string[] {
	return Array.from({ length: count }, (_, i) => {
		const seconds = (i / 10).toFixed(2).padStart(5, "0");
		return `012 1430${seconds} ${LAT} ${LONG} ${tail}`.trimEnd();
	});
}

/** HHMMSS.SS of `seconds` after 14:30:00. */
function packed(seconds: number): string {
	const iso = new Date(Date.UTC(2025, 0, 1, 14, 30, seconds)).toISOString();
	return `${iso.slice(11, 19).replaceAll(":", "")}.00`;
}

const SATS_TIME_LAT_LONG_VELOCITY = "sats time lat long velocity";

/** `line kind reason` of each report entry after the layout notice. */
const entries = (r: ReturnType<typeof importVbo>) =>
	r.report.slice(1).map((e) => `${e.line} ${e.kind} ${e.reason}`);

describe("readVboRows: channels", () => {
	it("reads every named channel into its column", () => {
		const r = importVbo(
			vboFile("sats time lat long velocity heading height longacc latacc lean_angle rpm throttle", [
				`012 143000.00 ${LAT} ${LONG} 050.00 090.5 +00780.50 0.25 -0.50 12.5 9000 75.5`,
			]),
			"a.vbo",
		);
		expect(Object.keys(r.fixes.extra)).toEqual([
			"headingDeg",
			"altitudeM",
			"satellites",
			"lonAccG",
			"latAccG",
			"rpm",
			"throttlePct",
		]);
		const x = r.fixes.extra;
		expect([
			r.fixes.speedKmh[0],
			r.fixes.leanDeg?.[0],
			x.headingDeg?.[0],
			x.altitudeM?.[0],
			x.satellites?.[0],
			x.lonAccG?.[0],
			x.latAccG?.[0],
			x.rpm?.[0],
			x.throttlePct?.[0],
		]).toEqual([50, 12.5, 90.5, 780.5, 12, 0.25, -0.5, 9000, 75.5]);
	});

	it("declares the extra channels of the columns present, in the fixes' order", () => {
		// Reader columns by slot: time sats lat long velocity heading height lonAcc latAcc lean rpm throttle.
		expect(vboExtras([1, 0, 2, 3, 4, -1, -1, -1, -1, -1, -1, -1])).toEqual(["satellites"]);
		expect(vboExtras([1, -1, 2, 3, 4, 5, -1, -1, 6, -1, 7, -1])).toEqual([
			"headingDeg",
			"latAccG",
			"rpm",
		]);
	});

	it("carries only the channels the file names, and no speed without a velocity column", () => {
		const r = importVbo(vboFile("sats time lat long", rows(3, "")), "b.vbo");
		expect(r.fixes.length).toBe(3);
		expect(Object.keys(r.fixes.extra)).toEqual(["satellites"]);
		expect(r.fixes.leanDeg ?? null).toBeNull();
		expect(r.fixes.speedKmh[0]).toBeNaN();
	});

	it("strips the brake and DGPS flags from sats, and drops a count outside 0 to 255", () => {
		const sats = ["000", "076", "204", "255", "256", "300", "-1", "76.5"];
		const body = sats.map(
			(s, i) => `${s} 1430${String(i).padStart(2, "0")}.00 ${LAT} ${LONG} 050.00`,
		);
		// Enough plain rows that the odd counts do not hide the layout.
		const r = importVbo(
			vboFile(SATS_TIME_LAT_LONG_VELOCITY, [
				...body,
				...rows(40).map((row) => row.replace("14300", "14310")),
			]),
			"c.vbo",
		);
		expect(Array.from(r.fixes.extra.satellites!.slice(0, sats.length))).toEqual([
			0,
			12,
			12,
			63,
			Number.NaN,
			Number.NaN,
			Number.NaN,
			12.5,
		]);
	});

	it("reads a sats of -0 as zero satellites, not negative zero", () => {
		const r = importVbo(
			vboFile(SATS_TIME_LAT_LONG_VELOCITY, [
				`-0 143000.00 ${LAT} ${LONG} 050.00`,
				...rows(10).map((row) => row.replace("14300", "14310")),
			]),
			"d.vbo",
		);
		expect(Object.is(r.fixes.extra.satellites?.[0], 0)).toBe(true);
	});

	it("keeps a row with an unreadable velocity without it, and says so; a row without one quietly", () => {
		const r = importVbo(
			vboFile(SATS_TIME_LAT_LONG_VELOCITY, [
				...rows(4),
				`012 143001.00 ${LAT} ${LONG} x`,
				`012 143002.00 ${LAT} ${LONG}`,
			]),
			"d.vbo",
		);
		expect(r.fixes.length).toBe(6);
		expect(r.fixes.speedKmh[4]).toBeNaN();
		expect(entries(r)).toEqual([
			`${FIRST_ROW_LINE + 4} rejected velocity: valor ilegível "x"; ponto mantido sem ele`,
		]);
	});
});

describe("readVboRows: rows kept or refused", () => {
	it("refuses a row without time, lat and long, naming the field, and keeps one that has just those", () => {
		const r = importVbo(
			vboFile(SATS_TIME_LAT_LONG_VELOCITY, [
				...rows(25),
				`012 143011.00 ${LAT}`,
				`012 143012.00 ${LAT} ${LONG}`,
				`012 143013.00 abc ${LONG} 050.00`,
				`012 143014.00 ${LAT} abc 050.00`,
				`012 14:30:15 ${LAT} ${LONG} 050.00`,
			]),
			"e.vbo",
		);
		const line = (k: number) => FIRST_ROW_LINE + 25 + k;
		expect(entries(r)).toEqual([
			`${line(0)} rejected linha incompleta: 3 campos, esperados 5`,
			`${line(2)} rejected lat: esperado número, encontrado "abc"`,
			`${line(3)} rejected long: esperado número, encontrado "abc"`,
			`${line(4)} rejected time: esperado número, encontrado "14:30:15"`,
		]);
		expect(r.fixes.line[25]).toBe(line(1));
	});

	it("refuses times that are no HHMMSS.SS, and keeps a fraction of a millisecond", () => {
		const bad = ["240000.00", "146000.00", "143060.00", "-143010.00"];
		const r = importVbo(
			vboFile(SATS_TIME_LAT_LONG_VELOCITY, [
				...rows(25),
				...bad.map((t) => `012 ${t} ${LAT} ${LONG} 050.00`),
				`012 143011.1234 ${LAT} ${LONG} 050.00`,
			]),
			"f.vbo",
		);
		expect(entries(r)).toEqual(
			bad.map(
				(t, k) =>
					`${FIRST_ROW_LINE + 25 + k} rejected time: "${t}" não é uma hora HHMMSS.SS válida`,
			),
		);
		expect(r.fixes.length).toBe(26);
		expect(r.fixes.timeMs[25]! - r.fixes.timeMs[0]!).toBeCloseTo(11123.4, 3);
	});

	it("reads a row whose sats starts with [ as a row, not as a section", () => {
		const r = importVbo(
			vboFile(SATS_TIME_LAT_LONG_VELOCITY, [...rows(25), `[12] 143011.00 ${LAT} ${LONG} 050.00`]),
			"g.vbo",
		);
		expect(r.fixes.length).toBe(26);
		expect(entries(r)).toEqual([]);
	});

	it("keeps positions on the poles and the antimeridian, and refuses those beyond or at 0,0", () => {
		const kept = [
			["+05400.00000", LONG],
			["-05400.00000", LONG],
			[LAT, "+10800.00000"],
			[LAT, "-10800.00000"],
			["+00000.00000", LONG], // the equator
			[LAT, "+00000.00000"], // Greenwich
		];
		const refused = [
			["+05401.00000", LONG],
			["-05401.00000", LONG],
			[LAT, "+10801.00000"],
			[LAT, "-10801.00000"],
			["+00000.00000", "+00000.00000"],
		];
		const count = ([lat, long]: string[]) => {
			const body = [0, 1, 2].map((s) => `012 14300${s}.00 ${lat} ${long} 000.00`);
			return importVbo(vboFile(SATS_TIME_LAT_LONG_VELOCITY, body), "h.vbo").fixes.length;
		};
		expect(kept.map(count)).toEqual(kept.map(() => 3));
		expect(refused.map(count)).toEqual(refused.map(() => 0));
		const r = importVbo(
			vboFile(SATS_TIME_LAT_LONG_VELOCITY, [`012 143000.00 +05401.00000 ${LONG} 000.00`]),
			"h.vbo",
		);
		expect(entries(r)).toEqual([
			`${FIRST_ROW_LINE} rejected posição fora do intervalo ou sem fixo: lat "+05401.00000", long "${LONG}"`,
		]);
	});
});

describe("readVboRows: times of day", () => {
	it("takes a drop of more than half a day as midnight, and a jump of exactly half a day as the same day", () => {
		const at = (time: string) => `012 ${time} ${LAT} ${LONG} 000.00`;
		const back = importVbo(
			vboFile(SATS_TIME_LAT_LONG_VELOCITY, [at("120000.00"), at("000000.00")]),
			"i.vbo",
		);
		expect(entries(back)).toEqual([
			`${FIRST_ROW_LINE + 1} rejected time "000000.00" não avança (anterior na linha ${FIRST_ROW_LINE})`,
		]);
		const forward = importVbo(
			vboFile(SATS_TIME_LAT_LONG_VELOCITY, [at("000000.00"), at("120000.00")]),
			"i.vbo",
		);
		expect(forward.fixes.timeMs[1]! - forward.fixes.timeMs[0]!).toBe(43_200_000);
	});

	it("dates the rows by their first time of day: rows before midnight in a file written after it", () => {
		const r = importVbo(
			vboFile(
				SATS_TIME_LAT_LONG_VELOCITY,
				[`012 235955.00 ${LAT} ${LONG} 000.00`],
				"File created on 02/03/2025 @ 00:01",
			),
			"j.vbo",
		);
		expect(new Date(r.fixes.timeMs[0]!).toISOString()).toBe("2025-03-01T23:59:55.000Z");
	});

	it("keeps every row when later rows are shorter than the first ones", () => {
		const long = rows(64, `050.00 ${"0.000000000 ".repeat(15)}`);
		// The first rows set the first capacity (at least 1024 fixes): these outgrow it.
		const short = Array.from({ length: 1200 }, (_, i) => `012 ${packed(60 + i)} ${LAT} ${LONG}`);
		const r = importVbo(vboFile(SATS_TIME_LAT_LONG_VELOCITY, [...long, ...short]), "k.vbo");
		expect(r.fixes.length).toBe(1264);
		expect(r.fixes.lat.length).toBe(1264);
		expect(Array.from(r.fixes.lat).every((lat) => Math.abs(lat - 2743.96882 / 60) < 1e-9)).toBe(
			true,
		);
	});
});
