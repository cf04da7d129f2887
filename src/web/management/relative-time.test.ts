import { describe, expect, it } from "vitest";
import { formatAbsoluteTime, formatRelativeTime, NEVER_SEEN } from "./relative-time";

const now = new Date("2024-05-10T15:00:00Z");
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe("formatRelativeTime", () => {
	it("says 'nunca' for a logger that never made contact", () => {
		expect(formatRelativeTime(null, now)).toBe("nunca");
		expect(formatRelativeTime(undefined, now)).toBe(NEVER_SEEN);
		expect(formatRelativeTime("", now)).toBe("nunca");
		expect(formatRelativeTime("não é data", now)).toBe("nunca");
	});

	it("says 'agora' for a contact in the last seconds or slightly in the future", () => {
		expect(formatRelativeTime(ago(0), now)).toBe("agora");
		expect(formatRelativeTime(ago(9), now)).toBe("agora");
		expect(formatRelativeTime(ago(-30), now)).toBe("agora");
	});

	it.each([
		[30, "há 30 segundos"],
		[60, "há 1 minuto"],
		[3 * 60 + 20, "há 3 minutos"],
		[59 * 60, "há 59 minutos"],
		[2 * 3600, "há 2 horas"],
		[24 * 3600, "ontem"],
		[3 * 24 * 3600, "há 3 dias"],
		[14 * 24 * 3600, "há 2 semanas"],
		[60 * 24 * 3600, "há 2 meses"],
		[800 * 24 * 3600, "há 2 anos"],
	])("%i seconds ago -> %s", (seconds, text) => {
		expect(formatRelativeTime(ago(seconds), now)).toBe(text);
	});

	it("accepts a Date as well as ISO text", () => {
		expect(formatRelativeTime(new Date(now.getTime() - 180_000), now)).toBe("há 3 minutos");
	});

	it("says 'em ...' for a contact well in the future", () => {
		expect(formatRelativeTime(ago(-2 * 3600), now)).toBe("em 2 horas");
	});
});

describe("formatAbsoluteTime", () => {
	it("formats an instant in pt-BR and nothing for a missing one", () => {
		expect(formatAbsoluteTime("2024-05-10T15:00:00Z")).toMatch(
			/^\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}:\d{2}$/,
		);
		expect(formatAbsoluteTime(null)).toBe("");
		expect(formatAbsoluteTime("x")).toBe("");
	});
});
