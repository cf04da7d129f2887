import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import type { ExportFile } from "../../domain/export/export-session";
import { sendExportFile } from "./export-reply";

/** A file of `count` chunks of 64 KiB that records how many were asked for. */
function countedFile(count: number) {
	const pulled = { chunks: 0 };
	function* chunks() {
		for (let k = 0; k < count; k++) {
			pulled.chunks++;
			yield `${String(k).padStart(8, "0")}${"x".repeat(65_528)}`;
		}
	}
	const file: ExportFile = {
		fileName: "lapsix_pista_2025-03-01.csv",
		contentType: "text/csv; charset=utf-8",
		contentDisposition: 'attachment; filename="lapsix_pista_2025-03-01.csv"',
		chunks: chunks(),
	};
	return { file, pulled };
}

describe("sendExportFile", () => {
	const app = Fastify();
	afterEach(async () => {
		await app.close();
	});

	it("streams the writer's chunks: the first bytes leave before the rest is written", async () => {
		// 256 chunks: 16 MiB, about what an hour at 25 Hz makes as CSV.
		const { file, pulled } = countedFile(256);
		app.get("/file", (_request, reply) => sendExportFile(reply, file, "private, no-cache"));
		const res = await app.inject({ url: "/file", payloadAsStream: true });
		expect(res.statusCode).toBe(200);
		expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
		expect(res.headers["content-disposition"]).toBe(file.contentDisposition);
		expect(res.headers["content-length"]).toBeUndefined();
		const stream = res.stream();
		let received = 0;
		let pulledAtFirstChunk = -1;
		for await (const chunk of stream) {
			if (pulledAtFirstChunk < 0) {
				pulledAtFirstChunk = pulled.chunks;
				expect((chunk as Buffer).subarray(0, 8).toString()).toBe("00000000");
			}
			received += (chunk as Buffer).length;
		}
		expect(pulledAtFirstChunk).toBeGreaterThan(0);
		expect(pulledAtFirstChunk).toBeLessThan(64);
		expect(received).toBe(256 * 65_536);
		expect(pulled.chunks).toBe(256);
	});
});
