import { describe, expect, it } from "vitest";
import { defaultOrder, mapColumns, normaliseName } from "./vbo-columns";

describe("normaliseName", () => {
	it("reads a channel name alone, in any case, with blanks around it", () => {
		expect(normaliseName("rpm")).toEqual({ channel: "rpm", derived: false, unit: "" });
		expect(normaliseName("velocity")).toEqual({ channel: "velocity", derived: false, unit: "" });
		expect(normaliseName(" Velocity kmh ")).toEqual({
			channel: "velocity",
			derived: false,
			unit: "kmh",
		});
		expect(normaliseName("fix_type")).toBeNull();
	});

	it("takes a unit word only after a name, and marks a -source suffix as a second choice", () => {
		expect(normaliseName("Long accel g")).toEqual({ channel: "lonAcc", derived: false, unit: "g" });
		expect(normaliseName("g")).toBeNull();
		expect(normaliseName("lean_angle-calc")).toEqual({ channel: "lean", derived: true, unit: "" });
		expect(normaliseName("latacc-calc g")).toEqual({ channel: "latAcc", derived: true, unit: "g" });
	});
});

describe("mapColumns", () => {
	it("keeps each column's unit word in place, and -1 for a channel no column names", () => {
		const map = mapColumns(["sats", "time", "lat", "long", "velocity", "height ft", "fix_type"]);
		expect(map.units).toEqual(["", "", "", "", "", "ft", ""]);
		expect(map.column.height).toBe(5);
		expect([map.column.lean, map.column.rpm, map.column.throttle]).toEqual([-1, -1, -1]);
	});
});

describe("defaultOrder", () => {
	it("sats first (Racelogic, RaceChrono): sats time lat long velocity heading height, cut to the row", () => {
		const order = ["sats", "time", "lat", "long", "velocity", "heading", "height"];
		expect(defaultOrder(true, 7)).toEqual(order);
		expect(defaultOrder(true, 9)).toEqual(order);
		expect(defaultOrder(true, 5)).toEqual(order.slice(0, 5));
	});

	it("sats last (RaceBox): sats in the row's last field, whatever its length", () => {
		expect(defaultOrder(false, 5)).toEqual(["time", "lat", "long", "velocity", "sats"]);
		expect(defaultOrder(false, 7)).toEqual([
			"time",
			"lat",
			"long",
			"velocity",
			"heading",
			"height",
			"sats",
		]);
		// Fields past height have no channel: any name that is none.
		const long = defaultOrder(false, 9);
		expect(long).toHaveLength(9);
		expect(long.slice(0, 6)).toEqual(["time", "lat", "long", "velocity", "heading", "height"]);
		expect(long[8]).toBe("sats");
		expect(long.slice(6, 8).map(normaliseName)).toEqual([null, null]);
	});
});
