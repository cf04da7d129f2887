import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EXTRA_CHANNEL_NAMES, type ExtraChannelName } from "../recording/types";
import { parseGpsFile } from "../six/parse-gps";
import { encodeLapPath } from "../six/path-codec";
import { fixture } from "../six/test-fixtures";
import {
	decodeLapChannels,
	encodeLapChannels,
	LAP_CHANNELS_VERSION,
	LapChannelsDecodeError,
	lapChannelsVersion,
} from "./codec";
import type { LapChannels } from "./types";

function channels(
	rows: number[][],
	leanEstimated = false,
	extra: LapChannels["extra"] = {},
): LapChannels {
	const n = rows.length;
	const col = (k: number) => rows.map((r) => r[k]!);
	return {
		length: n,
		timeMs: Float64Array.from(col(0)),
		lat: Float64Array.from(col(1)),
		lon: Float64Array.from(col(2)),
		speedKmh: Float32Array.from(col(3)),
		leanDeg: Float32Array.from(col(4)),
		leanEstimated,
		distanceM: Float64Array.from(col(5)),
		extra,
	};
}

const N = Number.NaN;
const sample = channels(
	[
		[0, -23.7011234, -46.6972345, 120.25, -35.5, 0],
		[40, -23.7011, -46.6972, 121.5, N, 1.25],
		[80, -23.70108, -46.69718, N, 12.34, 2.5],
		[1_000_080, -23.70105, -46.69715, 0, 0, 3.75],
	],
	true,
	{ altitudeM: Float32Array.of(760.5, 761, N, 762), satellites: Float32Array.of(9, 9, 10, 10) },
);

/** Absent columns and NaN decode as NaN: compare with NaN as a value. */
const plain = (a: ArrayLike<number>) => Array.from(a, (v) => (Number.isNaN(v) ? "NaN" : v));

describe("encodeLapChannels / decodeLapChannels", () => {
	it("writes version 2 with its header and reads it back", () => {
		const bytes = encodeLapChannels(sample);
		expect(lapChannelsVersion(bytes)).toBe(LAP_CHANNELS_VERSION);
		expect(bytes[1]).toBe(31);
		expect(bytes[2]! | (bytes[3]! << 8)).toBe(0b110);
		const back = decodeLapChannels(bytes);
		expect(back.length).toBe(4);
		expect(Array.from(back.timeMs)).toEqual([0, 40, 80, 1_000_080]);
		expect(Array.from(back.lat)).toEqual([-23.7011234, -23.7011, -23.70108, -23.70105]);
		expect(Array.from(back.lon)).toEqual([-46.6972345, -46.6972, -46.69718, -46.69715]);
		expect(plain(back.speedKmh)).toEqual([120.25, 121.5, "NaN", 0]);
		expect(plain(back.leanDeg)).toEqual(
			[-35.5, "NaN", 12.34, 0].map((v) => (typeof v === "number" ? Math.fround(v) : v)),
		);
		expect(back.leanEstimated).toBe(true);
		expect(Array.from(back.distanceM)).toEqual([0, 1.25, 2.5, 3.75]);
		expect(Object.keys(back.extra)).toEqual(["altitudeM", "satellites"]);
		expect(plain(back.extra.altitudeM!)).toEqual([760.5, 761, "NaN", 762]);
	});

	it("takes about 13 bytes a 25 Hz point with speed, lean and distance", () => {
		const n = 2000;
		const rows = Array.from({ length: n }, (_, i) => [
			i * 40,
			-23.7 + 0.00002 * Math.sin(i / 50) * i * 0.01,
			-46.7 + 0.00002 * i,
			100 + 50 * Math.sin(i / 30),
			40 * Math.sin(i / 40),
			i * 2.2,
		]);
		const bytes = encodeLapChannels(channels(rows));
		expect(bytes.length / n).toBeLessThan(14);
		expect(bytes.length / n).toBeGreaterThan(12);
	});

	it("leaves out columns with no value, and decodes them as NaN", () => {
		const bare = channels([
			[N, 1, 2, N, N, N],
			[N, 1.5, 2.5, N, N, N],
		]);
		const bytes = encodeLapChannels(bare);
		expect(bytes[1]).toBe(0);
		// Header, then each coordinate: int32 and a 4-byte varint (0.5° = 5 000 000 steps).
		expect(bytes.length).toBe(8 + (4 + 4) * 2);
		const back = decodeLapChannels(bytes);
		for (const column of [back.timeMs, back.speedKmh, back.leanDeg, back.distanceM]) {
			expect(plain(column)).toEqual(["NaN", "NaN"]);
		}
		expect(Array.from(back.lat)).toEqual([1, 1.5]);
	});

	it("encodes no point at all", () => {
		const empty = channels([]);
		const bytes = encodeLapChannels(empty);
		expect(bytes.length).toBe(8);
		expect(decodeLapChannels(bytes).length).toBe(0);
	});

	it("clamps speed and lean to what their fields hold", () => {
		const back = decodeLapChannels(
			encodeLapChannels(
				channels([
					[0, 0, 0, 900, 400, 0],
					[1, 0, 0, -3, -400, 0],
				]),
			),
		);
		expect(Array.from(back.speedKmh)).toEqual([655.34, 0].map(Math.fround));
		expect(Array.from(back.leanDeg)).toEqual([327.67, -327.67].map(Math.fround));
	});

	it("refuses channels that break their invariants", () => {
		expect(() =>
			encodeLapChannels(
				channels([
					[0, 0, 0, 1, 1, 1],
					[N, 0, 0, 1, 1, 1],
				]),
			),
		).toThrow(RangeError);
		expect(() =>
			encodeLapChannels(
				channels([
					[10, 0, 0, 1, 1, 1],
					[5, 0, 0, 1, 1, 1],
				]),
			),
		).toThrow(/decrescente/);
		expect(() => encodeLapChannels(channels([[0, 91, 0, 1, 1, 1]]))).toThrow(/latitude/);
		expect(() => encodeLapChannels(channels([[0, 0, N, 1, 1, 1]]))).toThrow(/longitude/);
	});

	it("decodes from a view at an offset", () => {
		const bytes = encodeLapChannels(sample);
		const larger = new Uint8Array(bytes.length + 7);
		larger.set(bytes, 3);
		expect(Array.from(decodeLapChannels(larger.subarray(3, 3 + bytes.length)).timeMs)).toEqual([
			0, 40, 80, 1_000_080,
		]);
	});
});

