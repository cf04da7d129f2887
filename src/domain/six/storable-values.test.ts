import { describe, expect, it } from "vitest";
import { parseGpsBytes } from "./parse-gps";
import { parseLapFile } from "./parse-lap";

const LAP_LINE =
	"0123456|12.6V|36000|20100,0,5,7,,400|30200,1,6,8,30.200,600|15000,0,0,0,,300|18156,0,1,1,18.156,500|2|1800|1";
const GPS_LINE = "-23.7011500,-46.6971000|35.20|10|095959.00|0|0|12.6V|1.10|0.90|8";
const encoder = new TextEncoder();

function lap(line: string) {
	return parseLapFile(encoder.encode(`${line}\n`));
}

/** Enough lines that the fast reading runs (it needs 16 bytes after a line). */
function gps(lines: string[], fastPath: boolean) {
	return parseGpsBytes(encoder.encode(`${[...lines, GPS_LINE, GPS_LINE].join("\n")}\n`), fastPath);
}

describe("the parsers refuse values the database cannot store, with the reason", () => {
	it("lap.six: a NUL byte in the battery or in a sector's display text", () => {
		const battery = lap(LAP_LINE.replace("12.6V", "12.6\u0000V"));
		expect(battery.laps).toEqual([]);
		expect(battery.report).toEqual([
			expect.objectContaining({
				line: 1,
				kind: "rejected",
				reason: expect.stringMatching(/^bateria: caractere NUL/),
			}),
		]);
		const sector = lap(LAP_LINE.replace("30.200", "30.2\u000000"));
		expect(sector.laps).toEqual([]);
		expect(sector.report[0]?.reason).toMatch(/^setor 2, tempo exibido: caractere NUL/);
	});

	it("never puts a NUL into a report reason (the report is stored too)", () => {
		const reason = lap(LAP_LINE.replace("0123456", "01\u000023")).report[0]?.reason ?? "";
		expect(reason).toContain("\\0");
		expect(reason).not.toContain("\u0000");
	});

	it("lap.six: integers of 2^31 or more, and 2^31 - 1 still accepted", () => {
		const over = lap(LAP_LINE.replace(/\|1$/, "|2147483648"));
		expect(over.laps).toEqual([]);
		expect(over.report[0]?.reason).toBe(
			'número da volta: "2147483648" fora do intervalo (máximo 2147483647)',
		);
		expect(lap(LAP_LINE.replace(/\|1$/, "|2147483647")).laps[0]?.number).toBe(2147483647);
		const distance = lap(LAP_LINE.replace("|1800|", "|99999999999|"));
		expect(distance.report[0]?.reason).toMatch(/^distância: .* fora do intervalo/);
		const sprints = lap(LAP_LINE.replace("|2|1800|", "|3000000000|1800|"));
		expect(sprints.report[0]?.reason).toMatch(/^sprints: /);
	});

	it.each([true, false])(
		"gps.six (fast reading %s): a NUL byte in the battery, a lap count of 2^31",
		(fastPath) => {
			const nul = gps([GPS_LINE.replace("12.6V", "12\u0000.6V"), GPS_LINE], fastPath);
			expect(nul.points.length).toBe(3);
			expect(nul.report).toEqual([
				expect.objectContaining({
					line: 1,
					kind: "rejected",
					reason: expect.stringMatching(/^bateria: caractere NUL/),
				}),
			]);
			const big = gps([GPS_LINE, GPS_LINE.replace("|0|0|12.6V", "|2147483648|0|12.6V")], fastPath);
			expect(big.points.length).toBe(3);
			expect(big.report).toEqual([
				expect.objectContaining({
					line: 2,
					reason: 'contagem de voltas: "2147483648" fora do intervalo (máximo 2147483647)',
				}),
			]);
		},
	);

	it("refuses a UTF-16 file, with or without its byte order mark, in one report line", () => {
		const text = `${LAP_LINE}\n`;
		const le = Buffer.from(text, "utf16le");
		const be = Buffer.from(le).swap16();
		for (const bytes of [
			Buffer.concat([Buffer.from([0xff, 0xfe]), le]),
			Buffer.concat([Buffer.from([0xfe, 0xff]), be]),
			le,
			be,
		]) {
			const laps = parseLapFile(bytes);
			expect(laps.laps).toEqual([]);
			expect(laps.report).toEqual([
				expect.objectContaining({
					line: 1,
					kind: "rejected",
					reason: expect.stringMatching(/^arquivo em UTF-16/),
				}),
			]);
			const points = parseGpsBytes(Buffer.from(`${GPS_LINE}\n`.repeat(3), "utf16le"), true);
			expect(points.points.length).toBe(0);
			expect(points.report).toHaveLength(1);
			expect(points.report[0]?.reason).toMatch(/^arquivo em UTF-16/);
		}
	});
});
