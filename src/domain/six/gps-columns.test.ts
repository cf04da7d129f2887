import { describe, expect, it } from "vitest";
import { emptyGpsPoints, GpsColumnsBuilder } from "./gps-columns";
import { LINE_SLOTS } from "./gps-line";

/** A row whose slots hold `base`, `base + 1`, … (slot order of gps-line.ts). */
function row(base: number): Float64Array {
	return Float64Array.from({ length: LINE_SLOTS }, (_, i) => base + i);
}

function filled(capacity: number, rows: number): GpsColumnsBuilder {
	const cols = new GpsColumnsBuilder(capacity);
	for (let i = 0; i < rows; i++) {
		if (cols.length === cols.capacity) cols.grow();
		cols.setRow(row(i * 10));
		cols.commitRow(i + 1, "12.8V");
	}
	return cols;
}

describe("GpsColumnsBuilder", () => {
	it("starts with at least 16 rows, a whole number of them", () => {
		expect(new GpsColumnsBuilder(0).capacity).toBe(16);
		expect(new GpsColumnsBuilder(-5).capacity).toBe(16);
		expect(new GpsColumnsBuilder(20.7).capacity).toBe(20);
		expect(new GpsColumnsBuilder(20.7).lat.length).toBe(20);
	});

	it("writes every slot of a row to its column", () => {
		const points = filled(16, 1).finish();
		expect([
			points.lat[0],
			points.lon[0],
			points.speedKmh[0],
			points.satellites[0],
			points.timeOfDayMs[0],
			points.lapCount[0],
			points.timingFlag[0],
			points.roll[0],
			points.filteredLean[0],
			points.distanceM[0],
			points.line[0],
		]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 1]);
	});

	it("keeps every row written so far when it grows", () => {
		const points = filled(16, 40).finish();
		expect(points.length).toBe(40);
		for (const i of [0, 15, 16, 39]) {
			expect([points.lat[i], points.distanceM[i], points.line[i]]).toEqual([
				i * 10,
				i * 10 + 9,
				i + 1,
			]);
		}
	});

	it("doubles its capacity when it grows", () => {
		const cols = filled(16, 17);
		expect(cols.capacity).toBe(32);
		expect(cols.line.length).toBe(32);
	});

	it("spreads each battery text over the rows of its run", () => {
		const cols = new GpsColumnsBuilder(16);
		for (const [i, text] of ["a", "a", "b", "b", "b", "a", "", ""].entries()) {
			cols.setRow(row(i));
			cols.commitRow(i + 1, text);
		}
		expect(cols.finish().battery).toEqual(["a", "a", "b", "b", "b", "a", "", ""]);
	});

	it("gives empty columns for no row", () => {
		const points = emptyGpsPoints();
		expect(points.length).toBe(0);
		expect(points.lat.length).toBe(0);
		expect(points.line.length).toBe(0);
		expect(points.battery).toEqual([]);
	});

	// Memory: the columns of a million fixes are tens of megabytes.
	it("leaves up to an eighth of slack in place and copies the rows out past that", () => {
		const slack = (capacity: number, rows: number) => {
			const points = filled(capacity, rows).finish();
			expect(points.lat.length).toBe(rows);
			expect(points.battery.length).toBe(rows);
			return points.lat.buffer.byteLength / 8;
		};
		expect(slack(64, 64)).toBe(64);
		expect(slack(64, 56)).toBe(64);
		expect(slack(64, 55)).toBe(55);
		expect(slack(64, 1)).toBe(1);
		const points = filled(64, 10).finish();
		for (const column of [points.lon, points.speedKmh, points.satellites, points.line]) {
			expect(column.buffer.byteLength).toBe(10 * column.BYTES_PER_ELEMENT);
		}
	});
});
