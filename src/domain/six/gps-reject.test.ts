import { describe, expect, it } from "vitest";
import { parseGpsBytes } from "./parse-gps";
import { MAX_STORED_INTEGER } from "./scan";

/**
 * The reasons of a rejected gps.six line (FORMATS.md): the first rule broken, field by field in
 * file order, with the offending text. The line sits between accepted lines, and the file is
 * read with and without the one-pass reading, which must hand such lines to the reference.
 */

const GOOD = "-23.5505199,-46.6333094|60.54|12|120000.00|1|1|12.8V|1.5|-1.4|10";
const encoder = new TextEncoder();

function reportOf(line: string, fastPath: boolean): string[] {
	const text = `${GOOD}\n${line}\n${GOOD}\n${GOOD}\n`;
	const file = parseGpsBytes(encoder.encode(text), fastPath);
	expect(Array.from(file.points.line)).toEqual(file.report.length === 0 ? [1, 2, 3, 4] : [1, 3, 4]);
	return file.report.map((r) => `${r.line} ${r.kind}: ${r.reason}`);
}

/** A 10-field line with field `index` replaced. */
function withField(index: number, value: string): string {
	const fields = GOOD.split("|");
	fields[index] = value;
	return fields.join("|");
}

const decimal = (label: string, text: string) =>
	`${label}: esperado número decimal (ex.: -23.55), encontrado "${text}"`;
const unsigned = (label: string, text: string) =>
	`${label}: esperado inteiro não negativo, encontrado "${text}"`;

