import { describe, expect, it } from "vitest";
import { COMMA } from "./bytes";
import { fieldText, LineFields } from "./fields";
import { bytesOf, latin1Bytes } from "./test-support";

/** The byte ranges `[start, end)` of the fields that have one. */
function ranges(fields: LineFields): [number, number][] {
	const out: [number, number][] = [];
	for (let i = 0; i < Math.min(fields.count, fields.maxFields); i++) {
		out.push([fields.starts[i]!, fields.ends[i]!]);
	}
	return out;
}

/** The fields' texts of `line` split at commas. */
function textsOf(line: string): string[] {
	const bytes = bytesOf(line);
	const fields = new LineFields();
	const n = fields.split(bytes, 0, bytes.length, COMMA);
	return Array.from({ length: n }, (_, i) => fields.text(bytes, i));
}

describe("LineFields.split", () => {
	it("gives each field's range between the separators, empty fields included", () => {
		const bytes = bytesOf("ab,,c,");
		const fields = new LineFields();
		expect(fields.split(bytes, 0, bytes.length, COMMA)).toBe(4);
		expect(fields.count).toBe(4);
		expect(ranges(fields)).toEqual([
			[0, 2],
			[3, 3],
			[4, 5],
			[6, 6],
		]);
	});

	it("drops one CR at the end of the line", () => {
		const bytes = bytesOf("a,bc\r");
		const fields = new LineFields();
		fields.split(bytes, 0, bytes.length, COMMA);
		expect(ranges(fields)).toEqual([
			[0, 1],
			[2, 4],
		]);
		expect(textsOf("a,\r")).toEqual(["a", ""]);
	});

	it("reads nothing past the end of its range", () => {
		const bytes = bytesOf("x,ab,cd\r\n");
		const fields = new LineFields();
		expect(fields.split(bytes, 2, 6, COMMA)).toBe(2);
		expect(ranges(fields)).toEqual([
			[2, 4],
			[5, 6],
		]);
		expect(fields.split(bytes, 2, 7, COMMA)).toBe(2);
		expect(ranges(fields)).toEqual([
			[2, 4],
			[5, 7],
		]);
	});

	it("gives a quoted field's range inside its quotes, separators in it kept", () => {
		const bytes = bytesOf('"a,b",c,""');
		const fields = new LineFields();
		expect(fields.split(bytes, 0, bytes.length, COMMA)).toBe(3);
		expect(ranges(fields)).toEqual([
			[1, 4],
			[6, 7],
			[9, 9],
		]);
	});

	it("keeps a doubled quote inside a quoted field, and fieldText reads it as one", () => {
		const bytes = bytesOf('"say ""hi""",x');
		const fields = new LineFields();
		expect(fields.split(bytes, 0, bytes.length, COMMA)).toBe(2);
		expect(ranges(fields)).toEqual([
			[1, 11],
			[13, 14],
		]);
		expect(fields.text(bytes, 0)).toBe('say "hi"');
		expect(textsOf('"a""",b')).toEqual(['a"', "b"]);
	});

	it("ends a quoted field at a separator it holds just before its closing quote", () => {
		expect(textsOf('"a,",b')).toEqual(["a,", "b"]);
	});

	it("skips what follows a closing quote up to the next separator", () => {
		const bytes = bytesOf('"a"junk,b');
		const fields = new LineFields();
		expect(fields.split(bytes, 0, bytes.length, COMMA)).toBe(2);
		expect(ranges(fields)).toEqual([
			[1, 2],
			[8, 9],
		]);
	});

	it("runs an unclosed quoted field to the end of the range", () => {
		const bytes = bytesOf('x,"ab,c,d');
		const fields = new LineFields();
		expect(fields.split(bytes, 0, 6, COMMA)).toBe(2);
		expect(ranges(fields)).toEqual([
			[0, 1],
			[3, 6],
		]);
	});

	it("does not take a quote just past the end of its range as part of the line", () => {
		// The range ends right after a closing quote, and the byte after it is a quote too.
		const closing = bytesOf('"ab"""');
		const fields = new LineFields();
		expect(fields.split(closing, 0, 4, COMMA)).toBe(1);
		expect(ranges(fields)).toEqual([[1, 3]]);
		// The range ends right after a separator, and the byte after it opens a quote.
		const opening = bytesOf('a,"b"');
		expect(fields.split(opening, 0, 2, COMMA)).toBe(2);
		expect(ranges(fields)).toEqual([
			[0, 1],
			[2, 2],
		]);
	});

	it("counts the fields past maxFields but gives ranges only up to it", () => {
		const bytes = bytesOf("a,b,c,d");
		const fields = new LineFields(2);
		expect(fields.split(bytes, 0, bytes.length, COMMA)).toBe(4);
		expect(ranges(fields)).toEqual([
			[0, 1],
			[2, 3],
		]);
		expect(fields.has(1)).toBe(true);
		expect(fields.has(2)).toBe(false);
		expect(fields.text(bytes, 2)).toBe("");
	});
});

