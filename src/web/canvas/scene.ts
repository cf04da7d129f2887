/**
 * A scene: one or more lap paths projected once to local metres and concatenated, with the
 * value that colours them. Built when the data changes, not per frame.
 */
import { bandsOf, type ValueRange, valueRange } from "./bands";
import { type Bounds, boundsOf, centreOfLatLon, projectToLocalMetres, radiusOf } from "./geometry";

export type ColourBy = "speed" | "lean";

export interface PathInput {
	lat: ArrayLike<number>;
	lon: ArrayLike<number>;
	speedKmh: ArrayLike<number>;
	rollDeg?: ArrayLike<number | null>;
}

export interface Scene {
	x: Float64Array;
	y: Float64Array;
	values: Float64Array;
	bands: Uint8Array;
	/** `lapStarts[i]`..`lapStarts[i + 1]` are the points of path i (one extra entry at the end). */
	lapStarts: Uint32Array;
	bounds: Bounds | null;
	/** The farthest point's distance from the origin (metres): what a turn-proof fit needs. */
	radius: number;
	range: ValueRange | null;
	pointCount: number;
}

export function buildScene(paths: readonly PathInput[], colourBy: ColourBy): Scene {
	const lapStarts = new Uint32Array(paths.length + 1);
	let total = 0;
	paths.forEach((path, i) => {
		lapStarts[i] = total;
		total += Math.min(path.lat.length, path.lon.length);
	});
	lapStarts[paths.length] = total;

	const x = new Float64Array(total);
	const y = new Float64Array(total);
	const values = new Float64Array(total);
	const origin = centreOfLatLon(paths);
	if (origin) {
		paths.forEach((path, i) => {
			const start = lapStarts[i]!;
			const local = projectToLocalMetres(path.lat, path.lon, origin);
			x.set(local.x, start);
			y.set(local.y, start);
			for (let k = 0; k < local.x.length; k++) {
				const v = colourBy === "speed" ? path.speedKmh[k] : path.rollDeg?.[k];
				values[start + k] = v === null || v === undefined ? Number.NaN : v;
			}
		});
	}
	const range = valueRange(values);
	return {
		x,
		y,
		values,
		bands: bandsOf(values, range),
		lapStarts,
		bounds: boundsOf(x, y),
		radius: radiusOf(x, y),
		range,
		pointCount: total,
	};
}