describe.each([true, false])("gps.six rejection reasons (one-pass reading: %s)", (fastPath) => {
	it.each([
		["one field", "x", "esperados 10 campos (ou 7 na variante antiga), encontrados 1"],
		[
			"eight fields",
			`${GOOD.split("|").slice(0, 8).join("|")}`,
			"esperados 10 campos (ou 7 na variante antiga), encontrados 8",
		],
		["eleven fields", `${GOOD}|x`, "esperados 10 campos (ou 7 na variante antiga), encontrados 11"],
		[
			"a position without comma",
			withField(0, "-23.5"),
			'posição: esperado "latitude,longitude", encontrado "-23.5"',
		],
		["a latitude that is no number", withField(0, "S23,-46"), decimal("latitude", "S23")],
		["an empty latitude", withField(0, ",-46"), "latitude: campo vazio"],
		["a longitude that is no number", withField(0, "-23,W46"), decimal("longitude", "W46")],
		["an empty longitude", withField(0, "-23, "), "longitude: campo vazio"],
		[
			"latitude past 90",
			withField(0, "90.5,1"),
			'latitude: "90.5" fora do intervalo (|lat| <= 90)',
		],
		[
			"latitude past -90",
			withField(0, " -91 ,1"),
			'latitude: "-91" fora do intervalo (|lat| <= 90)',
		],
		[
			"longitude past 180",
			withField(0, "1,180.001"),
			'longitude: "180.001" fora do intervalo (|lon| <= 180)',
		],
		[
			"longitude past -180",
			withField(0, "1, -181"),
			'longitude: "-181" fora do intervalo (|lon| <= 180)',
		],
		["a bad latitude before a bad longitude", withField(0, "x,y"), decimal("latitude", "x")],
		[
			"a latitude past 90 and a longitude that is no number",
			withField(0, "91,y"),
			decimal("longitude", "y"),
		],
		[
			"a latitude and a longitude out of range",
			withField(0, "91,181"),
			'latitude: "91" fora do intervalo (|lat| <= 90)',
		],
		["position 0,0", withField(0, "0,-0.0"), "posição: 0,0 significa sem sinal de GPS"],
		[
			"a bad position before a bad speed",
			withField(0, "x,1").replace("|60.54|", "|y|"),
			decimal("latitude", "x"),
		],
		["a speed that is no number", withField(1, "1,5"), decimal("velocidade", "1,5")],
		[
			"a negative speed",
			withField(1, "-0.5"),
			'velocidade: "-0.5" fora do intervalo (deve ser >= 0)',
		],
		[
			"a bad speed before bad satellites",
			withField(1, "x").replace("|12|", "|y|"),
			decimal("velocidade", "x"),
		],
		["negative satellites", withField(2, "-1"), unsigned("satélites", "-1")],
		["empty satellites", withField(2, ""), "satélites: campo vazio"],
		[
			"65536 satellites",
			withField(2, "65536"),
			'satélites: "65536" fora do intervalo (máximo 65535)',
		],
		[
			"bad satellites before a bad time",
			withField(2, "x").replace("|120000.00|", "|y|"),
			unsigned("satélites", "x"),
		],
		[
			"hour 24",
			withField(3, "240000"),
			'hora: esperado hhmmss.ss ou hh:mm:ss[.fff] (hora 00-23, minuto e segundo 00-59), encontrado "240000"',
		],
		[
			"a bad time before a bad lap count",
			withField(3, "x").replace("|1|1|", "|y|1|"),
			'hora: esperado hhmmss.ss ou hh:mm:ss[.fff] (hora 00-23, minuto e segundo 00-59), encontrado "x"',
		],
		["a negative lap count", withField(4, "-1"), unsigned("contagem de voltas", "-1")],
		["an empty lap count", withField(4, " "), "contagem de voltas: campo vazio"],
		[
			"a lap count past the largest stored",
			withField(4, String(MAX_STORED_INTEGER + 1)),
			`contagem de voltas: "${MAX_STORED_INTEGER + 1}" fora do intervalo (máximo 2147483647)`,
		],
		[
			"a bad lap count before a bad flag",
			withField(4, "x").replace("|1|12.8V", "|y|12.8V"),
			unsigned("contagem de voltas", "x"),
		],
		["flag 2", withField(5, "2"), 'indicador de cronometragem: esperado 0 ou 1, encontrado "2"'],
		["an empty flag", withField(5, ""), "indicador de cronometragem: campo vazio"],
		[
			"a bad flag before a bad roll",
			withField(5, "x").replace("|1.5|", "|y|"),
			'indicador de cronometragem: esperado 0 ou 1, encontrado "x"',
		],
		["a roll that is no number", withField(7, "1e3"), decimal("inclinação", "1e3")],
		["an empty roll", withField(7, ""), "inclinação: campo vazio"],
		[
			"a bad roll before a bad lean",
			withField(7, "x").replace("|-1.4|", "|y|"),
			decimal("inclinação", "x"),
		],
		["a lean that is no number", withField(8, "NaN"), decimal("inclinação filtrada", "NaN")],
		[
			"a bad lean before a bad distance",
			withField(8, "x").replace("|10", "|y"),
			decimal("inclinação filtrada", "x"),
		],
		["a negative distance", withField(9, "-10"), unsigned("distância", "-10")],
		["a distance with decimals", withField(9, "10.5"), unsigned("distância", "10.5")],
		// A value at the edge of its range is no reason: the next field's is named.
		[
			"latitude 90 and a longitude that is no number",
			withField(0, "-90,x"),
			decimal("longitude", "x"),
		],
		[
			"longitude 180 and a bad speed",
			withField(0, "90,-180").replace("|60.54|", "|x|"),
			decimal("velocidade", "x"),
		],
		[
			"speed -0 and bad satellites",
			withField(1, "-0").replace("|12|", "|x|"),
			unsigned("satélites", "x"),
		],
		[
			"65535 satellites and a bad time",
			withField(2, "65535").replace("|120000.00|", "|x|"),
			'hora: esperado hhmmss.ss ou hh:mm:ss[.fff] (hora 00-23, minuto e segundo 00-59), encontrado "x"',
		],
		[
			"a zero latitude and a bad speed",
			withField(0, "0,-46.6").replace("|60.54|", "|x|"),
			decimal("velocidade", "x"),
		],
		[
			"a zero longitude and a bad speed",
			withField(0, "-23.5,0").replace("|60.54|", "|x|"),
			decimal("velocidade", "x"),
		],
		[
			"the largest lap count and a bad flag",
			withField(4, String(MAX_STORED_INTEGER)).replace("|1|12.8V", "|x|12.8V"),
			'indicador de cronometragem: esperado 0 ou 1, encontrado "x"',
		],
		[
			"distance 0 in an old-variant line",
			withField(9, "0").split("|").slice(0, 6).join("|"),
			"esperados 10 campos (ou 7 na variante antiga), encontrados 6",
		],
		[
			"a NUL in the battery",
			withField(6, "12\u00008V"),
			"bateria: caractere NUL (byte 0) não pode ser guardado; o arquivo pode estar corrompido",
		],
	])("names %s", (_name, line, reason) => {
		expect(reportOf(line, fastPath)).toEqual([`2 rejected: ${reason}`]);
	});

	it.each([
		["latitude 90 and longitude -180", withField(0, "90,-180")],
		["latitude -90 and longitude 180", withField(0, "-90,180")],
		["a zero latitude", withField(0, "0,-46.6")],
		["a zero longitude", withField(0, "-23.5,0")],
		["speed -0", withField(1, "-0")],
		["65535 satellites", withField(2, "65535")],
		["no satellites", withField(2, "0")],
		["the last time of day", withField(3, "23:59:59.999")],
		["the largest lap count", withField(4, String(MAX_STORED_INTEGER))],
		["lap count 0 with flag 0", withField(4, "0").replace("|1|12.8V", "|0|12.8V")],
		["distance 0", withField(9, "0")],
		["spaces around every field", ` ${GOOD.split("|").join(" | ")} `],
		["the old variant", GOOD.split("|").slice(0, 7).join("|")],
	])("accepts %s", (_name, line) => {
		expect(reportOf(line, fastPath)).toEqual([]);
	});
});

describe("gps.six rejections at the start of the file", () => {
	it("names an empty latitude on the first byte of the file", () => {
		const file = parseGpsBytes(encoder.encode(",-46.6|0|0|000000|0|0|x\n"), false);
		expect(file.report).toEqual([
			{ file: "gps.six", line: 1, kind: "rejected", reason: "latitude: campo vazio" },
		]);
	});

	it("refuses a UTF-16 file in one report line of gps.six", () => {
		const bytes = new Uint8Array([
			0xff,
			0xfe,
			...Array.from(encoder.encode(GOOD)).flatMap((b) => [b, 0]),
		]);
		const file = parseGpsBytes(bytes, true);
		expect(file.points.length).toBe(0);
		expect(file.report).toEqual([
			{
				file: "gps.six",
				line: 1,
				kind: "rejected",
				reason:
					"arquivo em UTF-16: o formato é ASCII/UTF-8; grave o arquivo de novo em UTF-8 e envie outra vez",
			},
		]);
	});
});
