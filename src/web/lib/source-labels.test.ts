import { describe, expect, it } from "vitest";
import { leanLabel, sourceText, timingName } from "./source-labels";

describe("source labels", () => {
	it("names the timing shown", () => {
		expect(timingName("logger")).toBe("Voltas do logger");
		expect(timingName("line")).toBe("Cronometradas pela linha de chegada");
	});
	it("marks an estimated lean", () => {
		expect(leanLabel(false)).toBe("Inclinação");
		expect(leanLabel(true)).toBe("Inclinação (estimada)");
	});
	it("names the source with its device", () => {
		expect(sourceText({ format: "vbo", device: null })).toBe("VBO (Racelogic)");
		expect(sourceText({ format: "racechrono", device: "RaceChrono Pro" })).toBe(
			"RaceChrono (CSV) · RaceChrono Pro",
		);
	});
});
