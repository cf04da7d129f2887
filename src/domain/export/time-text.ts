/**
 * Instants to text, once per point: ISO 8601 UTC with milliseconds (GPX, CSV) and Racelogic's
 * `HHMMSS.SS` time of day (VBO). The date part changes once a day, so it is remembered.
 */
import { zeroPad } from "./number-text";

const DAY_MS = 86_400_000;
/** 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z: ISO 8601 with a four-digit year. */
const FIRST_WRITABLE_MS = -62_135_596_800_000;
const LAST_WRITABLE_MS = 253_402_300_799_999;

const TWO_DIGITS: readonly string[] = Array.from({ length: 100 }, (_, i) => zeroPad(i, 2));

/** Whether `epochMs` can be written as an ISO 8601 instant with a four-digit year. */
export function isWritableInstant(epochMs: number): boolean {
	return epochMs >= FIRST_WRITABLE_MS && epochMs <= LAST_WRITABLE_MS;
}

/** `yyyy-mm-dd` of the UTC day of `epochMs`. */
export function utcDate(epochMs: number): string {
	return new Date(Math.floor(epochMs / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
}

/** `dd/mm/yyyy` of the UTC day of `epochMs` (how VBO and the descriptions write a date). */
export function utcDateBr(epochMs: number): string {
	const iso = utcDate(epochMs);
	return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

/** `hh:mm` of the UTC time of day of `epochMs` (whole minutes, truncated). */
export function utcHourMinute(epochMs: number): string {
	const minuteOfDay = Math.floor((((epochMs % DAY_MS) + DAY_MS) % DAY_MS) / 60_000);
	return `${TWO_DIGITS[Math.floor(minuteOfDay / 60)]}:${TWO_DIGITS[minuteOfDay % 60]}`;
}

/**
 * A formatter of epoch milliseconds as `yyyy-mm-ddThh:mm:ss.SSSZ`, rounded to the millisecond.
 * The caller checks `isWritableInstant` first.
 */
export function createIsoFormatter(): (epochMs: number) => string {
	let cachedDay = Number.NaN;
	let datePrefix = "";
	return (epochMs) => {
		const whole = Math.round(epochMs);
		const day = Math.floor(whole / DAY_MS);
		if (day !== cachedDay) {
			cachedDay = day;
			datePrefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
		}
		let rest = whole - day * DAY_MS;
		const hours = Math.floor(rest / 3_600_000);
		rest -= hours * 3_600_000;
		const minutes = Math.floor(rest / 60_000);
		rest -= minutes * 60_000;
		const seconds = Math.floor(rest / 1000);
		const millis = rest - seconds * 1000;
		return `${datePrefix}${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds]}.${zeroPad(millis, 3)}Z`;
	};
}

/** Racelogic's time: centiseconds of the instant, rounded, as UTC `HHMMSS.SS` of its day. */
export function vboTimeOfDay(centiseconds: number): string {
	const ofDay = ((centiseconds % 8_640_000) + 8_640_000) % 8_640_000;
	const hours = Math.floor(ofDay / 360_000);
	const minutes = Math.floor((ofDay - hours * 360_000) / 6000);
	const hundredths = ofDay - hours * 360_000 - minutes * 6000;
	const seconds = Math.floor(hundredths / 100);
	return `${TWO_DIGITS[hours]}${TWO_DIGITS[minutes]}${TWO_DIGITS[seconds]}.${TWO_DIGITS[hundredths - seconds * 100]}`;
}
