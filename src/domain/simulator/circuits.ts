/**
 * Built-in circuits. Shapes are inspired by Brazilian tracks, not surveyed: each is a
 * control polygon in local metres (x east, y north, driving order) for a closed
 * B-spline, scaled to `lengthM` and placed around a real origin near the track.
 */

export type CircuitId = "interlagos" | "velocitta" | "granja-viana";

export interface Circuit {
	id: string;
	name: string;
	/** WGS84 origin of the local metre grid. */
	origin: { lat: number; lon: number };
	/**
	 * Closed control polygon in driving order, `[x, y, cornerRadius?]`: each vertex is
	 * rounded by an arc of that radius (in the polygon's units), or of the largest radius
	 * that fits. The start/finish line lies at the first vertex, which sits on a straight.
	 */
	controlPoints: readonly (readonly [x: number, y: number, cornerRadius?: number])[];
	/** Length of the racing line, metres; the shape is scaled to it. */
	lengthM: number;
	/** Where sectors 1, 2 and 3 end, as fractions of the lap (sector 4 ends at the line). */
	sectorEnds: readonly [number, number, number];
	/** The out-lap joins the track here, and the in-lap leaves it here (fractions of the lap). */
	pitExit: number;
	pitEntry: number;
}

const INTERLAGOS: Circuit = {
	id: "interlagos",
	name: "Interlagos",
	origin: { lat: -23.7011, lon: -46.6972 },
	lengthM: 4290,
	sectorEnds: [0.26, 0.5, 0.76],
	pitExit: 0.06,
	pitEntry: 0.95,
	controlPoints: [
		[0, 0],
		[-380, 0, 22],
		[-420, -70, 30],
		[-560, -200],
		[-520, -330],
		[-300, -440],
		[250, -560, 30],
		[300, -420, 40],
		[40, -400, 18],
		[20, -300, 12],
		[250, -285, 30],
		[320, -40],
		[200, 0],
	],
};

const VELOCITTA: Circuit = {
	id: "velocitta",
	name: "Velocitta",
	origin: { lat: -22.3364, lon: -46.9431 },
	lengthM: 3440,
	sectorEnds: [0.24, 0.49, 0.75],
	pitExit: 0.05,
	pitEntry: 0.95,
	controlPoints: [
		[0, 0],
		[750, 0, 15],
		[760, -80, 15],
		[520, -110],
		[440, -250, 25],
		[300, -250, 20],
		[240, -380, 25],
		[-200, -380, 35],
		[-210, -250, 15],
		[-290, -200, 15],
		[-290, -60],
		[-150, 0],
	],
};

const GRANJA_VIANA: Circuit = {
	id: "granja-viana",
	name: "Granja Viana",
	origin: { lat: -23.5936, lon: -46.8331 },
	lengthM: 1100,
	sectorEnds: [0.25, 0.5, 0.75],
	pitExit: 0.04,
	pitEntry: 0.96,
	controlPoints: [
		[0, 0],
		[170, 0, 10],
		[180, 60, 6],
		[110, 70, 10],
		[120, 130, 10],
		[200, 140, 10],
		[190, 200, 6],
		[30, 200, 15],
		[20, 140, 10],
		[-40, 100, 10],
		[-40, 0, 15],
	],
};

const CIRCUITS: Record<CircuitId, Circuit> = {
	interlagos: INTERLAGOS,
	velocitta: VELOCITTA,
	"granja-viana": GRANJA_VIANA,
};

export const CIRCUIT_IDS = Object.keys(CIRCUITS) as CircuitId[];

export function isCircuitId(value: string): value is CircuitId {
	return Object.hasOwn(CIRCUITS, value);
}

export function getCircuit(id: CircuitId): Circuit {
	const circuit = CIRCUITS[id];
	if (!circuit) throw new Error(`unknown circuit: ${String(id)}`);
	return circuit;
}
