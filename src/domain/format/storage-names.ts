/**
 * Names in the storage layout `{hardwareId}/{track}/{ddmmyyyy}/lap.six` (FORMATS.md
 * "Storage layout"). The brands mark a string that passed its check, so an unchecked name
 * cannot reach a storage key by mistake.
 */

export type HardwareId = string & { readonly __brand: "HardwareId" };
export type TrackName = string & { readonly __brand: "TrackName" };
/** Date folder `ddmmyyyy` that is a real calendar date. */
export type DateFolder = string & { readonly __brand: "DateFolder" };

export interface CalendarDate {
	day: number;
	month: number;
	year: number;
}

const HARDWARE_ID = /^[A-Za-z0-9_-]{1,64}$/;
// C0 controls, DEL and C1 controls.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/** 1..64 letters, digits, `-` and `_`. */
export function isValidHardwareId(value: string): value is HardwareId {
	return HARDWARE_ID.test(value);
}

/** 1..64 characters (code points), no `/`, `\` or control character, and not `.` or `..`. */
export function isValidTrackName(value: string): value is TrackName {
	const length = [...value].length;
	if (length < 1 || length > 64) return false;
	if (value === "." || value === "..") return false;
	return !value.includes("/") && !value.includes("\\") && !CONTROL_CHARACTER.test(value);
}

function isLeapYear(year: number): boolean {
	return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(month: number, year: number): number {
	if (month === 2) return isLeapYear(year) ? 29 : 28;
	return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Day, month and year of a `ddmmyyyy` folder, or null unless it is a real date (year >= 1). */
export function parseDateFolder(value: string): CalendarDate | null {
	if (!/^\d{8}$/.test(value)) return null;
	const day = Number(value.slice(0, 2));
	const month = Number(value.slice(2, 4));
	const year = Number(value.slice(4, 8));
	if (year < 1 || month < 1 || month > 12) return null;
	if (day < 1 || day > daysInMonth(month, year)) return null;
	return { day, month, year };
}

export function isValidDateFolder(value: string): value is DateFolder {
	return parseDateFolder(value) !== null;
}

/** `ddmmyyyy` as `dd/mm/yyyy`; null when it is not a real date. */
export function formatDateFolder(value: string): string | null {
	if (!isValidDateFolder(value)) return null;
	return `${value.slice(0, 2)}/${value.slice(2, 4)}/${value.slice(4, 8)}`;
}

/**
 * Sort key `yyyymmdd` of a date folder (folders sort by date, not by name: `01022025`
 * comes after `31012025`); null when it is not a real date.
 */
export function dateFolderSortKey(value: string): number | null {
	const date = parseDateFolder(value);
	return date ? date.year * 10_000 + date.month * 100 + date.day : null;
}

/** The `ddmmyyyy` folder of a calendar date (e.g. for the day a session was recorded). */
export function toDateFolder(date: CalendarDate): DateFolder | null {
	const text = `${String(date.day).padStart(2, "0")}${String(date.month).padStart(2, "0")}${String(date.year).padStart(4, "0")}`;
	return isValidDateFolder(text) ? text : null;
}
