import { describe, expect, it } from "vitest";
import { encodeLapChannels } from "../../domain/channels/codec";
import { encodeChannelsBody } from "../../shared/api/channels";
import { readChannelsResponse } from "./channels";
import { ApiError } from "./client";

const blob = encodeLapChannels({
	length: 2,
	timeMs: Float64Array.of(0, 40),
	lat: Float64Array.of(-23.7, -23.70001),
	lon: Float64Array.of(-46.69, -46.69001),
	speedKmh: Float32Array.of(120, 121),
	leanDeg: Float32Array.of(10, 11),
	leanEstimated: true,
	distanceM: Float64Array.of(0, 1.2),
	extra: {},
});

describe("readChannelsResponse", () => {
	it("decodes the binary answer", async () => {
		const body = encodeChannelsBody("logger", [{ number: 3, timeMs: 91_000, blob }]);
		const decoded = await readChannelsResponse(
			new Response(body.slice().buffer, {
				headers: { "content-type": "application/octet-stream" },
			}),
		);
		expect(decoded.timing).toBe("logger");
		expect(decoded.laps[0]!.number).toBe(3);
		expect(decoded.laps[0]!.channels!.leanEstimated).toBe(true);
		expect(Array.from(decoded.laps[0]!.channels!.speedKmh)).toEqual([120, 121]);
	});

	it("turns an error answer into the server's ApiError", async () => {
		const response = new Response(
			JSON.stringify({ error: "lap_not_found", message: "Volta não encontrada." }),
			{ status: 404, headers: { "content-type": "application/json" } },
		);
		await expect(readChannelsResponse(response)).rejects.toMatchObject({
			status: 404,
			code: "lap_not_found",
		});
	});

	it("turns a damaged body into an ApiError, not a crash", async () => {
		const body = encodeChannelsBody("logger", [{ number: 3, timeMs: 91_000, blob }]);
		const error = await readChannelsResponse(
			new Response(body.slice(0, body.length - 2).buffer),
		).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(ApiError);
		expect((error as ApiError).code).toBe("bad_response");
	});
});
