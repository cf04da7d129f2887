import { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import type { ExportFile } from "../../domain/export/export-session";

function* utf8(chunks: Iterable<string>): Generator<Buffer> {
	for (const chunk of chunks) yield Buffer.from(chunk, "utf8");
}

/**
 * Sends an export as it is written: the stream pulls the writer's next chunk only when the
 * socket takes more, so the file is never whole in memory.
 */
export function sendExportFile(reply: FastifyReply, file: ExportFile, cacheControl: string) {
	reply
		.type(file.contentType)
		.header("content-disposition", file.contentDisposition)
		.header("cache-control", cacheControl)
		.header("x-content-type-options", "nosniff");
	return reply.send(Readable.from(utf8(file.chunks), { objectMode: false }));
}
