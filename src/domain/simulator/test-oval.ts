import type { Circuit } from "./circuits";

/** A small oval circuit for tests, `lengthM` long (a length of no whole metres spaces its
 * samples other than 1 m apart). */
export function testOval(lengthM: number): Circuit {
	return {
		id: "oval",
		name: "Oval de teste",
		origin: { lat: -23.5, lon: -46.6 },
		controlPoints: [
			[0, 0],
			[300, 0, 40],
			[300, 150, 40],
			[-100, 150, 25],
			[-100, 0, 25],
		],
		lengthM,
		sectorEnds: [0.25, 0.5, 0.75],
		pitExit: 0.05,
		pitEntry: 0.95,
	};
}
