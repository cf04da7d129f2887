import { describe, expect, it } from "vitest";
import { lapSummaryText } from "./lap-summary";

describe("lapSummaryText", () => {
	it("says the lap's time, length, top speed and lean", () => {
		expect(
			lapSummaryText(
				{
					number: 7,
					timeMs: 102_345,
					distanceM: 4310.4,
					maxSpeedKmh: 231.4,
					maxRollDeg: 48.2,
					minRollDeg: -45,
				},
				"Interlagos, 15/03/2025",
				true,
			),
		).toBe(
			"Traçado da volta 7 em Interlagos, 15/03/2025: 01:42.345 (a melhor da sessão), 4310 m, velocidade máxima de 231,4 km/h, inclinação até 48,2° à direita e 45,0° à esquerda.",
		);
	});

	it("leaves out what the logger did not record", () => {
		expect(
			lapSummaryText(
				{
					number: 2,
					timeMs: 61_000,
					distanceM: 900,
					maxSpeedKmh: null,
					maxRollDeg: null,
					minRollDeg: null,
				},
				"Granja Viana, 20/04/2025",
				false,
			),
		).toBe("Traçado da volta 2 em Granja Viana, 20/04/2025: 01:01.000, 900 m.");
	});

	it("says when the lean was estimated from the path", () => {
		const text = lapSummaryText(
			{
				number: 1,
				timeMs: 60_000,
				distanceM: 1000,
				maxSpeedKmh: 100,
				maxRollDeg: 40,
				minRollDeg: -35,
			},
			"Oval, 01/03/2025",
			false,
			true,
		);
		expect(text).toContain("inclinação (estimada) até 40,0° à direita");
	});
});
