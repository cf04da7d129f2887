import { describe, expect, it } from "vitest";
import {
	folderOfIsoDate,
	hardwareIdProblem,
	isoDateOfFolder,
	sessionLockName,
	sessionObjectKey,
	validateSessionPath,
} from "./session-key";

describe("session keys", () => {
	const key = { hardwareId: "HW-1", track: "Interlagos", date: "05042025" };

	it("turns date folders into SQL dates and back", () => {
		expect(isoDateOfFolder("05042025")).toBe("2025-04-05");
		expect(folderOfIsoDate("2025-04-05")).toBe("05042025");
	});

	it("places files and locks by logger, track and day", () => {
		expect(sessionObjectKey(key, "gps.six")).toBe("HW-1/Interlagos/05042025/gps.six");
		expect(sessionLockName(key)).toBe("HW-1/Interlagos/05042025");
	});

	it("accepts a real path and says why it refuses another", () => {
		expect(validateSessionPath("Interlagos", "05042025", "lap.six")).toEqual({
			ok: true,
			track: "Interlagos",
			date: "05042025",
			isoDate: "2025-04-05",
			fileName: "lap.six",
		});
		expect(validateSessionPath("Interlagos", "05042025", "gps.six")).toMatchObject({
			ok: true,
			fileName: "gps.six",
		});
		expect(validateSessionPath("a/b", "05042025", "lap.six")).toMatchObject({
			ok: false,
			reason: expect.stringMatching(/^Nome de pista inválido: use de 1 a 64 caracteres/),
		});
		expect(validateSessionPath("Interlagos", "31042025", "lap.six")).toEqual({
			ok: false,
			reason: 'Data inválida "31042025": use ddmmyyyy com uma data real.',
		});
		expect(validateSessionPath("Interlagos", "x".repeat(30), "lap.six")).toMatchObject({
			reason: `Data inválida "${"x".repeat(20)}": use ddmmyyyy com uma data real.`,
		});
		expect(validateSessionPath("Interlagos", "05042025", "y".repeat(50))).toEqual({
			ok: false,
			reason: `Arquivo inválido "${"y".repeat(40)}": use lap.six ou gps.six.`,
		});
	});

	it("says what a logger id may be", () => {
		expect(hardwareIdProblem("HW_1-a")).toBeNull();
		expect(hardwareIdProblem("a b")).toBe(
			"Identificador de logger inválido: use de 1 a 64 letras, dígitos, '-' ou '_'.",
		);
	});
});
