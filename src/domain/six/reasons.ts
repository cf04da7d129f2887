/**
 * Wording of parse-report reasons (pt-BR). Every reason reads `<campo>: <problema>` except
 * the field-count one, so a report can be scanned by field. Only the reject path calls
 * these: the hot path never builds strings.
 */

const MAX_QUOTED = 40;

/**
 * The offending text in quotes, shortened so a huge garbage line cannot flood the report. A NUL
 * is shown as `\0`: the report is stored, and no database text or JSON value may hold one.
 */
export function quote(text: string): string {
	const shown = text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED)}…` : text;
	return `"${shown.replaceAll("\u0000", "\\0")}"`;
}

/** `expected` reads like "10 campos" or "10 campos (ou 7 na variante antiga)". */
export function fieldCountReason(expected: string, found: number): string {
	return `esperados ${expected}, encontrados ${found}`;
}

export function decimalReason(label: string, text: string): string {
	if (text === "") return `${label}: campo vazio`;
	return `${label}: esperado número decimal (ex.: -23.55), encontrado ${quote(text)}`;
}

export function unsignedReason(label: string, text: string): string {
	if (text === "") return `${label}: campo vazio`;
	return `${label}: esperado inteiro não negativo, encontrado ${quote(text)}`;
}

export function rangeReason(label: string, text: string, rule: string): string {
	return `${label}: ${quote(text)} fora do intervalo (${rule})`;
}

export function flagReason(label: string, text: string): string {
	if (text === "") return `${label}: campo vazio`;
	return `${label}: esperado 0 ou 1, encontrado ${quote(text)}`;
}

export function nulReason(label: string): string {
	return `${label}: caractere NUL (byte 0) não pode ser guardado; o arquivo pode estar corrompido`;
}

export function tooLargeIntegerReason(label: string, text: string): string {
	return rangeReason(label, text, "máximo 2147483647");
}
