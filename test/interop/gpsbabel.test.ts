/**
 * GPX and KML written by a program nobody here wrote: Debian's gpsbabel converts the real
 * NMEA recording, and the GPX importer must give the same fixes as the NMEA importer. Skips,
 * saying why, where gpsbabel or the real recordings are absent.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { detectFormat } from "../../src/domain/import/detect";
import { importGpx } from "../../src/domain/import/gpx";
import { readIsoTime } from "../../src/domain/import/iso-time";
import { importNmea } from "../../src/domain/import/nmea";
import {
	XML_END,
	XML_EOF,
	XML_START,
	XML_TEXT,
	XmlTokenizer,
} from "../../src/domain/import/xml-tokenizer";
import { hasRealRecordings, readReal, realPath } from "../real/real-recordings";

const NMEA = "nmea/okc-2laps-rental.nmea";

function gpsbabelVersion(): string | null {
	const run = spawnSync("gpsbabel", ["-V"], { encoding: "utf8" });
	return run.status === 0 ? run.stdout.trim() : null;
}

const version = gpsbabelVersion();
const skipReason = !version
	? "gpsbabel não encontrado (apt install gpsbabel)"
	: !hasRealRecordings()
		? "gravações reais ausentes em ../shared/real"
		: null;
const suite = skipReason ? describe.skip : describe;
const dir = mkdtempSync(join(tmpdir(), "lapsix-gpsbabel-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function convert(input: string, output: string, args: string[]): Uint8Array {
	const out = join(dir, output);
	const run = spawnSync(
		"gpsbabel",
		[...args, "-f", realPath(input), "-o", output.endsWith(".kml") ? "kml" : "gpx", "-F", out],
		{
			encoding: "utf8",
		},
	);
	if (run.status !== 0) throw new Error(`gpsbabel falhou: ${run.stderr}`);
	return new Uint8Array(readFileSync(out));
}

/** The timed points of a KML (`<Placemark>` with `<when>` and `<coordinates>`), read with the tokenizer. */
function kmlPoints(bytes: Uint8Array): { t: number; lat: number; lon: number }[] {
	const tokens = new XmlTokenizer(bytes);
	const points: { t: number; lat: number; lon: number }[] = [];
	let field = "";
	let when = Number.NaN;
	const text = () =>
		new TextDecoder().decode(bytes.subarray(tokens.textStart, tokens.textEnd)).trim();
	const name = () =>
		new TextDecoder().decode(
			bytes.subarray(tokens.colon >= 0 ? tokens.colon + 1 : tokens.nameStart, tokens.nameEnd),
		);
	for (;;) {
		const kind = tokens.next();
		if (kind === XML_EOF) return points;
		if (kind === XML_START) field = name();
		else if (kind === XML_END) field = "";
		else if (kind === XML_TEXT && field === "when")
			when = readIsoTime(bytes, tokens.textStart, tokens.textEnd);
		else if (kind === XML_TEXT && field === "coordinates" && !Number.isNaN(when)) {
			const [lon, lat] = text().split(",").map(Number);
			points.push({ t: when, lat: lat!, lon: lon! });
			when = Number.NaN;
		} else if (kind !== XML_TEXT) return points;
	}
}

suite(`gpsbabel (${version ?? "ausente"}${skipReason ? `; pulado: ${skipReason}` : ""})`, () => {
	it("its GPX of the NMEA log (-i nmea,gpgga=0) gives the same fixes: times, positions within 1e-6°, speeds", () => {
		const nmea = importNmea(readReal(NMEA), "okc.nmea").fixes;
		const gpx = importGpx(convert(NMEA, "gpgga0.gpx", ["-i", "nmea,gpgga=0"]), "okc.gpx");
		expect(gpx.report).toEqual([]);
		expect(gpx.fixes.length).toBe(nmea.length);
		for (let i = 0; i < nmea.length; i++) {
			expect(gpx.fixes.timeMs[i]).toBe(nmea.timeMs[i]);
			expect(Math.abs(gpx.fixes.lat[i]! - nmea.lat[i]!)).toBeLessThan(1e-6);
			expect(Math.abs(gpx.fixes.lon[i]! - nmea.lon[i]!)).toBeLessThan(1e-6);
			expect(gpx.fixes.speedKmh[i]).toBeCloseTo(nmea.speedKmh[i]!, 3);
		}
	});

	it("without gpgga=0 it keeps the GGA epochs only: its GPX has the log's one GGA point", () => {
		// gpsbabel takes GGA as the position sentence when there is one: this log has a single
		// GGA (at its first instant), so the GPX has one point, the NMEA importer 2790.
		const gpx = importGpx(convert(NMEA, "default.gpx", ["-i", "nmea"]), "okc.gpx");
		const nmea = importNmea(readReal(NMEA), "okc.nmea").fixes;
		expect(gpx.fixes.length).toBe(1);
		expect(Math.abs(gpx.fixes.lat[0]! - nmea.lat[0]!)).toBeLessThan(1e-6);
		expect(Math.abs(gpx.fixes.lon[0]! - nmea.lon[0]!)).toBeLessThan(1e-6);
		expect(gpx.fixes.extra.altitudeM?.[0]).toBeCloseTo(33.8, 3);
	});

	it("its KML holds the same timed points (positions to its 6 decimals), and is not taken for a GPX", () => {
		const kml = convert(NMEA, "okc.kml", ["-i", "nmea,gpgga=0"]);
		const nmea = importNmea(readReal(NMEA), "okc.nmea").fixes;
		const points = kmlPoints(kml);
		expect(points).toHaveLength(nmea.length);
		points.forEach((p, i) => {
			expect(p.t).toBe(nmea.timeMs[i]);
			expect(Math.abs(p.lat - nmea.lat[i]!)).toBeLessThanOrEqual(5.1e-7);
			expect(Math.abs(p.lon - nmea.lon[i]!)).toBeLessThanOrEqual(5.1e-7);
		});
		expect(detectFormat(kml)).toBeNull();
	});
});
