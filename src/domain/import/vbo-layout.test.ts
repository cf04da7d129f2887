import { describe, expect, it } from "vitest";
import { ImportReport } from "./report";
import { bytesOf } from "./test-support";
import { importVbo } from "./vbo";
import { decideColumns, isPackedTime } from "./vbo-layout";

/** A sats-first row, coordinates in Racelogic's padded minutes. */
const ROW = "012 143000.00 +02743.96882 -00784.39721 050.12";
/** The same row with a time that does not read as HHMMSS.SS. */
const BAD_TIME = "012 14:30:00 +02743.96882 -00784.39721 050.12";
const SATS_FIRST = ["sats", "time", "lat", "long", "velocity"];

/** The layout `rows` (the `[data]` lines) get with these names, and the report's reasons. */
function layoutOf(rows: readonly string[], names: readonly string[] | null, header: string[] = []) {
	const report = new ImportReport("t.vbo");
	const layout = decideColumns(bytesOf(rows.join("\n")), 0, names, header, report);
	return { layout, reasons: report.finish().map((e) => e.reason) };
}

const repeat = (row: string, times: number) => Array.from({ length: times }, () => row);

const NO_LAYOUT =
	"colunas time, lat e long não reconhecidas nas primeiras linhas de [data]: nenhum ponto lido";

describe("isPackedTime", () => {
	it("reads HHMMSS with up to four decimals, short forms padded with leading zeros", () => {
		for (const token of ["143000.00", "143000", "0", "2500", "235959.9999", "000000.5"]) {
			expect([token, isPackedTime(token)]).toEqual([token, true]);
		}
	});

	it("refuses signs, extra digits or text around it, and out-of-range hours, minutes or seconds", () => {
		for (const token of [
			"-143000.00",
			"1143000.00",
			"143000.12345",
			"143000.00x",
			"14:30:00",
			"abc",
			"240000.00",
			"236000.00",
			"235960.00",
		]) {
			expect([token, isPackedTime(token)]).toEqual([token, false]);
		}
	});
});

