import { describe, expect, it } from "vitest";
import { bytesOf } from "./test-support";
import {
	decodeXmlText,
	XML_END,
	XML_EOF,
	XML_ERROR,
	XML_START,
	XML_TEXT,
	XmlTokenizer,
} from "./xml-tokenizer";

function tokens(xml: string): string[] {
	const bytes = bytesOf(xml);
	const t = new XmlTokenizer(bytes);
	const out: string[] = [];
	for (;;) {
		const kind = t.next();
		const name = new TextDecoder().decode(bytes.subarray(t.nameStart, t.nameEnd));
		if (kind === XML_EOF) return out;
		if (kind === XML_ERROR) {
			out.push(`error(${t.lineAt(t.tokenStart)}): ${t.error}`);
			return out;
		}
		if (kind === XML_START) {
			const attrs = Array.from({ length: t.attributeCount }, (_, a) =>
				new TextDecoder().decode(bytes.subarray(t.attrNameStart[a], t.attrValueEnd[a])),
			);
			out.push(`<${name}${attrs.map((a) => ` ${a}`).join("")}>`);
		} else if (kind === XML_END) out.push(`</${name}>`);
		else if (kind === XML_TEXT) out.push(`text ${decodeXmlText(bytes, t.textStart, t.textEnd)}`);
	}
}

describe("XmlTokenizer", () => {
	it("gives starts with attributes, ends (self-closing too) and non-blank text", () => {
		expect(tokens('<?xml version="1.0"?>\n<a x="1" y=\'2\'>\n  <b/>\n  <c>hi</c>\n</a>')).toEqual([
			"<a x=\"1 y='2>",
			"<b>",
			"</b>",
			"<c>",
			"text hi",
			"</c>",
			"</a>",
		]);
	});

	it("skips comments and processing instructions, reads CDATA as text", () => {
		expect(tokens("<a><!-- <b> --><?p x?><![CDATA[<raw> & ]]></a>")).toEqual([
			"<a>",
			"text <raw> & ",
			"</a>",
		]);
	});

	it("decodes the predefined entities and character references only", () => {
		expect(tokens("<a>&lt;&amp;&#65;&#x42;&unknown;</a>")).toEqual([
			"<a>",
			"text <&AB&unknown;",
			"</a>",
		]);
	});

	it("skips a DOCTYPE with its internal subset and expands none of its entities", () => {
		const xml = '<!DOCTYPE a [<!ENTITY x "&y;&y;"><!ENTITY y "zzzz">]><a>&x;</a>';
		const bytes = bytesOf(xml);
		const t = new XmlTokenizer(bytes);
		expect(tokens(xml)).toEqual(["<a>", "text &x;", "</a>"]);
		while (t.next() !== XML_EOF);
		expect([t.sawDoctype, t.declaresEntities]).toEqual([true, true]);
	});

	it("stops with an error at an end tag that does not match, naming both", () => {
		expect(tokens("<a>\n<b></c></a>")).toEqual(["<a>", "<b>", "error(2): </c> não fecha <b>"]);
	});

	it("stops with an error where the file ends inside an element (cut short)", () => {
		expect(tokens("<a><b>12")).toEqual([
			"<a>",
			"<b>",
			"text 12",
			"error(1): arquivo termina dentro de <b> (cortado?)",
		]);
	});

	it("stops with an error at an unquoted attribute", () => {
		expect(tokens("<a x=1></a>")[0]).toBe("error(1): valor de atributo sem aspas");
	});

	it("bounds the nesting depth", () => {
		expect(tokens("<a>".repeat(200)).at(-1)).toBe("error(1): aninhamento profundo demais");
	});

	it("counts lines as it goes", () => {
		const bytes = bytesOf("<a>\n\n<b/>\r\n</a>");
		const t = new XmlTokenizer(bytes);
		t.next();
		t.next();
		expect(t.lineAt(t.tokenStart)).toBe(3);
	});
});
