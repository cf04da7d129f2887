import { describe, expect, it, vi } from "vitest";
import { simulateSession } from "../../domain/simulator/session";
import { GpsPieceParser, parseGpsFile } from "../../domain/six/parse-gps";
import { parseGpsStream } from "./parse-gps-stream";
import { sha256Hex } from "./session-files";

/** The bytes as a stream of `chunk`-byte reads. */
async function* chunks(bytes: Uint8Array, chunk: number) {
	for (let at = 0; at < bytes.length; at += chunk) yield bytes.subarray(at, at + chunk);
}

const session = simulateSession({ seed: 7, circuit: "interlagos", laps: 2, hz: 25 }).gpsSix;
const lines = session.split("\n");
const cases: Record<string, string> = {
	"a simulated session": session,
	"CRLF line ends, no LF at the end": lines.join("\r\n").trimEnd(),
	"a BOM and rejected lines among good ones": `\uFEFF${lines.slice(0, 40).join("\nlixo|1\n")}`,
	"the battery text changing every few lines": lines
		.slice(0, 300)
		.map((line, i) => line.replace(/\|[^|]*V\|/, `|${(12 + (i >> 3) / 10).toFixed(1)}V|`))
		.join("\n"),
	"a line longer than a piece": `${lines[0]}\n${"9".repeat(5000)}\n${lines.slice(1, 50).join("\n")}\n`,
	"an empty file": "",
	"only blank lines": "\n\n  \n",
};

describe("parseGpsStream", () => {
	for (const [name, text] of Object.entries(cases)) {
		it(`gives what a parse of the whole file gives: ${name}`, async () => {
			const bytes = Buffer.from(text, "utf8");
			for (const [piece, chunk] of [
				[256, 7],
				[1000, 333],
				[1 << 20, 65536],
				// Reads larger than twice a piece: the buffer grows to the read, not only doubles.
				[256, 1000],
			] as const) {
				const streamed = await parseGpsStream(chunks(bytes, chunk), bytes.length, piece);
				expect(streamed.parsed).toEqual(parseGpsFile(bytes));
				expect(streamed.sha256).toBe(sha256Hex(bytes));
			}
		});
	}

	it("refuses a UTF-16 file as the whole-file parse does", async () => {
		const bytes = Buffer.from(lines.slice(0, 30).join("\n"), "utf16le");
		const streamed = await parseGpsStream(chunks(bytes, 100), bytes.length, 256);
		expect(streamed.parsed).toEqual(parseGpsFile(bytes));
		expect(streamed.parsed.report[0]?.reason).toMatch(/UTF-16/);
	});

	it("checks for UTF-16 on the file's start even when its first line is short", async () => {
		// The second line is longer than a piece: the first LF is the only place to cut.
		const bytes = Buffer.from(`1\n${"9".repeat(300)}\n${lines.slice(0, 5).join("\n")}`, "utf16le");
		const streamed = await parseGpsStream(chunks(bytes, 100), bytes.length, 256);
		expect(streamed.parsed).toEqual(parseGpsFile(bytes));
	});

	it("reads the battery of each piece from that piece, not from where it was in the last", async () => {
		// Lines of one length: the last battery's place in the previous piece falls on a battery
		// field of the next one, where the text changed.
		const line = (battery: string) =>
			`-23.7010978,-46.6997242|10.0|11|130000.00|0|0|${battery}|-0.7|-0.1|0`;
		for (let change = 1; change < 40; change++) {
			const text = Array.from({ length: 60 }, (_, i) => line(i < change ? "12.8V" : "12.7V"));
			const bytes = Buffer.from(`${text.join("\n")}\n`);
			const streamed = await parseGpsStream(chunks(bytes, 64), bytes.length, 256);
			expect(streamed.parsed.points.battery).toEqual(parseGpsFile(bytes).points.battery);
		}
	});

	it("says whether the bytes hold anything but whitespace", async () => {
		const blank = Buffer.from(" \r\n\t\n");
		expect((await parseGpsStream(chunks(blank, 2), blank.length, 256)).hasContent).toBe(false);
		const text = Buffer.from("\n\nx\n");
		expect((await parseGpsStream(chunks(text, 2), text.length, 256)).hasContent).toBe(true);
		// Content early, blank reads after it: the file still has content.
		const early = Buffer.from("x\n\n\n  \n");
		expect((await parseGpsStream(chunks(early, 2), early.length, 256)).hasContent).toBe(true);
	});

	it("reads a stream of strings as their UTF-8 bytes", async () => {
		const text = `\uFEFF${lines.slice(0, 60).join("\n")}\n`;
		const bytes = Buffer.from(text, "utf8");
		async function* strings() {
			for (let at = 0; at < text.length; at += 50) yield text.slice(at, at + 50);
		}
		const streamed = await parseGpsStream(strings(), bytes.length, 256);
		expect(streamed.parsed).toEqual(parseGpsFile(bytes));
		expect(streamed.sha256).toBe(sha256Hex(bytes));
		expect(streamed.hasContent).toBe(true);
	});

	it("hands the parser whole lines about a piece at a time, never the whole file", async () => {
		const bytes = Buffer.from(session, "utf8");
		const longestLine = Math.max(...lines.map((line) => Buffer.byteLength(line) + 1));
		const piece = 4096;
		const chunk = 333;
		const push = vi.spyOn(GpsPieceParser.prototype, "push");
		try {
			await parseGpsStream(chunks(bytes, chunk), bytes.length, piece);
			const sizes = push.mock.calls.map(([bytesOfPiece]) => bytesOfPiece.length);
			expect(sizes.reduce((a, b) => a + b, 0)).toBe(bytes.length);
			expect(sizes.length).toBeGreaterThan(bytes.length / (piece + chunk));
			for (const size of sizes.slice(0, -1)) {
				expect(size).toBeGreaterThan(piece - longestLine);
				expect(size).toBeLessThan(piece + chunk);
			}
		} finally {
			push.mockRestore();
		}
	});
});
