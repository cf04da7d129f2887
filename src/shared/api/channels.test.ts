import { describe, expect, it } from "vitest";
import { encodeLapChannels } from "../../domain/channels/codec";
import type { LapChannels } from "../../domain/channels/types";
import { ChannelsBodyError, decodeChannelsBody, encodeChannelsBody } from "./channels";

function lap(n: number, leanEstimated: boolean): LapChannels {
	return {
		length: n,
		timeMs: Float64Array.from({ length: n }, (_, i) => i * 40),
		lat: Float64Array.from({ length: n }, (_, i) => -23.7 + i * 1e-5),
		lon: Float64Array.from({ length: n }, (_, i) => -46.69 - i * 1e-5),
		speedKmh: Float32Array.from({ length: n }, (_, i) => 100 + i),
		leanDeg: Float32Array.from({ length: n }, (_, i) => (i % 7) - 3),
		leanEstimated,
		distanceM: Float64Array.from({ length: n }, (_, i) => i * 1.5),
		extra: {},
	};
}

describe("channels body", () => {
	const first = encodeLapChannels(lap(5, false));
	const second = encodeLapChannels(lap(3, true));
	const body = encodeChannelsBody("lines", [
		{ number: 1, timeMs: 95_123, blob: first },
		{ number: 2, timeMs: 0, blob: null },
		{ number: 7, timeMs: 94_001, blob: second },
	]);

	it("gives back the laps, their times, channels and the timing shown", () => {
		const decoded = decodeChannelsBody(body);
		expect(decoded.timing).toBe("lines");
		expect(decoded.laps.map((l) => [l.number, l.timeMs, l.channels?.length ?? null])).toEqual([
			[1, 95_123, 5],
			[2, 0, null],
			[7, 94_001, 3],
		]);
		expect(decoded.laps[0]!.channels!.leanEstimated).toBe(false);
		expect(decoded.laps[2]!.channels!.leanEstimated).toBe(true);
		expect(Array.from(decoded.laps[2]!.channels!.timeMs)).toEqual([0, 40, 80]);
	});

	it("reads a body inside a larger buffer (a view with an offset)", () => {
		const padded = new Uint8Array(body.length + 3);
		padded.set(body, 3);
		expect(decodeChannelsBody(padded.subarray(3)).laps).toHaveLength(3);
	});

	it("refuses a body cut short, with bytes left over, or of another version", () => {
		for (const cut of [0, 4, 8, 15, body.length - 1]) {
			expect(() => decodeChannelsBody(body.subarray(0, cut))).toThrow();
		}
		expect(() => decodeChannelsBody(body.subarray(0, 19))).toThrow(ChannelsBodyError);
		const longer = new Uint8Array(body.length + 1);
		longer.set(body);
		expect(() => decodeChannelsBody(longer)).toThrow(/a mais/);
		const other = body.slice();
		other[0] = 9;
		expect(() => decodeChannelsBody(other)).toThrow(/versão 9/);
		other[0] = 1;
		other[1] = 9;
		expect(() => decodeChannelsBody(other)).toThrow(/cronometragem/);
	});

	it("holds an empty session", () => {
		expect(decodeChannelsBody(encodeChannelsBody("none", []))).toEqual({
			timing: "none",
			laps: [],
		});
	});
});
