import { describe, expect, it } from "vitest";
import { simulateSession } from "../simulator";
import { parseGpsFile } from "../six/parse-gps";
import { parseLapFile } from "../six/parse-lap";
import { localMidnightUtcMs, sixFixes, utcOffsetFromLaps } from "./six-fixes";

const date = { day: 15, month: 3, year: 2025 };

/** A 10-field gps.six line at a time of day, moving north 2 m a fix. */
function line(time: string, k: number, roll = "5.5", metres = String(100 + 2 * k)): string {
	const lat = (-23.55 + k * 0.000018).toFixed(7);
	return `${lat},-46.63|72|10|${time}|1|1|12.6V|${roll}|5.2|${metres}`;
}

function points(lines: string[]) {
	return parseGpsFile(lines.join("\n")).points;
}

describe("sixFixes", () => {
	it("places UTC times of day on the folder's date, with roll as lean and metres as distance", () => {
		const p = points([line("123456.50", 0), line("123456.60", 1)]);
		const { fixes, report, pointIndex } = sixFixes(p, { date, utcOffsetMinutes: -180 });
		expect(Array.from(fixes.timeMs)).toEqual([
			Date.UTC(2025, 2, 15, 12, 34, 56, 500),
			Date.UTC(2025, 2, 15, 12, 34, 56, 600),
		]);
		expect(Array.from(fixes.leanDeg!)).toEqual([5.5, 5.5]);
		expect(Array.from(fixes.distanceM!)).toEqual([100, 102]);
		expect(Array.from(fixes.extra.satellites!)).toEqual([10, 10]);
		expect(Array.from(fixes.line)).toEqual([1, 2]);
		expect(Array.from(pointIndex)).toEqual([0, 1]);
		expect(fixes.speedKmh[0]).toBe(72);
		expect(report).toEqual([]);
	});

	it("puts the first fix on the right UTC day when local and UTC dates differ", () => {
		// 22:30 on 15/03 in São Paulo (UTC-3) is 01:30 UTC on 16/03.
		const p = points([line("013000.00", 0)]);
		expect(sixFixes(p, { date, utcOffsetMinutes: -180 }).fixes.timeMs[0]).toBe(
			Date.UTC(2025, 2, 16, 1, 30),
		);
		// 08:00 on 15/03 in Tokyo (UTC+9) is 23:00 UTC on 14/03.
		const tokyo = points([line("230000.00", 0)]);
		expect(sixFixes(tokyo, { date, utcOffsetMinutes: 540 }).fixes.timeMs[0]).toBe(
			Date.UTC(2025, 2, 14, 23, 0),
		);
		expect(localMidnightUtcMs(date, 540)).toBe(Date.UTC(2025, 2, 14, 15, 0));
	});

	it("takes the folder's date as the UTC date when the offset is unknown, and says so", () => {
		const { fixes, report } = sixFixes(points([line("013000.00", 0)]), {
			date,
			utcOffsetMinutes: null,
		});
		expect(fixes.timeMs[0]).toBe(Date.UTC(2025, 2, 15, 1, 30));
		expect(report).toEqual([
			{
				file: "gps.six",
				line: 0,
				kind: "notice",
				reason: "fuso horário do logger desconhecido: data da pasta tomada como data UTC",
			},
		]);
	});

	it("runs on past midnight", () => {
		const p = points([line("235959.90", 0), line("000000.00", 1), line("000000.10", 2)]);
		const { fixes } = sixFixes(p, { date, utcOffsetMinutes: 0 });
		expect(Array.from(fixes.timeMs, (t) => t - fixes.timeMs[0]!)).toEqual([0, 100, 200]);
		expect(fixes.timeMs[2]).toBe(Date.UTC(2025, 2, 16, 0, 0, 0, 100));
	});

	it("interpolates a missing time between timed points and extrapolates at the ends", () => {
		const p = points([
			line("", 0),
			line("100000.00", 1),
			line("", 2),
			line("", 3),
			line("100000.30", 4),
			line("100000.40", 5),
			line("", 6),
		]);
		const { fixes, report } = sixFixes(p, { date, utcOffsetMinutes: 0 });
		const start = Date.UTC(2025, 2, 15, 10, 0, 0);
		expect(Array.from(fixes.timeMs, (t) => Math.round(t - start))).toEqual([
			-100, 0, 100, 200, 300, 400, 500,
		]);
		expect(report.map((r) => [r.line, r.reason])).toEqual([
			[1, "1 ponto (linha 1) sem hora: hora estimada pelo período do GPS"],
			[3, "2 pontos (linhas 3-4) sem hora: hora interpolada"],
			[7, "1 ponto (linha 7) sem hora: hora estimada pelo período do GPS"],
		]);
	});

	it("sets aside a point whose time does not advance", () => {
		const p = points([
			line("100000.00", 0),
			line("100000.00", 1),
			line("095959.00", 2),
			line("100000.10", 3),
		]);
		const { fixes, fixOfPoint, report } = sixFixes(p, { date, utcOffsetMinutes: 0 });
		expect(fixes.length).toBe(2);
		expect(Array.from(fixOfPoint)).toEqual([0, -1, -1, 1]);
		expect(report.map((r) => r.reason)).toEqual([
			"2 pontos (linhas 2-3): hora não avança, ponto fora do canal de tempo",
		]);
	});

	it("keeps no fix when fewer than two points have a time", () => {
		const p = points([line("", 0), line("", 1)]);
		const { fixes, fixOfPoint, report } = sixFixes(p, { date, utcOffsetMinutes: 0 });
		expect(fixes.length).toBe(0);
		expect(Array.from(fixOfPoint)).toEqual([-1, -1]);
		expect(report.map((r) => r.reason)).toEqual([
			"2 pontos (linhas 1-2) sem hora: fora do canal de tempo",
		]);
	});

	it("leaves lean and distance out for the older variant without them", () => {
		const p = points([
			"-23.55,-46.63|72|10|100000.00|1|1|12.6V",
			"-23.5501,-46.63|72|10|100000.10|1|1|12.6V",
		]);
		const { fixes } = sixFixes(p, { date, utcOffsetMinutes: 0 });
		expect(fixes.leanDeg).toBeUndefined();
		expect(fixes.distanceM).toBeUndefined();
		expect(fixes.length).toBe(2);
	});
});

describe("utcOffsetFromLaps", () => {
	it("reads the logger's offset from lap.six's local start and gps.six's UTC times", () => {
		for (const utcOffsetMinutes of [-180, 0, 330, 600, -600]) {
			const s = simulateSession({ seed: 7, circuit: "granja-viana", laps: 3, utcOffsetMinutes });
			const offset = utcOffsetFromLaps(parseLapFile(s.lapSix), parseGpsFile(s.gpsSix).points);
			expect(offset).toBe(utcOffsetMinutes);
		}
	});

	it("is null without laps or times", () => {
		const s = simulateSession({ seed: 7, circuit: "granja-viana", laps: 2 });
		expect(utcOffsetFromLaps({ laps: [], report: [] }, parseGpsFile(s.gpsSix).points)).toBeNull();
		const untimed = parseGpsFile(s.gpsSix).points;
		untimed.timeOfDayMs.fill(Number.NaN);
		expect(utcOffsetFromLaps(parseLapFile(s.lapSix), untimed)).toBeNull();
	});
});
