import { describe, expect, it } from "vitest";
import {
	GPX_10_NS,
	GPX_11_NS,
	LAPSIX_GPX_NS,
	NS_GPX,
	NS_GPX10,
	NS_LAPSIX,
	NS_OTHER,
	NS_TPX,
	namespaceId,
	TRACKPOINT_V1_NS,
	TRACKPOINT_V2_NS,
} from "./gpx-namespaces";

describe("namespaceId", () => {
	it("knows each namespace by its URI", () => {
		expect(namespaceId(GPX_11_NS)).toBe(NS_GPX);
		expect(namespaceId(GPX_10_NS)).toBe(NS_GPX10);
		expect(namespaceId(TRACKPOINT_V1_NS)).toBe(NS_TPX);
		expect(namespaceId(TRACKPOINT_V2_NS)).toBe(NS_TPX);
		expect(namespaceId(LAPSIX_GPX_NS)).toBe(NS_LAPSIX);
	});
	it("ignores spaces around the URI", () => {
		expect(namespaceId(` ${GPX_11_NS}\n`)).toBe(NS_GPX);
		expect(namespaceId(`\t${LAPSIX_GPX_NS} `)).toBe(NS_LAPSIX);
	});
	it("gives NS_OTHER for any other URI", () => {
		expect(namespaceId("http://www.w3.org/2001/XMLSchema-instance")).toBe(NS_OTHER);
		expect(namespaceId("")).toBe(NS_OTHER);
	});
});
