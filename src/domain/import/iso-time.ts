/**
 * ISO 8601 date-times as GPX writes them, read from bytes: `YYYY-MM-DDTHH:MM:SS`, optional
 * decimals of a second, then `Z`, an offset `±HH:MM` / `±HHMM`, or nothing (read as UTC, and
 * `isoZoneMissing` says so).
 */

/** Whether the last `readIsoTime` found no zone. */
let zoneMissing = false;

export function isoZoneMissing(): boolean {
	return zoneMissing;
}

function digits(bytes: Uint8Array, at: number, count: number): number {
	let v = 0;
	for (let i = 0; i < count; i++) {
		const d = bytes[at + i]! - 48;
		if (d >>> 0 > 9) return -1;
		v = v * 10 + d;
	}
	return v;
}

/** Days from 1970-01-01 to a civil date (proleptic Gregorian). */
export function daysFromCivil(year: number, month: number, day: number): number {
	const y = month <= 2 ? year - 1 : year;
	const era = Math.floor(y / 400);
	const yoe = y - era * 400;
	const mp = (month + 9) % 12;
	const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
	const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
	return era * 146_097 + doe - 719_468;
}

const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Milliseconds since the Unix epoch, or NaN when `bytes[start, end)` (trimmed) is not such a time. */
export function readIsoTime(bytes: Uint8Array, start: number, end: number): number {
	let s = start;
	let e = end;
	while (s < e && (bytes[s] === 32 || bytes[s] === 10 || bytes[s] === 13 || bytes[s] === 9)) s++;
	while (
		e > s &&
		(bytes[e - 1] === 32 || bytes[e - 1] === 10 || bytes[e - 1] === 13 || bytes[e - 1] === 9)
	)
		e--;
	if (e - s < 19) return Number.NaN;
	const year = digits(bytes, s, 4);
	const month = digits(bytes, s + 5, 2);
	const day = digits(bytes, s + 8, 2);
	const hour = digits(bytes, s + 11, 2);
	const minute = digits(bytes, s + 14, 2);
	const second = digits(bytes, s + 17, 2);
	if (
		bytes[s + 4] !== 45 ||
		bytes[s + 7] !== 45 ||
		(bytes[s + 10] !== 84 && bytes[s + 10] !== 116 && bytes[s + 10] !== 32) ||
		bytes[s + 13] !== 58 ||
		bytes[s + 16] !== 58 ||
		year < 0 ||
		month < 1 ||
		month > 12 ||
		day < 1 ||
		day > MONTH_DAYS[month - 1]! ||
		hour < 0 ||
		hour > 23 ||
		minute < 0 ||
		minute > 59 ||
		second < 0 ||
		second > 60
	) {
		return Number.NaN;
	}
	if (month === 2 && day === 29 && !(year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0))) {
		return Number.NaN;
	}
	let p = s + 19;
	let fractionMs = 0;
	if (p < e && (bytes[p] === 46 || bytes[p] === 44)) {
		p++;
		let scale = 100;
		const from = p;
		while (p < e && bytes[p]! >= 48 && bytes[p]! <= 57) {
			fractionMs += (bytes[p]! - 48) * scale;
			scale /= 10;
			p++;
		}
		if (p === from) return Number.NaN;
	}
	let offsetMin = 0;
	zoneMissing = false;
	if (p === e) zoneMissing = true;
	else if (bytes[p] === 90 || bytes[p] === 122) p++;
	else if (bytes[p] === 43 || bytes[p] === 45) {
		const sign = bytes[p] === 45 ? -1 : 1;
		const oh = digits(bytes, p + 1, 2);
		let om = 0;
		if (bytes[p + 3] === 58) {
			om = digits(bytes, p + 4, 2);
			p += 6;
		} else if (p + 5 <= e) {
			om = digits(bytes, p + 3, 2);
			p += 5;
		} else p += 3;
		if (oh < 0 || oh > 23 || om < 0 || om > 59) return Number.NaN;
		offsetMin = sign * (oh * 60 + om);
	}
	if (p !== e) return Number.NaN;
	const days = daysFromCivil(year, month, day);
	const ms = ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + fractionMs;
	return Math.round((ms - offsetMin * 60_000) * 1000) / 1000;
}
