/**
 * Speed bands that colour the KML path: round limits (5, 10, 20, 25 or 50 km/h wide, about
 * six bands) across the speeds of the laps written, slow in blue through green and yellow to
 * fast in red. Each band has its KML colour (`aabbggrr`) and its CSS colour for the legend.
 */
import type { TimedLap } from "../channels/types";

export interface SpeedBand {
	/** km/h, inclusive. */
	fromKmh: number;
	/** km/h, exclusive; the last band has no upper limit. */
	toKmh: number;
	/** KML `aabbggrr`. */
	kmlColor: string;
	/** `#rrggbb`. */
	cssColor: string;
}

/** A band index, or this when the speed is unknown. */
export const UNKNOWN_BAND = -1;
export const UNKNOWN_BAND_CSS = "#9e9e9e";
export const UNKNOWN_BAND_KML = "ff9e9e9e";

const TARGET_BANDS = 6;
const MAX_BANDS = 8;
const STEPS_KMH = [5, 10, 20, 25, 50, 100];
/** A path leaves its band only when the speed is this far past the band's limit. */
export const BAND_HYSTERESIS_KMH = 2;

/** Slow to fast (ColorBrewer's RdYlBu, reversed, eight classes). */
const PALETTE = [
	"#313695",
	"#4575b4",
	"#74add1",
	"#abd9e9",
	"#fee090",
	"#fdae61",
	"#f46d43",
	"#d73027",
];

function kmlColorOf(css: string): string {
	const rr = css.slice(1, 3);
	const gg = css.slice(3, 5);
	const bb = css.slice(5, 7);
	return `ff${bb}${gg}${rr}`;
}

/** Bands covering the finite speeds of `laps`; none when no lap has a speed. */
export function speedBandsOf(laps: readonly TimedLap[]): SpeedBand[] {
	let min = Number.POSITIVE_INFINITY;
	let max = Number.NEGATIVE_INFINITY;
	for (const lap of laps) {
		const speed = lap.channels.speedKmh;
		for (let i = 0; i < lap.channels.length; i++) {
			const v = speed[i]!;
			if (v < min) min = v;
			if (v > max) max = v;
		}
	}
	if (!(max >= min)) return [];
	min = Math.max(0, min);
	max = Math.max(min, max);
	const span = Math.max(max - min, 1);
	const step = STEPS_KMH.find((s) => span / s <= TARGET_BANDS) ?? STEPS_KMH.at(-1)!;
	const start = Math.floor(min / step) * step;
	const count = Math.min(MAX_BANDS, Math.max(1, Math.floor((max - start) / step) + 1));
	const bands: SpeedBand[] = [];
	for (let k = 0; k < count; k++) {
		const cssColor =
			PALETTE[count === 1 ? 0 : Math.round((k * (PALETTE.length - 1)) / (count - 1))]!;
		bands.push({
			fromKmh: start + k * step,
			toKmh: k === count - 1 ? Number.POSITIVE_INFINITY : start + (k + 1) * step,
			kmlColor: kmlColorOf(cssColor),
			cssColor,
		});
	}
	return bands;
}

/** The band of `speed` with no hysteresis. */
export function bandOf(bands: readonly SpeedBand[], speed: number): number {
	if (!Number.isFinite(speed) || bands.length === 0) return UNKNOWN_BAND;
	for (let k = bands.length - 1; k > 0; k--) if (speed >= bands[k]!.fromKmh) return k;
	return 0;
}

/**
 * The band a path in band `current` is in at `speed`: it stays unless the speed is
 * `BAND_HYSTERESIS_KMH` past the band's limits, so noise at a limit does not split the path
 * into many one-point pieces.
 */
export function nextBand(bands: readonly SpeedBand[], current: number, speed: number): number {
	const band = bandOf(bands, speed);
	if (band === current || current === UNKNOWN_BAND || band === UNKNOWN_BAND) return band;
	const { fromKmh, toKmh } = bands[current]!;
	const inside =
		(current === 0 || speed > fromKmh - BAND_HYSTERESIS_KMH) && speed < toKmh + BAND_HYSTERESIS_KMH;
	return inside ? current : band;
}

export function bandLabel(band: SpeedBand | undefined): string {
	if (!band) return "velocidade desconhecida";
	if (!Number.isFinite(band.toKmh)) return `${band.fromKmh} km/h ou mais`;
	return `${band.fromKmh}–${band.toKmh} km/h`;
}
