/**
 * Damaged lines of the kinds real loggers leave behind, inserted between valid ones
 * so every reader has to reject them and carry on: a fix-less `0,0` position, a line
 * cut short (power loss mid-write) and a garbled speed.
 */
import type { GpsVariant } from "./format";
import type { Rng } from "./prng";

export type InvalidLineKind = "no-fix" | "truncated" | "bad-speed";

const KINDS: readonly InvalidLineKind[] = ["no-fix", "truncated", "bad-speed"];

/** A damaged copy of a valid line. */
export function damageLine(line: string, kind: InvalidLineKind, variant: GpsVariant): string {
	const fields = line.split("|");
	if (kind === "no-fix") return ["0,0", ...fields.slice(1)].join("|");
	if (kind === "bad-speed") return [fields[0], "--.-", ...fields.slice(2)].join("|");
	// Keep fewer fields than either variant has, and cut the last one mid-value.
	const kept = variant === "old" ? 4 : 5;
	const partial = fields.slice(0, kept);
	const last = partial[kept - 1] ?? "";
	partial[kept - 1] = last.slice(0, Math.max(1, Math.ceil(last.length / 2)));
	return partial.join("|");
}

/**
 * Returns `lines` with `count` damaged lines inserted, spread over the file (never
 * before the first line), cycling through the kinds.
 */
export function insertInvalidLines(
	lines: readonly string[],
	count: number,
	variant: GpsVariant,
	rng: Rng,
): string[] {
	if (count === 0 || lines.length === 0) return [...lines];
	const insertBefore: number[] = [];
	for (let j = 0; j < count; j++) {
		const slot = (j + 0.15 + 0.7 * rng.next()) / count;
		insertBefore.push(Math.max(1, Math.min(lines.length - 1, Math.floor(slot * lines.length))));
	}
	const out: string[] = [];
	let j = 0;
	for (let i = 0; i < lines.length; i++) {
		while (j < count && insertBefore[j] === i) {
			out.push(damageLine(lines[i]!, KINDS[j % KINDS.length]!, variant));
			j++;
		}
		out.push(lines[i]!);
	}
	// With a single line there is no room between lines: damaged lines go last.
	while (j < count) {
		out.push(damageLine(lines[lines.length - 1]!, KINDS[j % KINDS.length]!, variant));
		j++;
	}
	return out;
}
