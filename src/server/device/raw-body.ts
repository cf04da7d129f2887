import type { FastifyRequest } from "fastify";
import { payloadTooLarge } from "../errors";

export function tooLargeError(limitBytes: number) {
	return payloadTooLarge(
		`O arquivo excede o limite de ${limitBytes} bytes (${formatMegabytes(limitBytes)}). Use o envio retomável (tus) ou divida a sessão.`,
	);
}

function formatMegabytes(bytes: number): string {
	return `${(bytes / (1024 * 1024)).toLocaleString("pt-BR", { maximumFractionDigits: 2 })} MB`;
}

/**
 * Reads a raw request body into one Buffer, refusing (413) as soon as the announced
 * Content-Length or the bytes actually received pass the limit, so an oversized upload is never
 * held in memory.
 */
export function rawBodyParser(limitBytes: number) {
	return async (request: FastifyRequest, payload: NodeJS.ReadableStream): Promise<Buffer> => {
		const announced = request.headers["content-length"];
		if (announced !== undefined && Number(announced) > limitBytes) throw tooLargeError(limitBytes);
		const chunks: Buffer[] = [];
		let size = 0;
		for await (const chunk of payload) {
			const buffer = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
			size += buffer.length;
			if (size > limitBytes) throw tooLargeError(limitBytes);
			chunks.push(buffer);
		}
		return Buffer.concat(chunks, size);
	};
}
