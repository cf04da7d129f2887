import { describe, expect, it } from "vitest";
import { CHUNK_TARGET_CHARS } from "./chunks";
import { exportSession, exportToString } from "./export-session";
import { simulatedSession, smallSession } from "./test-fixtures";
import { EXPORT_FORMAT_NAMES, type ExportSession } from "./types";

const VBO_ROW = /^\d{3} \d{6}\.\d{2} /;

describe("exportSession", () => {
	it("names the file after track, date and lap, with its media type", () => {
		const result = exportSession(smallSession(), "kml", { lap: 2 });
		if (!result.ok) throw new Error(result.reason);
		expect(result.file.fileName).toBe("lapsix_kartodromo-granja-viana_2025-03-01_volta-2.kml");
		expect(result.file.contentType).toBe("application/vnd.google-earth.kml+xml");
		expect(result.file.contentDisposition).toBe(
			'attachment; filename="lapsix_kartodromo-granja-viana_2025-03-01_volta-2.kml"; ' +
				"filename*=UTF-8''lapsix_Kart%C3%B3dromo%20Granja%20Viana_2025-03-01_volta-2.kml",
		);
	});

	it("answers a clear reason for a lap the session does not have or a malformed date", () => {
		expect(exportSession(smallSession(), "gpx", { lap: 9 })).toEqual({
			ok: false,
			reason: "a sessão não tem a volta 9",
		});
		const badDate: ExportSession = { ...smallSession(), date: "2025-02-30" };
		const result = exportSession(badDate, "csv");
		expect(result.ok).toBe(false);
		expect(result.ok ? "" : result.reason).toContain("2025-02-30");
		expect(exportSession(smallSession(), "xls" as "csv")).toEqual({
			ok: false,
			reason: "formato de exportação desconhecido: xls",
		});
		expect(() => exportToString(smallSession(), "gpx", { lap: 9 })).toThrow(
			"a sessão não tem a volta 9",
		);
	});

	it("formats nothing until the first chunk is asked for", () => {
		const session = smallSession();
		let reads = 0;
		const lap = session.laps[0]!;
		const counted = new Proxy(lap, {
			get(target, key, receiver) {
				if (key === "channels") reads++;
				return Reflect.get(target, key, receiver);
			},
		});
		const result = exportSession({ ...session, laps: [counted] }, "csv");
		if (!result.ok) throw new Error(result.reason);
		const before = reads;
		const iterator = result.file.chunks[Symbol.iterator]();
		expect(reads).toBe(before);
		iterator.next();
		expect(reads).toBeGreaterThan(before);
	});

	it("streams a one-hour 25 Hz session in bounded chunks, every point written", () => {
		const session = simulatedSession({ laps: 36, hz: 25, circuit: "interlagos" });
		const points = session.laps.reduce((sum, lap) => sum + lap.channels.length, 0);
		expect(points).toBeGreaterThanOrEqual(90_000);
		for (const format of EXPORT_FORMAT_NAMES) {
			const result = exportSession(session, format);
			if (!result.ok) throw new Error(result.reason);
			let chunks = 0;
			let largest = 0;
			let total = 0;
			let previous = 0;
			let rows = 0;
			let smallest = Number.POSITIVE_INFINITY;
			for (const chunk of result.file.chunks) {
				// The chunk before this one: it ended at the first point past the target.
				if (chunks > 0) smallest = Math.min(smallest, previous);
				chunks++;
				largest = Math.max(largest, chunk.length);
				total += chunk.length;
				previous = chunk.length;
				// A chunk ends after a point's text: the next one starts with a tag, or in KML with
				// the next coordinate tuple of a line.
				if (format === "gpx") expect(chunk[0], format).toBe("<");
				if (format === "kml") expect(["<", " "], format).toContain(chunk[0]);
				if (format === "gpx") rows += chunk.split("<trkpt ").length - 1;
				// A VBO data row: sats, then time.
				if (format === "vbo") rows += chunk.split("\r\n").filter((l) => VBO_ROW.test(l)).length;
			}
			expect(smallest, format).toBeGreaterThanOrEqual(CHUNK_TARGET_CHARS);
			// A chunk ends at the first point past the target: one point's text at most beyond it.
			expect(largest, format).toBeLessThan(CHUNK_TARGET_CHARS + 2048);
			expect(chunks, format).toBeGreaterThan(total / (CHUNK_TARGET_CHARS + 2048));
			expect(chunks, format).toBeGreaterThan(40);
			if (format === "gpx" || format === "vbo") expect(rows, format).toBe(points);
		}
	}, 60_000);

	it("writes the same text however it is read", () => {
		const session = smallSession();
		for (const format of EXPORT_FORMAT_NAMES) {
			expect(exportToString(session, format)).toBe(exportToString(session, format));
		}
	});
});
