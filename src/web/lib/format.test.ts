import { describe, expect, it } from "vitest";
import {
	formatDateLabel,
	formatDurationSeconds,
	formatIsoDate,
	formatLean,
	formatMetres,
	formatSpeed,
	formatTreeLap,
	formatTreeLapTime,
	initialsOf,
	loggerLabel,
} from "./format";

describe("session tree display", () => {
	it("shows date folders as dd/mm/yyyy", () => {
		expect(formatDateLabel("01022025")).toBe("01/02/2025");
		expect(formatDateLabel("31022025")).toBe("31022025");
	});

	it("truncates lap times to hundredths", () => {
		expect(formatTreeLapTime(83_459)).toBe("01:23.45");
		expect(formatTreeLapTime(59_999)).toBe("00:59.99");
		expect(formatTreeLap({ number: 3, timeMs: 61_005 })).toBe("3 — 01:01.00");
	});
});

describe("figures", () => {
	it("formats speed, lean, distance and spreads in pt-BR", () => {
		expect(formatSpeed(123.45)).toBe("123,5 km/h");
		expect(formatSpeed(null)).toBe("—");
		expect(formatLean(-38)).toBe("38,0°");
		expect(formatLean(41.26)).toBe("41,3°");
		expect(formatMetres(1234.4)).toBe("1234 m");
		expect(formatDurationSeconds(523.4)).toBe("0,523 s");
		expect(formatDurationSeconds(null)).toBe("—");
		expect(formatIsoDate("2025-02-01")).toBe("01/02/2025");
	});
});

describe("header", () => {
	it("builds initials from a name or an e-mail", () => {
		expect(initialsOf("Paula Piloto")).toBe("PP");
		expect(initialsOf("Ana Maria da Silva")).toBe("AS");
		expect(initialsOf(null, "nina.nova@lapsix.example")).toBe("NN");
		expect(initialsOf("", "")).toBe("?");
	});

	it("names the logger", () => {
		expect(loggerLabel("1")).toBe("Logger: 1");
		expect(loggerLabel(null)).toBe("Sem logger");
	});
});
