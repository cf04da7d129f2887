/**
 * VBO channel names to what lapsix reads, and the column order when the names are missing or
 * contradicted by the data. Racelogic and RaceChrono write `sats` first
 * (`sats time lat long velocity heading height …`); RaceBox writes it last
 * (`time lat lng velocity heading height … sats`).
 */

export type VboChannel =
	| "sats"
	| "time"
	| "lat"
	| "long"
	| "velocity"
	| "heading"
	| "height"
	| "lonAcc"
	| "latAcc"
	| "lean"
	| "rpm"
	| "throttle";

/** Names after `normaliseName`. */
const NAMES: Record<string, VboChannel> = {
	sats: "sats",
	sat: "sats",
	satellites: "sats",
	time: "time",
	utctime: "time",
	lat: "lat",
	latitude: "lat",
	long: "long",
	lng: "long",
	lon: "long",
	longitude: "long",
	velocity: "velocity",
	speed: "velocity",
	heading: "heading",
	course: "heading",
	height: "height",
	altitude: "height",
	alt: "height",
	longacc: "lonAcc",
	longaccel: "lonAcc",
	longitudinalacc: "lonAcc",
	longitudinalaccel: "lonAcc",
	latacc: "latAcc",
	lataccel: "latAcc",
	lateralacc: "latAcc",
	lateralaccel: "latAcc",
	leanangle: "lean",
	lean: "lean",
	rpm: "rpm",
	enginespeed: "rpm",
	throttle: "throttle",
	throttlepos: "throttle",
	throttleposition: "throttle",
	tps: "throttle",
};

/** Unit words a `[header]` line may end with (`velocity kmh`, `long accel g`). */
const UNIT_WORDS = new Set(["kmh", "km/h", "mph", "g", "m", "deg", "ft", "%", "rpm"]);

export interface NamedColumn {
	channel: VboChannel;
	/** The name carried a source suffix (`lean_angle-calc`, `latacc-calc`): a second choice. */
	derived: boolean;
	/** A unit word the name ended with, lower case, or "". */
	unit: string;
}

/**
 * `latacc-calc` -> latAcc, derived; `velocity kmh` -> velocity, unit kmh; `Long accel g` ->
 * lonAcc; unknown names -> null.
 */
export function normaliseName(raw: string): NamedColumn | null {
	const words = raw.trim().toLowerCase().split(/\s+/);
	let unit = "";
	if (words.length > 1 && UNIT_WORDS.has(words[words.length - 1]!)) unit = words.pop()!;
	let name = words.join("");
	let derived = false;
	const dash = name.indexOf("-");
	if (dash > 0) {
		derived = true;
		name = name.slice(0, dash);
	}
	name = name.replaceAll("_", "");
	const channel = NAMES[name];
	return channel ? { channel, derived, unit } : null;
}

/** Column index of each channel (-1 absent) and the candidates for second choices. */
export interface ColumnMap {
	/** Chosen column per channel. */
	column: Record<VboChannel, number>;
	/** Every column naming a channel, plain ones first. */
	candidates: Record<VboChannel, number[]>;
	/** Unit word per column, from the names. */
	units: string[];
	count: number;
}

const CHANNELS: readonly VboChannel[] = [
	"sats",
	"time",
	"lat",
	"long",
	"velocity",
	"heading",
	"height",
	"lonAcc",
	"latAcc",
	"lean",
	"rpm",
	"throttle",
];

export function mapColumns(names: readonly string[]): ColumnMap {
	const column = Object.fromEntries(CHANNELS.map((c) => [c, -1])) as Record<VboChannel, number>;
	const plain = Object.fromEntries(CHANNELS.map((c) => [c, [] as number[]])) as Record<
		VboChannel,
		number[]
	>;
	const derived = Object.fromEntries(CHANNELS.map((c) => [c, [] as number[]])) as Record<
		VboChannel,
		number[]
	>;
	const units: string[] = [];
	names.forEach((raw, index) => {
		const named = normaliseName(raw);
		units.push(named?.unit ?? "");
		if (!named) return;
		(named.derived ? derived : plain)[named.channel].push(index);
	});
	const candidates = Object.fromEntries(
		CHANNELS.map((c) => [c, [...plain[c], ...derived[c]]]),
	) as Record<VboChannel, number[]>;
	for (const c of CHANNELS) column[c] = candidates[c][0] ?? -1;
	return { column, candidates, units, count: names.length };
}

/** The positional orders of the two dialects, for files without usable names. */
export function defaultOrder(satsFirst: boolean, fieldCount: number): string[] {
	const core = ["time", "lat", "long", "velocity", "heading", "height"];
	if (satsFirst) return ["sats", ...core].slice(0, Math.max(fieldCount, 2));
	const names = core.slice(0, Math.max(0, fieldCount - 1));
	while (names.length < fieldCount - 1) names.push(`x${names.length}`);
	names.push("sats");
	return names;
}
