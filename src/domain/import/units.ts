/**
 * Unit labels of the files' unit rows and header names, to the factor that brings a value to
 * lapsix's unit (km/h, metres, G). null: the label names no unit this knows.
 */

const STANDARD_GRAVITY = 9.80665;

function normalise(label: string): string {
	return label.trim().toLowerCase().replaceAll(" ", "").replace("²", "2");
}

/** Factor to km/h. */
export function speedFactor(label: string): number | null {
	switch (normalise(label)) {
		case "m/s":
		case "mps":
		case "ms":
			return 3.6;
		case "km/h":
		case "kmh":
		case "kph":
			return 1;
		case "mph":
			return 1.609344;
		case "kn":
		case "kt":
		case "kts":
		case "knots":
			return 1.852;
		default:
			return null;
	}
}

/** Factor to metres. */
export function lengthFactor(label: string): number | null {
	switch (normalise(label)) {
		case "m":
		case "meters":
		case "metres":
			return 1;
		case "km":
			return 1000;
		case "ft":
		case "feet":
			return 0.3048;
		case "mi":
		case "miles":
			return 1609.344;
		default:
			return null;
	}
}

/** Factor to standard gravities. */
export function accelerationFactor(label: string): number | null {
	switch (normalise(label)) {
		case "g":
			return 1;
		case "m/s2":
		case "m/s/s":
		case "ms2":
			return 1 / STANDARD_GRAVITY;
		default:
			return null;
	}
}