describe("LineFields.splitBlanks", () => {
	it("splits at runs of spaces, tabs and CRs, with no empty fields", () => {
		const bytes = bytesOf(" \t12.5  \t-3\t\tab \r");
		const fields = new LineFields();
		expect(fields.splitBlanks(bytes, 0, bytes.length)).toBe(3);
		expect(ranges(fields)).toEqual([
			[2, 6],
			[9, 11],
			[13, 15],
		]);
		expect(fields.splitBlanks(bytesOf(" \t\r"), 0, 3)).toBe(0);
	});

	it("reads a CR, a tab or a space as the end of a field", () => {
		for (const blank of [" ", "\t", "\r"]) {
			const bytes = bytesOf(`1${blank}2`);
			const fields = new LineFields();
			expect(fields.splitBlanks(bytes, 0, bytes.length), JSON.stringify(blank)).toBe(2);
			expect(fields.text(bytes, 1)).toBe("2");
		}
	});

	it("stops at the end of its range", () => {
		const bytes = bytesOf("1 22 333");
		const fields = new LineFields();
		expect(fields.splitBlanks(bytes, 2, 6)).toBe(2);
		expect(ranges(fields)).toEqual([
			[2, 4],
			[5, 6],
		]);
	});
});

describe("LineFields.has and text", () => {
	it("has exactly the fields of the last line split", () => {
		const fields = new LineFields();
		const long = bytesOf("a,b,c,d");
		fields.split(long, 0, long.length, COMMA);
		const short = bytesOf("x,y");
		fields.split(short, 0, short.length, COMMA);
		expect(fields.has(0)).toBe(true);
		expect(fields.has(1)).toBe(true);
		expect(fields.has(2)).toBe(false);
		expect(fields.has(3)).toBe(false);
		expect(fields.has(-1)).toBe(false);
		expect(fields.text(short, 1)).toBe("y");
		expect(fields.text(short, 2)).toBe("");
		expect(fields.text(short, -1)).toBe("");
	});
});

describe("fieldText", () => {
	it("trims blanks around the field", () => {
		const bytes = bytesOf(" \tInterlagos \r");
		expect(fieldText(bytes, 0, bytes.length)).toBe("Interlagos");
	});

	it("reads each doubled quote as one and leaves single quotes alone", () => {
		const bytes = bytesOf('a""b""""c"d');
		expect(fieldText(bytes, 0, bytes.length)).toBe('a"b""c"d');
		const plain = bytesOf("Curva do Sol");
		expect(fieldText(plain, 0, plain.length)).toBe("Curva do Sol");
	});

	it("reads bytes that are not UTF-8 as Latin-1", () => {
		const bytes = latin1Bytes("Autódromo");
		expect(fieldText(bytes, 0, bytes.length)).toBe("Autódromo");
	});
});
