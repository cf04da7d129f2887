import { describe, expect, it } from "vitest";
import type { LapChannels } from "../../domain/channels/types";
import { pathOfChannels } from "./lap-channels";

describe("a lap's channels as a path", () => {
	it("keeps an estimated lean and leaves unknown values out", () => {
		const channels: LapChannels = {
			length: 2,
			timeMs: new Float64Array([0, 100]),
			lat: new Float64Array([-23.7, -23.7001]),
			lon: new Float64Array([-46.7, -46.7001]),
			speedKmh: new Float32Array([72, Number.NaN]),
			leanDeg: new Float32Array([12.5, Number.NaN]),
			leanEstimated: true,
			distanceM: new Float64Array([0, 2]),
			extra: {},
		};
		expect(pathOfChannels(3, channels)).toEqual({
			lapNumber: 3,
			lat: [-23.7, -23.7001],
			lon: [-46.7, -46.7001],
			speedKmh: [72, 0],
			rollDeg: [12.5, null],
			distanceM: [0, 2],
		});
		expect(pathOfChannels(1, null).lat).toEqual([]);
	});
});
