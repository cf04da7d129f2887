import { payloadTooLarge } from "../errors";

export function tooLargeError(limitBytes: number) {
	return payloadTooLarge(
		`O arquivo excede o limite de ${limitBytes} bytes (${formatMegabytes(limitBytes)}). Use o envio retomável (tus) ou divida a sessão.`,
	);
}

function formatMegabytes(bytes: number): string {
	return `${(bytes / (1024 * 1024)).toLocaleString("pt-BR", { maximumFractionDigits: 2 })} MB`;
}
