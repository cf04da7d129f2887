/**
 * The exported files read back by lapsix's own importers: every written fix, in place, at its
 * instant, with the track's lines (VBO) and the channels the format carries.
 */
import { describe, expect, it } from "vitest";
import { importRecording, isRecognised } from "../import";
import { exportToString } from "./export-session";
import { simulatedSession } from "./test-fixtures";

describe("exported files re-imported by lapsix", () => {
	it.each(["vbo", "gpx"] as const)("%s keeps every fix's position, instant and speed", (format) => {
		const session = simulatedSession({ laps: 2, hz: 10, circuit: "granja-viana" });
		const text = exportToString(session, format);
		const recording = importRecording(new TextEncoder().encode(text), `s.${format}`, format);
		expect(isRecognised(recording)).toBe(true);
		const fixes = recording.fixes;
		const written = session.laps.flatMap((lap) =>
			Array.from({ length: lap.channels.length }, (_, i) => ({
				t: lap.startMs + lap.channels.timeMs[i]!,
				lat: lap.channels.lat[i]!,
				lon: lap.channels.lon[i]!,
				kmh: lap.channels.speedKmh[i]!,
			})),
		);
		expect(fixes.length).toBe(written.length);
		const t0 = written[0]!.t;
		const read0 = fixes.timeMs[0]!;
		written.forEach((w, i) => {
			expect(Math.abs(fixes.lat[i]! - w.lat)).toBeLessThan(1e-6);
			expect(Math.abs(fixes.lon[i]! - w.lon)).toBeLessThan(1e-6);
			expect(Math.abs(fixes.timeMs[i]! - read0 - (w.t - t0))).toBeLessThanOrEqual(10);
			expect(Math.abs(fixes.speedKmh[i]! - w.kmh)).toBeLessThan(0.05);
		});
	});
	it("vbo keeps the track's start/finish and sector lines", () => {
		const session = simulatedSession({ laps: 1, hz: 10, circuit: "interlagos" });
		const text = exportToString(session, "vbo");
		const recording = importRecording(new TextEncoder().encode(text), "s.vbo", "vbo");
		const lines = recording.lines!;
		const expected = session.lines!;
		const gates = [lines.startFinish, ...lines.sectors];
		const wanted = [expected.startFinish, ...expected.sectors];
		expect(gates).toHaveLength(wanted.length);
		gates.forEach((gate, k) => {
			for (const end of ["a", "b"] as const) {
				expect(gate[end].lat).toBeCloseTo(wanted[k]![end].lat, 6);
				expect(gate[end].lon).toBeCloseTo(wanted[k]![end].lon, 6);
			}
		});
	});
});
