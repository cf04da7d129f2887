import { describe, expect, it } from "vitest";
import { FixesBuilder } from "./fixes-builder";

function filled(capacity: number, rows: number): FixesBuilder {
	const b = new FixesBuilder({ lean: true, extra: ["satellites", "rpm"] }, capacity);
	const satellites = b.slot("satellites");
	const rpm = b.slot("rpm");
	for (let r = 0; r < rows; r++) {
		const i = b.next();
		b.clearRow(i);
		b.timeMs[i] = 1000 * r;
		b.lat[i] = -23 - r / 1e5;
		b.lon[i] = -46 - r / 1e5;
		b.line[i] = r + 1;
		b.extra[satellites]![i] = 9;
		if (r === rows - 1) b.extra[rpm]![i] = 4000;
		b.commit();
	}
	return b;
}

describe("FixesBuilder.finish", () => {
	it("gives each column its rows and no more, leaving out channels with no value", () => {
		for (const [capacity, rows] of [
			[1000, 990],
			[1000, 300],
			[16, 16],
		] as const) {
			const f = filled(capacity, rows).finish();
			expect(f.length).toBe(rows);
			for (const column of [f.timeMs, f.lat, f.lon, f.speedKmh, f.line]) {
				expect(column.length).toBe(rows);
			}
			expect(f.timeMs[rows - 1]).toBe(1000 * (rows - 1));
			expect([...f.line.slice(0, 3)]).toEqual([1, 2, 3]);
			expect(f.extra.satellites?.length).toBe(rows);
			expect(f.extra.rpm?.[rows - 1]).toBe(4000);
			expect(f.leanDeg).toBeUndefined();
		}
	});

	it("keeps no more than a sixteenth of a column unused: a column with more room is copied", () => {
		for (const rows of [300, 800, 930]) {
			const sparse = filled(1000, rows).finish();
			expect(sparse.timeMs.buffer.byteLength).toBe(rows * 8);
			expect(sparse.extra.satellites?.buffer.byteLength).toBe(rows * 4);
		}
		const full = filled(1000, 990).finish();
		for (const column of [full.timeMs, full.lat, full.speedKmh, full.line]) {
			expect(column.buffer.byteLength).toBeLessThanOrEqual(column.byteLength * (17 / 16));
		}
	});
});
