import { describe, expect, it } from "vitest";
import {
	capacityFor,
	capacityForLines,
	emptyRecording,
	FixesBuilder,
	type FixesLayout,
} from "./fixes-builder";
import { ImportReport } from "./report";
import { bytesOf } from "./test-support";

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

/** A builder of `layout` given `rows` rows (row r: time r s, lean r°, distance 10·r m, rpm 100·r). */
function written(layout: FixesLayout, capacity: number, rows: number): FixesBuilder {
	const b = new FixesBuilder(layout, capacity);
	const rpm = b.slot("rpm");
	for (let r = 0; r < rows; r++) {
		const i = b.next();
		b.clearRow(i);
		b.timeMs[i] = 1000 * r;
		b.lat[i] = -23;
		b.lon[i] = -46;
		b.speedKmh[i] = r;
		if (b.leanDeg) b.leanDeg[i] = r;
		if (b.distanceM) b.distanceM[i] = 10 * r;
		if (rpm >= 0) b.extra[rpm]![i] = 100 * r;
		b.line[i] = r + 1;
		b.commit();
	}
	return b;
}

describe("FixesBuilder: rows past the first capacity", () => {
	it("keeps every row and every column when the rows outgrow the capacity", () => {
		const all = written({ lean: true, distance: true, extra: ["rpm"] }, 16, 40).finish();
		expect(all.length).toBe(40);
		expect([...all.timeMs].slice(-2)).toEqual([38_000, 39_000]);
		expect([...all.speedKmh].slice(-2)).toEqual([38, 39]);
		expect([...(all.leanDeg ?? [])].slice(-2)).toEqual([38, 39]);
		expect([...(all.distanceM ?? [])].slice(-2)).toEqual([380, 390]);
		expect([...(all.extra.rpm ?? [])].slice(-2)).toEqual([3800, 3900]);
		expect([...all.line].slice(-2)).toEqual([39, 40]);
		const bare = written({}, 16, 40).finish();
		expect([...bare.timeMs].slice(-2)).toEqual([38_000, 39_000]);
		expect(bare.leanDeg).toBeUndefined();
		expect(bare.distanceM).toBeUndefined();
	});

	it("takes rows with a capacity of zero asked for", () => {
		const f = written({}, 0, 3).finish();
		expect([...f.timeMs]).toEqual([0, 1000, 2000]);
	});
});

describe("FixesBuilder: optional columns", () => {
	it("has no extra channel when the layout names none", () => {
		const b = new FixesBuilder();
		const i = b.next();
		b.timeMs[i] = 0;
		b.speedKmh[i] = 12;
		b.commit();
		expect(b.finish().extra).toEqual({});
	});

	it("leaves out distance and an extra channel that no fix has", () => {
		const b = new FixesBuilder({ distance: true, extra: ["rpm"] });
		for (let r = 0; r < 3; r++) {
			const i = b.next();
			b.clearRow(i);
			b.timeMs[i] = 1000 * r;
			b.commit();
		}
		const f = b.finish();
		expect(f.distanceM).toBeUndefined();
		expect(f.extra.rpm).toBeUndefined();
	});
});

describe("FixesBuilder.keepRows", () => {
	it("keeps the chosen rows in order, every column with its row", () => {
		const b = written({ lean: true, distance: true, extra: ["rpm"] }, 16, 4);
		b.keepRows(Uint8Array.from([1, 0, 1, 1]));
		const f = b.finish();
		expect([...f.timeMs]).toEqual([0, 2000, 3000]);
		expect([...(f.leanDeg ?? [])]).toEqual([0, 2, 3]);
		expect([...(f.distanceM ?? [])]).toEqual([0, 20, 30]);
		expect([...(f.extra.rpm ?? [])]).toEqual([0, 200, 300]);
		expect([...f.line]).toEqual([1, 3, 4]);
	});

	it("never brings back a row that was not committed", () => {
		const b = written({}, 16, 2);
		const i = b.next();
		b.timeMs[i] = 99_000;
		b.keepRows(Uint8Array.from([1, 1, 1]));
		expect([...b.finish().timeMs]).toEqual([0, 1000]);
	});
});

describe("emptyRecording", () => {
	it("has no fixes, no date, no lap marks, only its report", () => {
		const report = new ImportReport("x.csv");
		report.reject(0, "ilegível");
		const r = emptyRecording("aim", report);
		expect(r.fixes.length).toBe(0);
		expect(r.dateKnown).toBe(false);
		expect(r.lapMarksMs).toEqual([]);
		expect(r.report).toHaveLength(1);
	});
});

describe("first capacity", () => {
	it("makes room for every row of a file plus a few, between 1024 and 4 million", () => {
		expect(capacityFor(100_000, 50)).toBe(2000 + 16);
		expect(capacityFor(1000, 50)).toBe(1024);
		expect(capacityFor(1e9, 10)).toBe(4_000_000);
	});

	it("counts the lines of each sixteenth of the data from its own lines' length", () => {
		const row = (length: number) => `${"x".repeat(length - 1)}\n`;
		// 13 header bytes, 64 rows of 20 bytes, then 2000 rows of 40 (2064 rows): the first 64
		// alone would make 4206 (81280 bytes / 19.4).
		const file = bytesOf(`Time,Lat,Lon\n${row(20).repeat(64)}${row(40).repeat(2000)}`);
		const capacity = capacityForLines(file, 13);
		expect(capacity).toBeGreaterThanOrEqual(2064);
		expect(capacity).toBeLessThanOrEqual(2064 * 1.1);
		// Two lines a fix: half as many fixes.
		expect(capacityForLines(file, 13, 2)).toBe(Math.ceil((capacity - 16) / 2) + 16);
	});

	it("gives rows that grow longer through the file room for all of them and at most 1/16 more", () => {
		// Row i holds i in decimal: 1 to 6 digits, as a timestamp or distance column grows.
		const rows = Array.from({ length: 200_000 }, (_, i) => `${i},1.5\n`).join("");
		const capacity = capacityForLines(bytesOf(`t,v\n${rows}`), 4);
		expect(capacity).toBeGreaterThanOrEqual(200_000);
		expect(capacity - (capacity >> 4)).toBeLessThanOrEqual(200_000);
	});

	it("counts a blank first line, and gives 1024 when no line ends", () => {
		const row = `${"x".repeat(19)}\n`;
		// 3001 lines (the blank one too), 3 % more for margin, plus 16.
		expect(capacityForLines(bytesOf(`\n${row.repeat(3000)}`), 0)).toBe(3122);
		expect(capacityForLines(bytesOf("abc"), 0)).toBe(1024);
	});
});
