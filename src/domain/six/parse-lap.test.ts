import { describe, expect, it } from "vitest";
import { parseLapFile } from "./parse-lap";
import { FIXTURE_FOLDERS, fixture, hasFixture } from "./test-fixtures";

const EMPTY_SECTORS = ",,,,,|,,,,,|,,,,,|,,,,,";
const line = (time: string, number: string, rest = `12.6V|36000|${EMPTY_SECTORS}|0|1800`) =>
	`${time}|${rest}|${number}`;

function reasons(input: string): string[] {
	return parseLapFile(input).report.map((r) => `${r.line}: ${r.reason}`);
}

describe("parseLapFile", () => {
	it("reads every field of a lap line", () => {
		const file = parseLapFile(
			"0123456|12.6V|36000|20100,0,5,7,,400|30200,1,6,8,30.200,600|,,,,,||2|1800|1",
		);
		expect(file.report).toEqual([]);
		expect(file.laps).toEqual([
			{
				number: 1,
				timeMs: 83_456,
				battery: "12.6V",
				entrySec: 36_000,
				sectors: [
					{
						number: 1,
						timeMs: 20_100,
						improved: false,
						upMax: 5,
						upTrack: 7,
						display: "20.100",
						distanceM: 400,
					},
					{
						number: 2,
						timeMs: 30_200,
						improved: true,
						upMax: 6,
						upTrack: 8,
						display: "30.200",
						distanceM: 600,
					},
					null,
					null,
				],
				sprintCount: 2,
				distanceM: 1800,
				line: 1,
			},
		]);
	});

	it.each([
		["123456", 83_456],
		["0123456", 83_456],
		["5", 5],
		["59999", 59_999],
		["9959999", 99 * 60_000 + 59_999],
		["0000000", 0],
	])("pads lap time %s to 7 digits (mmssSSS) = %i ms", (digits, ms) => {
		expect(parseLapFile(line(digits, "1")).laps[0]?.timeMs).toBe(ms);
	});

	it("falls back to ss.SSS when the device wrote no sector text", () => {
		const file = parseLapFile(line("0123456", "1", `x|0|5123,0,0,0,,10|75000,0,0,0, ,10|||0|0`));
		expect(file.laps[0]?.sectors.map((s) => s?.display)).toEqual([
			"05.123",
			"75.000",
			undefined,
			undefined,
		]);
	});

	it("treats a sector whose sub-fields are all empty (or an empty field) as not recorded", () => {
		const file = parseLapFile(line("0123456", "1", `x|0| , , , , , | |,,,,,||0|0`));
		expect(file.laps[0]?.sectors).toEqual([null, null, null, null]);
	});

	it("keeps the later of two lines with the same lap number and reports the earlier", () => {
		const file = parseLapFile(
			[line("0130000", "2"), line("0123456", "1"), line("0121034", "2")].join("\n"),
		);
		expect(file.laps.map((l) => [l.number, l.timeMs, l.line])).toEqual([
			[1, 83_456, 2],
			[2, 81_034, 3],
		]);
		expect(file.report).toEqual([
			{
				file: "lap.six",
				line: 1,
				kind: "notice",
				reason: "número da volta: volta 2 repetida, substituída pela linha 3",
			},
		]);
	});

	it("sorts laps by number", () => {
		const file = parseLapFile(
			[line("0100000", "3"), line("0100000", "1"), line("0100000", "2")].join("\n"),
		);
		expect(file.laps.map((l) => l.number)).toEqual([1, 2, 3]);
	});

	it.each([
		["field count", "0123456|x|0", "esperados 10 campos, encontrados 3"],
		["8 digits", line("12345678", "1"), 'tempo de volta: mais de 7 dígitos em "12345678"'],
		[
			"seconds >= 60",
			line("0160000", "1"),
			'tempo de volta: segundos 60 em "0160000" devem ser menores que 60',
		],
		[
			"non-digit time",
			line("1:23.456", "1"),
			'tempo de volta: esperados só dígitos (mmssSSS), encontrado "1:23.456"',
		],
		["empty time", line("", "1"), "tempo de volta: campo vazio"],
		[
			"entry 86400",
			line("0123456", "1", `x|86400|${EMPTY_SECTORS}|0|0`),
			'entrada: "86400" fora do intervalo (0 a 86399 segundos)',
		],
		[
			"sector sub-fields",
			line("0123456", "1", "x|0|1,0,0|,,,,,|,,,,,|,,,,,|0|0"),
			"setor 1: esperados 6 subcampos, encontrados 3",
		],
		[
			"sector flag",
			line("0123456", "1", "x|0|,,,,,|1,2,0,0,,0|,,,,,|,,,,,|0|0"),
			'setor 2, melhoria: esperado 0 ou 1, encontrado "2"',
		],
		[
			"sector time",
			line("0123456", "1", "x|0|,,,,,|,,,,,|,0,0,0,,5|,,,,,|0|0"),
			"setor 3, tempo (ms): campo vazio",
		],
		[
			"sprints",
			line("0123456", "1", `x|0|${EMPTY_SECTORS}|-1|0`),
			'sprints: esperado inteiro não negativo, encontrado "-1"',
		],
		[
			"distance hex",
			line("0123456", "1", `x|0|${EMPTY_SECTORS}|0|0x10`),
			'distância: esperado inteiro não negativo, encontrado "0x10"',
		],
		["lap number 0", line("0123456", "0"), 'número da volta: "0" fora do intervalo (>= 1)'],
		[
			"lap number decimal",
			line("0123456", "1.0"),
			'número da volta: esperado inteiro não negativo, encontrado "1.0"',
		],
	])("rejects a bad %s with a clear reason", (_name, bad, reason) => {
		expect(reasons([line("0123456", "1"), bad, line("0123456", "2")].join("\n"))).toEqual([
			`2: ${reason}`,
		]);
	});

	it("never throws on arbitrary garbage", () => {
		const garbage = new Uint8Array(4096).map((_, i) => (i * 7919) % 256);
		expect(() => parseLapFile(garbage)).not.toThrow();
	});
});

describe("lap.six fixtures", () => {
	for (const folder of FIXTURE_FOLDERS) {
		if (!hasFixture(folder, "lap.six")) continue;
		it(`parses ${folder}/lap.six`, () => {
			expect(parseLapFile(fixture(folder, "lap.six"))).toMatchSnapshot();
		});
	}
});

describe("parseLapFile: report details", () => {
	const lap = (n: number, sector1 = "25805,0,0,0,25.805,1112") =>
		`0143662|12.9V|36118|${sector1}|16570,0,0,0,16.570,1027|35836,0,0,0,35.836,1112|25451,0,0,0,25.451,1027|7|4278|${n}`;

	it("lists the report by line even when a repeated lap is found after a bad line", () => {
		const file = parseLapFile(`${lap(1)}\nlixo\n${lap(1)}\n`);
		expect(file.report.map((issue) => issue.line)).toEqual([1, 2]);
		expect(file.report[0]!.reason).toMatch(/volta 1 repetida, substituída pela linha 3/);
		expect(file.laps.map((l) => l.line)).toEqual([3]);
	});

	it("names upMax and upTrack of the sector in their reasons", () => {
		expect(parseLapFile(lap(1, "25805,0,x,0,25.805,1112")).report[0]!.reason).toMatch(
			/^setor 1, upMax: /,
		);
		expect(parseLapFile(lap(1, "25805,0,0,x,25.805,1112")).report[0]!.reason).toMatch(
			/^setor 1, upTrack: /,
		);
	});
});
