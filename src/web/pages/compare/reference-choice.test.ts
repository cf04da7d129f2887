import { describe, expect, it } from "vitest";
import type { LapReferences } from "../../api/compare-hooks";
import { likelyReference, resolveReference } from "./reference-choice";

const HERE = "11111111-1111-4111-8111-111111111111";
const OTHER = "22222222-2222-4222-8222-222222222222";

function refs(over: Partial<LapReferences> = {}): LapReferences {
	return {
		lap: { sessionId: HERE, date: "2025-03-15", riderId: "r", number: 3, timeMs: 95_000 },
		track: "Interlagos",
		sessionBest: { sessionId: HERE, date: "2025-03-15", riderId: "r", number: 2, timeMs: 93_000 },
		sessionLaps: [
			{ number: 1, timeMs: 97_000 },
			{ number: 2, timeMs: 93_000 },
			{ number: 4, timeMs: 94_000 },
		],
		personalBest: { sessionId: OTHER, date: "2025-03-01", riderId: "r", number: 5, timeMs: 92_500 },
		otherSessions: [
			{
				sessionId: OTHER,
				date: "2025-03-01",
				riderId: "r",
				riderLabel: "Ana",
				bestLap: { number: 5, timeMs: 92_500 },
				laps: [{ number: 5, timeMs: 92_500 }],
			},
		],
		moreSessions: false,
		...over,
	};
}

const target = (outcome: ReturnType<typeof resolveReference>) =>
	outcome.kind === "ok" ? [outcome.reference.sessionId, outcome.reference.lap] : outcome.kind;

describe("the reference of a comparison", () => {
	it("defaults to the session's best lap", () => {
		expect(target(resolveReference(refs(), { kind: "best" }))).toEqual([HERE, 2]);
	});

	it("for the best lap itself: the personal best, else the next fastest lap of the session", () => {
		const onBest = refs({ lap: { ...refs().lap, number: 2, timeMs: 93_000 } });
		expect(target(resolveReference(onBest, { kind: "best" }))).toEqual([OTHER, 5]);
		const noPb = refs({
			lap: { ...refs().lap, number: 2, timeMs: 93_000 },
			personalBest: {
				sessionId: HERE,
				date: "2025-03-15",
				riderId: "r",
				number: 2,
				timeMs: 93_000,
			},
			sessionLaps: [
				{ number: 1, timeMs: 97_000 },
				{ number: 4, timeMs: 94_000 },
			],
		});
		expect(target(resolveReference(noPb, { kind: "best" }))).toEqual([HERE, 4]);
		expect(
			target(
				resolveReference(refs({ sessionBest: null, personalBest: null, sessionLaps: [] }), {
					kind: "best",
				}),
			),
		).toBe("missing");
	});

	it("reads the personal best, a lap of the session and a lap of another session", () => {
		expect(target(resolveReference(refs(), { kind: "pb" }))).toEqual([OTHER, 5]);
		expect(target(resolveReference(refs(), { kind: "lap", lap: 4 }))).toEqual([HERE, 4]);
		expect(target(resolveReference(refs(), { kind: "session", sessionId: OTHER, lap: 5 }))).toEqual(
			[OTHER, 5],
		);
		const label = resolveReference(refs(), { kind: "session", sessionId: OTHER, lap: 5 });
		expect(label.kind === "ok" && label.reference.label).toBe(
			"01/03/2025 · Ana · volta 5 — 01:32.500",
		);
	});

	it("a lap that is not offered is missing, with the reason", () => {
		expect(target(resolveReference(refs(), { kind: "lap", lap: 3 }))).toBe("missing");
		expect(target(resolveReference(refs(), { kind: "lap", lap: 9 }))).toBe("missing");
		expect(target(resolveReference(refs(), { kind: "session", sessionId: OTHER, lap: 1 }))).toBe(
			"missing",
		);
		expect(target(resolveReference(refs({ personalBest: null }), { kind: "pb" }))).toBe("missing");
		const onPb = refs({
			lap: { sessionId: OTHER, date: "2025-03-01", riderId: "r", number: 5, timeMs: 92_500 },
		});
		expect(target(resolveReference(onPb, { kind: "pb" }))).toBe("missing");
	});
});

describe("the reference guessed before the references arrive", () => {
	it("is the session's best lap by default, unless that is the compared lap", () => {
		expect(likelyReference({ kind: "best" }, HERE, 3, 2)).toEqual({ sessionId: HERE, lap: 2 });
		expect(likelyReference({ kind: "best" }, HERE, 2, 2)).toBeNull();
		expect(likelyReference({ kind: "best" }, HERE, 3, null)).toBeNull();
	});

	it("is the lap named, in this session or another", () => {
		expect(likelyReference({ kind: "lap", lap: 4 }, HERE, 3, 2)).toEqual({
			sessionId: HERE,
			lap: 4,
		});
		expect(likelyReference({ kind: "lap", lap: 3 }, HERE, 3, 2)).toBeNull();
		expect(likelyReference({ kind: "session", sessionId: OTHER, lap: 5 }, HERE, 3, 2)).toEqual({
			sessionId: OTHER,
			lap: 5,
		});
	});

	it("is unknown for the personal best", () => {
		expect(likelyReference({ kind: "pb" }, HERE, 3, 2)).toBeNull();
	});

	it("agrees with the resolved reference whenever it guesses", () => {
		const offered = refs();
		for (const choice of [
			{ kind: "best" },
			{ kind: "lap", lap: 4 },
			{ kind: "lap", lap: 1 },
			{ kind: "session", sessionId: OTHER, lap: 5 },
		] as const) {
			const guess = likelyReference(choice, HERE, 3, offered.sessionBest!.number);
			expect(guess && [guess.sessionId, guess.lap]).toEqual(
				target(resolveReference(offered, choice)),
			);
		}
	});
});