describe("decideColumns: names checked against the rows", () => {
	it("takes the [column names] wherever time, lat and long sit", () => {
		const latFirst = layoutOf(repeat("+02743.96882 -00784.39721 143000.00 12", 3), [
			"lat",
			"long",
			"time",
			"sats",
		]);
		expect(latFirst.layout?.columns).toMatchObject({ lat: 0, long: 1, time: 2, sats: 3 });
		expect(latFirst.reasons[0]).toMatch(/^colunas decididas pelos nomes de \[column names\];/);
		const longFirst = layoutOf(repeat("-00784.39721 +02743.96882 143000.00 12", 3), [
			"long",
			"lat",
			"time",
			"sats",
		]);
		expect(longFirst.layout?.columns).toMatchObject({ long: 0, lat: 1, time: 2, sats: 3 });
	});

	it("takes the [header] names when there are no [column names], with a unit word of the first column", () => {
		const { layout, reasons } = layoutOf(
			repeat("050.0 012 143000.00 +02743.96882 -00784.39721", 3),
			null,
			["velocity mph", "satellites", "time", "latitude", "longitude"],
		);
		expect(layout?.columns).toMatchObject({ velocity: 0, sats: 1, time: 2, lat: 3, long: 4 });
		expect(layout?.velocityUnit).toBe("mph");
		expect(reasons[0]).toMatch(/^colunas decididas pelos nomes de \[header\];/);
	});

	it("has no velocity unit when no velocity column is named", () => {
		const { layout } = layoutOf(repeat(ROW, 3), ["sats", "time", "lat", "long"]);
		expect(layout?.velocityUnit).toBe("");
	});

	it("trusts names that fit four rows in five, not three in five", () => {
		const four = layoutOf([...repeat(ROW, 4), BAD_TIME], SATS_FIRST);
		expect(four.reasons[0]).toMatch(/^colunas decididas pelos nomes de \[column names\];/);
		const three = layoutOf([...repeat(ROW, 3), ...repeat(BAD_TIME, 2)], SATS_FIRST);
		expect(three.layout).toBeNull();
		expect(three.reasons).toEqual([NO_LAYOUT]);
	});

	it("shifts the names one column right when the rows carry an unnamed first column", () => {
		const row = "A 143000.00 +02743.96882 -00784.39721 050.12";
		const bad = "A 14:30:00 +02743.96882 -00784.39721 050.12";
		const { layout, reasons } = layoutOf(
			[...repeat(row, 4), bad],
			["time", "lat", "long", "velocity"],
		);
		expect(reasons[0]).toMatch(
			/^colunas decididas pelos nomes, deslocados uma coluna à direita \(as linhas não batem com os nomes\);/,
		);
		// Channels the names lack stay absent: no sats, lean or extras read from column 0.
		expect(layout?.columns).toEqual({
			sats: -1,
			time: 1,
			lat: 2,
			long: 3,
			velocity: 4,
			heading: -1,
			height: -1,
			lonAcc: -1,
			latAcc: -1,
			lean: -1,
			rpm: -1,
			throttle: -1,
		});
		// The shifted velocity has no name of its own, so no unit word.
		expect(layout?.velocityUnit).toBe("");
	});

	it("moves a name's unit word with the name when the names are shifted", () => {
		const row = "A 143000.00 +02743.96882 -00784.39721 050.12 0300.0";
		const bad = "A 14:30:00 +02743.96882 -00784.39721 050.12 0300.0";
		const { layout, reasons } = layoutOf([...repeat(row, 4), bad], null, [
			"time",
			"latitude",
			"longitude",
			"velocity mph",
			"height ft",
		]);
		expect(reasons[0]).toMatch(/^colunas decididas pelos nomes, deslocados uma coluna à direita/);
		expect(layout?.columns).toMatchObject({ time: 1, velocity: 4, height: 5 });
		expect(layout?.velocityUnit).toBe("mph");
		expect(layout?.heightFactor).toBe(0.3048);
	});

	it("gives an absent velocity no unit word when the names are shifted left", () => {
		// The rows lack the first named column, "velocity mph": velocity is absent.
		const { layout, reasons } = layoutOf(
			repeat("012 143000.00 +02743.96882 -00784.39721", 3),
			null,
			["velocity mph", "satellites", "time", "latitude", "longitude"],
		);
		expect(reasons[0]).toMatch(/^colunas decididas pelos nomes, deslocados uma coluna à esquerda/);
		expect(layout?.columns).toMatchObject({ velocity: -1, sats: 0, time: 1, lat: 2, long: 3 });
		expect(layout?.velocityUnit).toBe("");
	});

	it("takes no unit word for a dialect-order column that no name reaches", () => {
		const { layout } = layoutOf(repeat(ROW, 3), ["foo", "bar"]);
		expect(layout?.columns).toMatchObject({ velocity: 4 });
		expect(layout?.velocityUnit).toBe("");
	});

	it("falls back to the dialect order when the names fit no row, and says so", () => {
		const named = layoutOf(repeat(ROW, 3), ["foo", "bar"]);
		expect(named.reasons[0]).toMatch(
			/^colunas decididas pela ordem padrão com sats primeiro \(os nomes não batem com as linhas\);/,
		);
		const unnamed = layoutOf([...repeat(ROW, 4), BAD_TIME], null);
		expect(unnamed.reasons[0]).toMatch(/^colunas decididas pela ordem padrão com sats primeiro;/);
	});

	it("refuses rows whose time, lat or long does not read, or whose sats is not a small whole number", () => {
		const refused = [
			// 076: 12 satellites with the brake flag, a count that cannot read as a time either.
			["076 14:30:00 +02743.96882 -00784.39721", SATS_FIRST],
			["076 143000.00 abc -00784.39721", SATS_FIRST],
			["076 143000.00 +02743.96882 abc", SATS_FIRST],
			["x12 143000.00 +02743.96882 -00784.39721", SATS_FIRST],
			["12x 143000.00 +02743.96882 -00784.39721", SATS_FIRST],
			["143000.00 +02743.96882 -00784.39721 12.5", ["time", "lat", "long", "sats"]],
		] as const;
		for (const [row, names] of refused) {
			const { layout, reasons } = layoutOf(repeat(row, 3), names);
			expect([row, layout, reasons]).toEqual([row, null, [NO_LAYOUT]]);
		}
	});
});

describe("decideColumns: second-choice columns", () => {
	it("keeps the plain column when it and its -calc twin are all zero", () => {
		const { layout } = layoutOf(repeat(`${ROW} 0.00 0.00`, 3), [
			...SATS_FIRST,
			"latacc",
			"latacc-calc",
		]);
		expect(layout?.columns.latAcc).toBe(5);
	});

	it("reads the plain column, not the -calc one, when the names are shifted", () => {
		const { layout, reasons } = layoutOf(
			repeat("143000.00 +02743.96882 -00784.39721 0.50 0.70", 3),
			["sats", "time", "lat", "long", "latacc", "latacc-calc"],
		);
		expect(reasons[0]).toMatch(/deslocados uma coluna à esquerda/);
		expect(layout?.columns.latAcc).toBe(3);
	});
});

