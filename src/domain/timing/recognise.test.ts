import { describe, expect, it } from "vitest";
import type { TrackDefinition } from "../recording/types";
import { recogniseTrack, trackMatches } from "./recognise";
import { circleLaps, localGate } from "./test-paths";

const circle = circleLaps({ lapDurationsMs: [30_000, 30_000, 30_000], periodMs: 100 });
const circumference = 2 * Math.PI * 100;

function track(name: string, gate = circle.gate, lengthM: number | null = circumference) {
	return { name, startFinish: gate, sectors: [], directionDeg: null, lengthM } as TrackDefinition;
}

describe("recogniseTrack", () => {
	it("finds the track whose start/finish line the recording crosses", () => {
		const far = track("Longe", localGate(5000, 5000, 5020, 5000));
		const match = recogniseTrack(circle.fixes, [far, track("Circuito")]);
		expect(match?.track.name).toBe("Circuito");
		expect(match?.crossings).toBe(4);
		expect(match?.closestM).toBeLessThan(0.01);
		expect(match?.meanLapM).toBeCloseTo(circumference, -1);
		expect(match?.lengthError).toBeLessThan(0.01);
	});

	it("is null when no line is near, or a near line is never crossed", () => {
		expect(recogniseTrack(circle.fixes, [])).toBeNull();
		// 40 m outside the circle: near, but beside the path, not across it.
		const beside = track("Ao lado", localGate(140, -10, 140, 10));
		expect(recogniseTrack(circle.fixes, [beside])).toBeNull();
		// A short line across the path is crossed, so found.
		const across = track("Cruzada", localGate(90, 5, 110, 5));
		expect(recogniseTrack(circle.fixes, [across])?.track.name).toBe("Cruzada");
	});

	it("keeps to the direction of travel the track gives", () => {
		const reversed = { ...track("Contra"), directionDeg: 180 };
		expect(recogniseTrack(circle.fixes, [reversed])).toBeNull();
		expect(recogniseTrack(circle.fixes, [{ ...reversed, directionDeg: 0 }])).not.toBeNull();
	});

	it("prefers, among layouts sharing a line, the one whose length the laps match", () => {
		const layouts = [
			track("Longo", circle.gate, circumference * 1.13),
			track("Normal", circle.gate, circumference * 1.01),
			track("Curto", circle.gate, circumference * 0.6),
			track("Sem comprimento", circle.gate, null),
		];
		const ranked = trackMatches(circle.fixes, layouts).map((m) => m.track.name);
		expect(ranked).toEqual(["Normal", "Longo", "Sem comprimento", "Curto"]);
	});

	it("prefers a track crossed more often over one crossed once", () => {
		const shortPath = circleLaps({ lapDurationsMs: [30_000], periodMs: 100, tailMs: 5_000 });
		// A line at the top of the circle is crossed once in this recording (at 90°).
		const once = track("Uma vez", localGate(0, 90, 0, 110), null);
		const twice = track("Duas vezes", shortPath.gate, null);
		expect(recogniseTrack(shortPath.fixes, [once, twice])?.track.name).toBe("Duas vezes");
		expect(recogniseTrack(shortPath.fixes, [once])?.meanLapM).toBeNull();
	});
});
