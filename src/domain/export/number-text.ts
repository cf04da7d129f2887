/**
 * Number to text for the exporters, faster than `toFixed` on the hot path (one call per value
 * per point): the value is scaled to an integer once and the fraction padded from a power of
 * ten, so no locale, no exponent, never `-0`.
 */

const POWERS = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000];

/**
 * `value` with exactly `decimals` decimals (0..8), `.` as the separator; "" when not finite.
 * Values whose scaled magnitude exceeds 2^53 lose digits: the exporters never write such.
 */
export function fixed(value: number, decimals: number): string {
	if (!Number.isFinite(value)) return "";
	const power = POWERS[decimals]!;
	const scaled = Math.round(Math.abs(value) * power);
	const sign = value < 0 && scaled !== 0 ? "-" : "";
	if (decimals === 0) return sign + scaled;
	const whole = Math.floor(scaled / power);
	const fraction = scaled - whole * power;
	return `${sign}${whole}.${String(power + fraction).slice(1)}`;
}

/**
 * Fixed width: `value` with `decimals` decimals and at least `digits` integer digits
 * (zero-padded), with an explicit sign when `signed` (`+0004.36`, `-00673.458530`); used by
 * VBO, whose readers expect Racelogic's fixed columns. "" when not finite.
 */
export function padded(value: number, digits: number, decimals: number, signed: boolean): string {
	if (!Number.isFinite(value)) return "";
	const power = POWERS[decimals]!;
	const scaled = Math.round(Math.abs(value) * power);
	const negative = value < 0 && scaled !== 0;
	const whole = Math.floor(scaled / power);
	let wholeText = String(whole);
	if (wholeText.length < digits) wholeText = String(POWERS[digits]! + whole).slice(1);
	const sign = negative ? "-" : signed ? "+" : "";
	if (decimals === 0) return sign + wholeText;
	const fraction = scaled - whole * power;
	return `${sign}${wholeText}.${String(power + fraction).slice(1)}`;
}

/** A non-negative integer with at least `digits` digits (`7` -> `07`). */
export function zeroPad(value: number, digits: number): string {
	const text = String(value);
	return text.length >= digits ? text : String(POWERS[digits]! + value).slice(1);
}

/** Heading in [0, 360) with one decimal: 359.97 is written 0.0, never 360.0. */
export function headingText(deg: number): string {
	if (!Number.isFinite(deg)) return "";
	let tenths = Math.round((((deg % 360) + 360) % 360) * 10);
	if (tenths >= 3600) tenths -= 3600;
	return fixed(tenths / 10, 1);
}
