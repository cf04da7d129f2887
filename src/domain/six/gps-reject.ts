import {
	decimalReason,
	fieldCountReason,
	flagReason,
	quote,
	rangeReason,
	tooLargeIntegerReason,
	unsignedReason,
} from "./reasons";
import {
	BYTE_COMMA,
	fieldText,
	indexOfByte,
	MAX_STORED_INTEGER,
	parseDecimal,
	parseTimeOfDay,
	parseUnsigned,
} from "./scan";

/**
 * Why a `gps.six` line was rejected: re-reads the fields in order and names the first rule
 * broken. Runs only for rejected lines, so clarity wins over speed here.
 */
export function gpsRejectReason(
	bytes: Uint8Array,
	fs: Int32Array,
	fe: Int32Array,
	fields: number,
): string {
	if (fields !== 10 && fields !== 7)
		return fieldCountReason("10 campos (ou 7 na variante antiga)", fields);
	const text = (k: number) => fieldText(bytes, fs[k]!, fe[k]!);

	const position = positionReason(bytes, fs[0]!, fe[0]!);
	if (position) return position;

	const speed = parseDecimal(bytes, fs[1]!, fe[1]!);
	if (Number.isNaN(speed)) return decimalReason("velocidade", text(1));
	if (speed < 0) return rangeReason("velocidade", text(1), "deve ser >= 0");

	const satellites = parseUnsigned(bytes, fs[2]!, fe[2]!);
	if (satellites < 0) return unsignedReason("satélites", text(2));
	if (satellites > 0xffff) return rangeReason("satélites", text(2), "máximo 65535");

	if (parseTimeOfDay(bytes, fs[3]!, fe[3]!) === -1) {
		return `hora: esperado hhmmss.ss ou hh:mm:ss[.fff] (hora 00-23, minuto e segundo 00-59), encontrado ${quote(text(3))}`;
	}

	const lapCount = parseUnsigned(bytes, fs[4]!, fe[4]!);
	if (lapCount < 0) return unsignedReason("contagem de voltas", text(4));
	if (lapCount > MAX_STORED_INTEGER) return tooLargeIntegerReason("contagem de voltas", text(4));

	const flag = text(5);
	if (flag !== "0" && flag !== "1") return flagReason("indicador de cronometragem", flag);

	if (fields === 10) {
		if (Number.isNaN(parseDecimal(bytes, fs[7]!, fe[7]!)))
			return decimalReason("inclinação", text(7));
		if (Number.isNaN(parseDecimal(bytes, fs[8]!, fe[8]!))) {
			return decimalReason("inclinação filtrada", text(8));
		}
		if (parseUnsigned(bytes, fs[9]!, fe[9]!) < 0) return unsignedReason("distância", text(9));
	}
	return "linha inválida";
}

/** Reason the `lat,lon` field is invalid, or null when it is a valid fix. */
function positionReason(bytes: Uint8Array, start: number, end: number): string | null {
	const comma = indexOfByte(bytes, BYTE_COMMA, start, end);
	const whole = fieldText(bytes, start, end);
	if (comma < 0) return `posição: esperado "latitude,longitude", encontrado ${quote(whole)}`;
	const lat = parseDecimal(bytes, start, comma);
	const lon = parseDecimal(bytes, comma + 1, end);
	if (Number.isNaN(lat)) return decimalReason("latitude", fieldText(bytes, start, comma));
	if (Number.isNaN(lon)) return decimalReason("longitude", fieldText(bytes, comma + 1, end));
	if (Math.abs(lat) > 90)
		return rangeReason("latitude", fieldText(bytes, start, comma), "|lat| <= 90");
	if (Math.abs(lon) > 180) {
		return rangeReason("longitude", fieldText(bytes, comma + 1, end), "|lon| <= 180");
	}
	if (lat === 0 && lon === 0) return "posição: 0,0 significa sem sinal de GPS";
	return null;
}
