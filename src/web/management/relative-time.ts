/**
 * "Up" on /hardware: when a logger last talked to the server, as a pt-BR relative time
 * ("há 3 minutos", "ontem", "nunca").
 */

const UNITS: readonly { unit: Intl.RelativeTimeFormatUnit; seconds: number }[] = [
	{ unit: "year", seconds: 365 * 24 * 3600 },
	{ unit: "month", seconds: 30 * 24 * 3600 },
	{ unit: "week", seconds: 7 * 24 * 3600 },
	{ unit: "day", seconds: 24 * 3600 },
	{ unit: "hour", seconds: 3600 },
	{ unit: "minute", seconds: 60 },
	{ unit: "second", seconds: 1 },
];

const formatter = new Intl.RelativeTimeFormat("pt-BR", { numeric: "auto" });

/** Below this a contact counts as "agora"; also absorbs small clock differences. */
const NOW_WINDOW_SECONDS = 10;
/** A contact up to this far in the future is clock skew, not a real future time. */
const FUTURE_TOLERANCE_SECONDS = 60;

export const NEVER_SEEN = "nunca";

/**
 * `at` is an ISO 8601 instant (or null for "never"). Times in the near future (the device's or
 * the server's clock a little ahead) read "agora" rather than "em 5 segundos".
 */
export function formatRelativeTime(at: string | Date | null | undefined, now: Date): string {
	if (at === null || at === undefined || at === "") return NEVER_SEEN;
	const time = at instanceof Date ? at.getTime() : Date.parse(at);
	if (Number.isNaN(time)) return NEVER_SEEN;
	const elapsedSeconds = Math.round((now.getTime() - time) / 1000);
	if (elapsedSeconds < NOW_WINDOW_SECONDS && elapsedSeconds > -FUTURE_TOLERANCE_SECONDS) {
		return formatter.format(0, "second");
	}
	const magnitude = Math.abs(elapsedSeconds);
	const choice = UNITS.find((entry) => magnitude >= entry.seconds) ?? UNITS[UNITS.length - 1]!;
	const amount = Math.floor(magnitude / choice.seconds);
	return formatter.format(elapsedSeconds < 0 ? amount : -amount, choice.unit);
}

const absoluteFormatter = new Intl.DateTimeFormat("pt-BR", {
	dateStyle: "short",
	timeStyle: "medium",
});

/** The exact instant, for a tooltip next to the relative time and for the audit table. */
export function formatAbsoluteTime(at: string | null | undefined): string {
	if (!at) return "";
	const time = Date.parse(at);
	return Number.isNaN(time) ? "" : absoluteFormatter.format(time);
}