describe("round trip (property)", () => {
	const maybeNaN = (a: fc.Arbitrary<number>) =>
		fc.oneof({ weight: 5, arbitrary: a }, fc.constant(N));
	const point = fc.record({
		step: fc.oneof(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 10_000_000 })),
		fraction: fc.double({ min: 0, max: 0.999, noNaN: true }),
		lat: fc.double({ min: -90, max: 90, noNaN: true }),
		lon: fc.double({ min: -180, max: 180, noNaN: true }),
		speed: maybeNaN(fc.double({ min: 0, max: 655, noNaN: true })),
		lean: maybeNaN(fc.double({ min: -90, max: 90, noNaN: true })),
		distance: maybeNaN(fc.double({ min: -1e6, max: 1e6, noNaN: true })),
		extra: maybeNaN(fc.float({ noDefaultInfinity: true })),
	});
	const arbitraryChannels = fc
		.record({
			points: fc.array(point, { maxLength: 120 }),
			first: fc.integer({ min: -100_000, max: 100_000_000 }),
			timed: fc.boolean(),
			estimated: fc.boolean(),
			extras: fc.subarray([...EXTRA_CHANNEL_NAMES]),
		})
		.map(({ points, first, timed, estimated, extras }): LapChannels => {
			const times: number[] = [];
			let t = first;
			for (const p of points) {
				t += p.step + p.fraction;
				times.push(timed ? t : N);
			}
			const extra: LapChannels["extra"] = {};
			for (const name of extras as ExtraChannelName[]) {
				extra[name] = Float32Array.from(points, (p) => p.extra);
			}
			return {
				length: points.length,
				// Times need not be whole: they are rounded to the millisecond.
				timeMs: Float64Array.from(times),
				lat: Float64Array.from(points, (p) => p.lat),
				lon: Float64Array.from(points, (p) => p.lon),
				speedKmh: Float32Array.from(points, (p) => p.speed),
				leanDeg: Float32Array.from(points, (p) => p.lean),
				leanEstimated: estimated,
				distanceM: Float64Array.from(points, (p) => p.distance),
				extra,
			};
		});

	it("gives back every channel within its stated precision", () => {
		fc.assert(
			fc.property(arbitraryChannels, (c) => {
				const back = decodeLapChannels(encodeLapChannels(c));
				expect(back.length).toBe(c.length);
				expect(back.leanEstimated).toBe(c.leanEstimated);
				expect(Object.keys(back.extra).sort()).toEqual(Object.keys(c.extra).sort());
				for (let i = 0; i < c.length; i++) {
					const t = c.timeMs[i]!;
					if (Number.isNaN(t)) expect(back.timeMs[i]).toBeNaN();
					else expect(back.timeMs[i]).toBe(Math.round(t));
					expect(Math.abs(back.lat[i]! - c.lat[i]!)).toBeLessThanOrEqual(0.5e-7 + 1e-12);
					expect(Math.abs(back.lon[i]! - c.lon[i]!)).toBeLessThanOrEqual(0.5e-7 + 1e-12);
					const near = (a: number, b: number, tolerance: number) => {
						if (Number.isNaN(b)) expect(a).toBeNaN();
						else expect(Math.abs(a - b)).toBeLessThanOrEqual(tolerance);
					};
					near(back.speedKmh[i]!, c.speedKmh[i]!, 0.005 + 1e-4);
					near(back.leanDeg[i]!, c.leanDeg[i]!, 0.005 + 1e-4);
					if (Number.isNaN(c.distanceM[i]!)) expect(back.distanceM[i]).toBeNaN();
					else expect(back.distanceM[i]).toBe(Math.fround(c.distanceM[i]!));
					for (const name of Object.keys(c.extra) as ExtraChannelName[]) {
						expect(Object.is(back.extra[name]![i], c.extra[name]![i])).toBe(true);
					}
				}
				// Encoding what was decoded gives the same bytes.
				expect(encodeLapChannels(back)).toEqual(encodeLapChannels(c));
			}),
			{ numRuns: 300 },
		);
	});

	it("never throws anything but a decode error on damaged bytes", () => {
		fc.assert(
			fc.property(
				arbitraryChannels,
				fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 4 }),
				fc.nat(),
				(c, flips, cut) => {
					const bytes = encodeLapChannels(c);
					const damaged = bytes.slice(0, bytes.length - (cut % (bytes.length + 1)));
					for (const [at, value] of flips)
						if (damaged.length > 0) damaged[at % damaged.length] = value;
					try {
						decodeLapChannels(damaged);
					} catch (error) {
						expect(error).toBeInstanceOf(LapChannelsDecodeError);
					}
				},
			),
			{ numRuns: 500 },
		);
		fc.assert(
			fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
				try {
					decodeLapChannels(bytes);
				} catch (error) {
					expect(error).toBeInstanceOf(LapChannelsDecodeError);
				}
			}),
			{ numRuns: 500 },
		);
	});

	it("refuses a blob cut short, with bytes after the points, or of an unknown version", () => {
		const bytes = encodeLapChannels(sample);
		const reasons = [
			new Uint8Array(0),
			bytes.subarray(0, 5),
			bytes.subarray(0, bytes.length - 1),
			Uint8Array.from([...bytes, 0]),
			Uint8Array.from([3, ...bytes.subarray(1)]),
			Uint8Array.from([2, 0, 0, 0, 255, 255, 255, 255]),
			Uint8Array.from([2, 64, 0, 0, 0, 0, 0, 0]),
			Uint8Array.from([2, 0, 0, 1, 0, 0, 0, 0]),
		].map((b) => {
			try {
				decodeLapChannels(b);
				return "ok";
			} catch (error) {
				return (error as LapChannelsDecodeError).reason;
			}
		});
		expect(reasons).toEqual([
			"truncated",
			"truncated",
			"truncated",
			"size",
			"version",
			"size",
			"corrupt",
			"corrupt",
		]);
	});
});

