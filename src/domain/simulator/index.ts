/**
 * Deterministic demo data: `lap.six` and `gps.six` files for a rider lapping one of
 * the built-in circuits (FORMATS.md), and one fixed lap for the test canvas.
 */
import { CIRCUIT_IDS, type CircuitId, getCircuit } from "./circuits";

export type { Circuit, CircuitId } from "./circuits";
export { type DemoLap, fixedDemoLap } from "./demo-lap";
export type { GpsVariant } from "./format";
export {
	MAX_SIMULATED_LAPS,
	type SimulatedSession,
	type SimulateSessionOptions,
	simulateSession,
} from "./session";
export type { VehicleKind } from "./vehicle";

export function listCircuits(): { id: CircuitId; name: string; lengthM: number }[] {
	return CIRCUIT_IDS.map((id) => {
		const { name, lengthM } = getCircuit(id);
		return { id, name, lengthM };
	});
}
