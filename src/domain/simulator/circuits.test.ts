import { describe, expect, it } from "vitest";
import { type CircuitId, getCircuit, isCircuitId } from "./circuits";

describe("getCircuit", () => {
	it("refuses an id that names no built-in circuit", () => {
		expect(isCircuitId("monza")).toBe(false);
		expect(() => getCircuit("monza" as CircuitId)).toThrow(/unknown circuit: monza/);
		expect(getCircuit("interlagos").name).toBe("Interlagos");
	});
});