describe("version 1 blobs (six/path-codec)", () => {
	const points = parseGpsFile(fixture("normal", "gps.six")).points;

	it("still decode: positions, speed, roll as measured lean, distance from the lap's start", () => {
		const range = { lapNumber: 2, start: 5, end: 8 };
		const back = decodeLapChannels(encodeLapPath(points, range));
		expect(back.length).toBe(3);
		expect(Array.from(back.lat)).toEqual(Array.from(points.lat.subarray(5, 8)));
		expect(Array.from(back.lon)).toEqual(Array.from(points.lon.subarray(5, 8)));
		expect(Array.from(back.speedKmh)).toEqual(Array.from(points.speedKmh.subarray(5, 8)));
		expect(Array.from(back.leanDeg)).toEqual(Array.from(points.roll.subarray(5, 8)));
		expect(back.leanEstimated).toBe(false);
		const d = points.distanceM;
		expect(Array.from(back.distanceM)).toEqual([0, d[6]! - d[5]!, d[7]! - d[5]!]);
		expect(plain(back.timeMs)).toEqual(["NaN", "NaN", "NaN"]);
		expect(back.extra).toEqual({});
	});

	it("decode the older variant without roll or distance as NaN", () => {
		const old = parseGpsFile(fixture("old-variant", "gps.six")).points;
		const back = decodeLapChannels(encodeLapPath(old, { lapNumber: 1, start: 0, end: 3 }));
		expect(plain(back.leanDeg)).toEqual(["NaN", "NaN", "NaN"]);
		expect(plain(back.distanceM)).toEqual(["NaN", "NaN", "NaN"]);
	});

	it("re-encode as version 2 without their time column", () => {
		const back = decodeLapChannels(encodeLapPath(points, { lapNumber: 1, start: 0, end: 4 }));
		const again = decodeLapChannels(encodeLapChannels(back));
		expect(again.lat).toEqual(back.lat);
		expect(plain(again.timeMs)).toEqual(["NaN", "NaN", "NaN", "NaN"]);
	});

	it("turn a damaged version 1 blob into a decode error", () => {
		const bytes = encodeLapPath(points, { lapNumber: 1, start: 0, end: 4 });
		expect(() => decodeLapChannels(bytes.subarray(0, 6))).toThrow(LapChannelsDecodeError);
		expect(() => decodeLapChannels(bytes.subarray(0, bytes.length - 1))).toThrow(
			LapChannelsDecodeError,
		);
	});
});