describe("decideColumns: minutes or degrees from the coordinates", () => {
	/** The units of rows with these lat and long tokens (and `odd` as a fifth row, if given). */
	function unitsOf(lat: string, long: string, odd?: string) {
		const row = `012 143000.00 ${lat} ${long}`;
		const rows = odd === undefined ? repeat(row, 3) : [...repeat(row, 4), odd];
		return layoutOf(rows, ["sats", "time", "lat", "long"]).layout?.units;
	}

	it("reads minutes when either coordinate is beyond degrees but within minutes", () => {
		const cases = [
			["+02743.96882", "-00784.39721", "minutes"],
			["2743.9", "-30.5", "minutes"], // near Greenwich: only the latitude tells
			["30.5", "-784.3", "minutes"], // near the equator: only the longitude tells
			["45.5", "-13.1", "degrees"],
			["90.0", "10.0", "degrees"],
			["-5400.0", "10.0", "minutes"],
			["5400.5", "10.0", "degrees"],
			["10.0", "180.0", "degrees"],
			["10.0", "-10800.0", "minutes"],
			["10.0", "10800.5", "degrees"],
		];
		for (const [lat, long, units] of cases)
			expect([lat, long, unitsOf(lat!, long!)]).toEqual([lat, long, units]);
	});

	it("reads minutes when either coordinate is zero-padded, signed or not", () => {
		const cases = [
			["+00030.00000", "30.0"],
			["00030.00000", "30.0"],
			["30.0", "-00030.00000"],
			["30.0", "00030.00000"],
		];
		for (const [lat, long] of cases)
			expect([lat, long, unitsOf(lat!, long!)]).toEqual([lat, long, "minutes"]);
	});

	it("does not take padding from the middle of an unreadable value", () => {
		expect(unitsOf("45.5", "13.1", "012 143000.00 7-0030.5 13.1")).toBe("degrees");
		expect(unitsOf("45.5", "13.1", "012 143000.00 45.5 7-0030.5")).toBe("degrees");
	});
});

describe("decideColumns: the rows looked at", () => {
	it("decides from the first 200 rows only", () => {
		const rows = [...repeat(ROW, 160), ...repeat(BAD_TIME, 40), ...repeat(BAD_TIME, 300)];
		expect(layoutOf(rows, SATS_FIRST).layout).not.toBeNull();
	});

	it("skips blank lines and stops at the next section", () => {
		const blanks = layoutOf([ROW, "", ROW, "   ", ROW, "", ROW], SATS_FIRST);
		expect(blanks.layout).not.toBeNull();
		const section = layoutOf(
			[...repeat(ROW, 4), "[laptiming]", "Start +1 +2 +3 +4", "Split +1 +2 +3 +4", "x"],
			SATS_FIRST,
		);
		expect(section.layout).not.toBeNull();
		const leadingBlank = layoutOf(["", ...repeat(ROW, 3)], SATS_FIRST);
		expect(leadingBlank.layout?.fieldCount).toBe(5);
	});

	it("takes the most common field count, the first one on a tie", () => {
		expect(layoutOf([ROW], SATS_FIRST).layout?.fieldCount).toBe(5);
		const tie = layoutOf([ROW, ROW, `${ROW} 1 2`, `${ROW} 1 2`], SATS_FIRST);
		expect(tie.layout?.fieldCount).toBe(5);
	});
});

describe("importVbo: height units", () => {
	/** A file whose `[header]` names the height `heightName`, one row at 100 of that unit. */
	function altitudeOf(heightName: string): number | undefined {
		const text = [
			"File created on 01/03/2025 @ 14:00",
			"[header]",
			"satellites",
			"time",
			"latitude",
			"longitude",
			"velocity kmh",
			heightName,
			"[data]",
			"012 143000.00 +02743.96882 -00784.39721 050.12 +00100.00",
		].join("\n");
		return importVbo(bytesOf(text), "h.vbo").fixes.extra.altitudeM?.[0];
	}

	it("converts a height named in feet to metres, and keeps a height without a unit", () => {
		expect(altitudeOf("height ft")).toBeCloseTo(30.48, 4);
		expect(altitudeOf("height")).toBe(100);
	});
});
