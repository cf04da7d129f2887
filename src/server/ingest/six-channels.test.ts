import { describe, expect, it } from "vitest";
import { decodeLapChannels, lapChannelsVersion } from "../../domain/channels/codec";
import { parseGpsFile } from "../../domain/six/parse-gps";
import { parseLapFile } from "../../domain/six/parse-lap";
import { simulatedFiles } from "../test/ingest-test-support";
import { sixLapChannelBlobs, sixLapChannels } from "./six-channels";

const files = simulatedFiles(53, 3);
const encode = (text: string) => new TextEncoder().encode(text);

/** The file's own lines of one lap, read here without the parser: `lat,lon|…|time|lap|…`. */
function fileLines(gpsSix: string, lapNumber: number) {
	return gpsSix
		.split("\n")
		.filter((line) => line.trim() !== "")
		.map((line) => line.split("|"))
		.filter((fields) => Number(fields[4]) === lapNumber && fields[5] === "1");
}

/** `hhmmss.ss` -> ms since midnight. */
function timeOfDayMs(text: string): number {
	const h = Number(text.slice(0, 2));
	const m = Number(text.slice(2, 4));
	const s = Number(text.slice(4));
	return Math.round(((h * 60 + m) * 60 + s) * 1000);
}

function blobsOf(lapSix: string, gpsSix: string) {
	return sixLapChannelBlobs(parseLapFile(encode(lapSix)), parseGpsFile(encode(gpsSix)), {
		year: 2025,
		month: 4,
		day: 5,
	});
}

describe("channels of a logger session", () => {
	it("stores each lap as a version 2 blob timed by the gps.six time field", () => {
		const blobs = blobsOf(files.lapSix, files.gpsSix);
		expect([...blobs.keys()]).toEqual([1, 2, 3]);
		for (const [number, blob] of blobs) {
			expect(lapChannelsVersion(blob)).toBe(2);
			const channels = decodeLapChannels(blob);
			const lines = fileLines(files.gpsSix, number);
			expect(channels.length).toBe(lines.length);
			const t0 = timeOfDayMs(lines[0]![3]!);
			for (let i = 0; i < lines.length; i++) {
				const fields = lines[i]!;
				const [lat, lon] = fields[0]!.split(",").map(Number);
				expect(channels.timeMs[i]).toBe(timeOfDayMs(fields[3]!) - t0);
				expect(Math.abs(channels.lat[i]! - lat!)).toBeLessThan(0.5e-7);
				expect(Math.abs(channels.lon[i]! - lon!)).toBeLessThan(0.5e-7);
				expect(channels.speedKmh[i]).toBeCloseTo(Number(fields[1]), 2);
				expect(channels.leanDeg[i]).toBeCloseTo(Number(fields[7]), 2);
				expect(channels.distanceM[i]).toBeCloseTo(Number(fields[9]) - Number(lines[0]![9]), 0);
				expect(channels.extra.satellites?.[i]).toBe(Number(fields[2]));
			}
			expect(channels.leanEstimated).toBe(false);
		}
	});

	it("marks lean as estimated when the logger recorded none (the older 7-field variant)", () => {
		const older = files.gpsSix
			.split("\n")
			.map((line) => (line.trim() === "" ? line : line.split("|").slice(0, 7).join("|")))
			.join("\n");
		const blobs = blobsOf(files.lapSix, older);
		expect(blobs.size).toBe(3);
		for (const blob of blobs.values()) {
			const channels = decodeLapChannels(blob);
			expect(channels.leanEstimated).toBe(true);
			expect(channels.leanDeg.some((v) => Math.abs(v) > 5)).toBe(true);
		}
	});

	it("gives the same blobs whatever the date (times run from each lap's first point)", () => {
		const lap = parseLapFile(encode(files.lapSix));
		const gps = parseGpsFile(encode(files.gpsSix));
		const dated = sixLapChannelBlobs(lap, gps, { year: 2024, month: 12, day: 31 });
		expect(sixLapChannelBlobs(lap, gps, null)).toEqual(dated);
	});

	it("stores nothing without points or without laps", () => {
		expect(blobsOf(files.lapSix, "").size).toBe(0);
		expect(blobsOf("", files.gpsSix).size).toBe(0);
	});

	it("keeps no blob for a lap of lap.six that has no point in gps.six", () => {
		const withoutLap2 = files.gpsSix
			.split("\n")
			.filter((line) => line.split("|")[4] !== "2")
			.join("\n");
		expect([...blobsOf(files.lapSix, withoutLap2).keys()]).toEqual([1, 3]);
	});

	it("gives no blob, no estimated lean and no line without points", () => {
		const lap = parseLapFile(encode(files.lapSix));
		expect(sixLapChannels(lap, parseGpsFile(encode("")), null)).toEqual({
			blobs: new Map(),
			leanEstimated: false,
			startFinish: null,
		});
	});

	it("derives the start/finish line from where the lap counter changes, none when it never does", () => {
		const lap = parseLapFile(encode(files.lapSix));
		const line = sixLapChannels(lap, parseGpsFile(encode(files.gpsSix)), null).startFinish;
		expect(line).not.toBeNull();
		const { a, b } = line!.startFinish;
		// Across the track where lap 1 ends and lap 2 starts: two distinct points near that fix.
		const [lat2, lon2] = fileLines(files.gpsSix, 2)[0]![0]!.split(",").map(Number);
		expect(Math.hypot(a.lat - b.lat, a.lon - b.lon)).toBeGreaterThan(0);
		expect(Math.abs((a.lat + b.lat) / 2 - lat2!)).toBeLessThan(0.001);
		expect(Math.abs((a.lon + b.lon) / 2 - lon2!)).toBeLessThan(0.001);

		const oneLap = files.gpsSix
			.split("\n")
			.filter((l) => l.trim() === "" || l.split("|")[4] === "1")
			.join("\n");
		const single = sixLapChannels(lap, parseGpsFile(encode(oneLap)), null);
		expect(single.startFinish).toBeNull();
		expect([...single.blobs.keys()]).toEqual([1]);
	});
});