describe("header checks and their messages", () => {
	/** The reason and message a blob is refused with, or "ok". */
	const refusal = (bytes: Uint8Array) => {
		try {
			decodeLapChannels(bytes);
			return "ok";
		} catch (error) {
			const e = error as LapChannelsDecodeError;
			return `${e.reason}: ${e.message}`;
		}
	};
	/** A version 2 header: flags, extras mask, point count, then `body`. */
	const blob = (flags: number, n: number, body: number[]) =>
		Uint8Array.from([2, flags, 0, 0, n & 0xff, (n >> 8) & 0xff, 0, 0, ...body]);
	const int32 = (v: number) => [v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, (v >>> 24) & 0xff];

	it("names what is wrong", () => {
		const bytes = encodeLapChannels(sample);
		expect(refusal(new Uint8Array(0))).toBe("truncated: canais: blob vazio");
		expect(refusal(Uint8Array.of(7))).toBe("version: canais: versão 7 desconhecida");
		expect(refusal(Uint8Array.of(2, 0, 0))).toBe("truncated: canais: cabeçalho incompleto");
		expect(refusal(blob(64, 0, []))).toBe("corrupt: canais: indicadores desconhecidos");
		expect(refusal(blob(0, 9, []))).toBe(
			"size: canais: tamanho não corresponde ao número de pontos",
		);
		expect(refusal(Uint8Array.from([...bytes, 0]))).toBe(
			"size: canais: bytes a mais depois dos pontos",
		);
	});

	it("refuses a count the bytes cannot hold, counting every column present", () => {
		// Two points without time take at least 10 bytes (4 + 1 for each coordinate).
		expect(refusal(blob(0, 2, new Array(9).fill(0)))).toMatch(/^size/);
		expect(refusal(blob(0, 2, new Array(10).fill(0)))).toBe("ok");
		// Speed, lean and distance add 2, 2 and 4 bytes a point.
		for (const flags of [2, 4, 16])
			expect(refusal(blob(flags, 2, new Array(10).fill(0)))).toMatch(/^size/);
	});

	it("reads a timed blob of no point", () => {
		expect(decodeLapChannels(blob(1, 0, [])).length).toBe(0);
	});

	it("refuses a first position outside the globe", () => {
		expect(refusal(blob(0, 1, [...int32(900_000_000), ...int32(1_800_000_000)]))).toBe("ok");
		expect(refusal(blob(0, 1, [...int32(900_000_001), 0, 0, 0, 0]))).toBe(
			"corrupt: canais: posição fora do intervalo",
		);
		expect(refusal(blob(0, 1, [0, 0, 0, 0, ...int32(-1_800_000_001)]))).toMatch(/^corrupt/);
	});

	it("refuses a time column that starts missing and then has a number", () => {
		expect(() =>
			encodeLapChannels(
				channels([
					[N, 0, 0, 1, 1, 1],
					[5, 0, 0, 1, 1, 1],
				]),
			),
		).toThrow("canais: coluna de tempo incompleta");
	});

	it("gives no version for an empty blob", () => {
		expect(lapChannelsVersion(new Uint8Array(0))).toBeNull();
		expect(lapChannelsVersion(Uint8Array.of(1))).toBe(1);
	});
});

describe("damaged version 1 blobs", () => {
	const points = parseGpsFile(fixture("normal", "gps.six")).points;

	it("are cut short below the 8-byte header, of the wrong size from there", () => {
		const bytes = encodeLapPath(points, { lapNumber: 1, start: 0, end: 4 });
		const reason = (b: Uint8Array) => {
			try {
				decodeLapChannels(b);
				return "ok";
			} catch (error) {
				return (error as LapChannelsDecodeError).reason;
			}
		};
		expect([7, 8, bytes.length - 1].map((end) => reason(bytes.subarray(0, end)))).toEqual([
			"truncated",
			"size",
			"size",
		]);
	});
});
