import { describe, expect, it } from "vitest";
import { descendants, outOfOrder, parseXml } from "./test-xml-check";

describe("the tests' XML reader", () => {
	it("reads a well-formed document with namespaces and entities", () => {
		const root = parseXml(
			'<?xml version="1.0"?>\n<a xmlns="urn:a" xmlns:b="urn:b"><b:c k="1 &amp; 2">x &lt; y</b:c><d/></a>',
		);
		expect(root.local).toBe("a");
		expect(root.namespace).toBe("urn:a");
		const [c] = descendants(root, "c");
		expect(c?.namespace).toBe("urn:b");
		expect(c?.attributes.k).toBe("1 & 2");
		expect(c?.text).toBe("x < y");
	});

	it.each([
		["unclosed element", "<a><b></a>"],
		["two roots", "<a/><b/>"],
		["raw ampersand", "<a>fish & chips</a>"],
		["unknown entity", "<a>&nbsp;</a>"],
		["unquoted attribute", "<a k=1/>"],
		["duplicate attribute", '<a k="1" k="2"/>'],
		["'<' in an attribute", '<a k="<"/>'],
		["undeclared prefix", "<a><x:b/></a>"],
		["control character", "<a>\u0001</a>"],
		["text outside the root", "<a/>tail"],
	])("rejects %s", (_, text) => {
		expect(() => parseXml(text)).toThrow();
	});

	it("checks element order", () => {
		const order = ["ele", "time", "sat", "extensions"];
		expect(outOfOrder(["ele", "time", "extensions"], order)).toBeNull();
		expect(outOfOrder(["time", "ele"], order)).toBe("ele");
		expect(outOfOrder(["time", "time"], order)).toBe("time");
		expect(outOfOrder(["trkpt", "trkpt"], ["trkpt"], ["trkpt"])).toBeNull();
		expect(outOfOrder(["speed"], order)).toBe("speed");
	});
});
