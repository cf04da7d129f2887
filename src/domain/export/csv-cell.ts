/**
 * One CSV text cell (RFC 4180): quoted when it holds a comma, a quote, a line break or
 * surrounding space, quotes doubled. A text that a spreadsheet would run as a formula (it
 * starts with `=`, `+`, `-`, `@`, tab or carriage return: OWASP's CSV injection list) gets a
 * leading `'`, which spreadsheets show as text. Only text cells pass here: numbers are
 * written as numbers, so `-46.6972` stays a negative number.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function csvTextCell(text: string): string {
	const safe = FORMULA_START.test(text) ? `'${text}` : text;
	return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
