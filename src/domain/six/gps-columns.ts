import {
	SLOT_DISTANCE,
	SLOT_FLAG,
	SLOT_LAP_COUNT,
	SLOT_LAT,
	SLOT_LEAN,
	SLOT_LON,
	SLOT_ROLL,
	SLOT_SATELLITES,
	SLOT_SPEED,
	SLOT_TIME,
} from "./gps-line";
import type { GpsPoints } from "./types";

/**
 * Growable columns for `GpsPoints`: typed arrays that double when full and are trimmed to the
 * point count at the end, so a million fixes cost a few allocations, not a million objects.
 *
 * The battery text is kept as runs (first row, text) and spread into its array at the end:
 * it rarely changes, and a million-slot array of pointers alive during the parse is scanned
 * by every garbage collection the typed arrays' allocations trigger.
 */
export class GpsColumnsBuilder {
	length = 0;
	capacity: number;
	lat: Float64Array;
	lon: Float64Array;
	speedKmh: Float32Array;
	satellites: Uint16Array;
	timeOfDayMs: Float64Array;
	lapCount: Uint32Array;
	timingFlag: Uint8Array;
	roll: Float32Array;
	filteredLean: Float32Array;
	distanceM: Float64Array;
	line: Uint32Array;
	/** First row of each battery run, and the run's text. */
	private readonly batteryRunStart: number[] = [];
	private readonly batteryRunText: string[] = [];
	/** Text of the last run (a row committed with another text starts a new run). */
	batteryText: string | undefined = undefined;

	constructor(initialCapacity: number) {
		// `| 0` keeps the field a small integer for V8 (Math.floor of a double stays a double).
		const capacity = Math.max(16, Math.floor(initialCapacity)) | 0;
		this.capacity = capacity;
		this.lat = new Float64Array(capacity);
		this.lon = new Float64Array(capacity);
		this.speedKmh = new Float32Array(capacity);
		this.satellites = new Uint16Array(capacity);
		this.timeOfDayMs = new Float64Array(capacity);
		this.lapCount = new Uint32Array(capacity);
		this.timingFlag = new Uint8Array(capacity);
		this.roll = new Float32Array(capacity);
		this.filteredLean = new Float32Array(capacity);
		this.distanceM = new Float64Array(capacity);
		this.line = new Uint32Array(capacity);
	}

	/** Writes the numbers of a line (slots of `gps-line.ts`) into row `length`, not counted yet. */
	setRow(out: Float64Array): void {
		const i = this.length;
		this.lat[i] = out[SLOT_LAT]!;
		this.lon[i] = out[SLOT_LON]!;
		// `+ 0` turns a `-0` speed into 0.
		this.speedKmh[i] = out[SLOT_SPEED]! + 0;
		this.satellites[i] = out[SLOT_SATELLITES]!;
		this.timeOfDayMs[i] = out[SLOT_TIME]!;
		this.lapCount[i] = out[SLOT_LAP_COUNT]!;
		this.timingFlag[i] = out[SLOT_FLAG]!;
		this.roll[i] = out[SLOT_ROLL]!;
		this.filteredLean[i] = out[SLOT_LEAN]!;
		this.distanceM[i] = out[SLOT_DISTANCE]!;
	}

	/** Counts row `length` as a point: the numbers are written, here come line and battery. */
	commitRow(line: number, battery: string): void {
		const i = this.length++;
		this.line[i] = line;
		if (battery !== this.batteryText) this.startBatteryRun(i, battery);
	}

	/** Rows from `row` on have the battery text `text` (until the next run). */
	startBatteryRun(row: number, text: string): void {
		this.batteryRunStart.push(row);
		this.batteryRunText.push(text);
		this.batteryText = text;
	}

	/** Doubles every column, keeping the points written so far. */
	grow(): void {
		const capacity = (this.capacity * 2) | 0;
		this.capacity = capacity;
		this.lat = regrow(this.lat, new Float64Array(capacity));
		this.lon = regrow(this.lon, new Float64Array(capacity));
		this.speedKmh = regrow(this.speedKmh, new Float32Array(capacity));
		this.satellites = regrow(this.satellites, new Uint16Array(capacity));
		this.timeOfDayMs = regrow(this.timeOfDayMs, new Float64Array(capacity));
		this.lapCount = regrow(this.lapCount, new Uint32Array(capacity));
		this.timingFlag = regrow(this.timingFlag, new Uint8Array(capacity));
		this.roll = regrow(this.roll, new Float32Array(capacity));
		this.filteredLean = regrow(this.filteredLean, new Float32Array(capacity));
		this.distanceM = regrow(this.distanceM, new Float64Array(capacity));
		this.line = regrow(this.line, new Uint32Array(capacity));
	}

	/**
	 * The finished columns. A little slack is left in place (a view, no copy, no second
	 * buffer at the memory peak); more than an eighth of the capacity is copied out so an
	 * over-estimate does not stay allocated for the life of the result.
	 */
	finish(): GpsPoints {
		const n = this.length;
		const copy = this.capacity - n > this.capacity / 8;
		const battery = new Array<string>(n);
		const starts = this.batteryRunStart;
		for (let r = 0; r < starts.length; r++) {
			battery.fill(this.batteryRunText[r]!, starts[r]!, starts[r + 1] ?? n);
		}
		const cut = <T extends TypedArray>(a: T): T => (copy ? a.slice(0, n) : a.subarray(0, n)) as T;
		return {
			length: n,
			lat: cut(this.lat),
			lon: cut(this.lon),
			speedKmh: cut(this.speedKmh),
			satellites: cut(this.satellites),
			timeOfDayMs: cut(this.timeOfDayMs),
			lapCount: cut(this.lapCount),
			timingFlag: cut(this.timingFlag),
			roll: cut(this.roll),
			filteredLean: cut(this.filteredLean),
			distanceM: cut(this.distanceM),
			line: cut(this.line),
			battery,
		};
	}
}

type TypedArray = Float64Array | Float32Array | Uint32Array | Uint16Array | Uint8Array;

function regrow<T extends TypedArray>(old: T, next: T): T {
	next.set(old as never);
	return next;
}

/** Empty columns (a file with no accepted fix). */
export function emptyGpsPoints(): GpsPoints {
	return new GpsColumnsBuilder(0).finish();
}
