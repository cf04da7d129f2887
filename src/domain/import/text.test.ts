import { describe, expect, it } from "vitest";
import { bytesOf } from "./test-support";
import { bomLength, normaliseText } from "./text";

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** `text` as UTF-16 with its byte-order mark, little- or big-endian. */
function utf16(text: string, littleEndian: boolean): Uint8Array {
	const out = new Uint8Array(2 + 2 * text.length);
	const view = new DataView(out.buffer);
	view.setUint16(0, 0xfeff, littleEndian);
	for (let i = 0; i < text.length; i++) view.setUint16(2 + 2 * i, text.charCodeAt(i), littleEndian);
	return out;
}

const asText = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe("bomLength", () => {
	it("is 3 for a UTF-8 byte-order mark, with or without text after it", () => {
		expect(bomLength(new Uint8Array(UTF8_BOM))).toBe(3);
		expect(bomLength(new Uint8Array([...UTF8_BOM, 0x41, 0x0a]))).toBe(3);
	});

	it("is 0 when any of the three bytes differs or the file is shorter", () => {
		for (const bytes of [
			[],
			[0xef],
			[0xef, 0xbb],
			[0x00, 0xbb, 0xbf, 0x41],
			[0xef, 0x00, 0xbf, 0x41],
			[0xef, 0xbb, 0x00, 0x41],
			[0x41, 0x42, 0x43, 0x44],
		]) {
			expect(bomLength(new Uint8Array(bytes)), bytes.join(",")).toBe(0);
		}
	});
});

describe("normaliseText", () => {
	it("turns UTF-16 of either byte order into UTF-8 without the byte-order mark", () => {
		const text = "Interlagos,ção\r\n1,2\r\n";
		expect(asText(normaliseText(utf16(text, true)))).toBe(text);
		expect(asText(normaliseText(utf16(text, false)))).toBe(text);
	});

	it("reads a bare UTF-16 byte-order mark as an empty file", () => {
		expect(normaliseText(new Uint8Array([0xff, 0xfe]))).toEqual(new Uint8Array());
		expect(normaliseText(new Uint8Array([0xfe, 0xff]))).toEqual(new Uint8Array());
	});

	it("leaves bytes alone when only one of the two UTF-16 mark bytes is there", () => {
		for (const bytes of [
			[0xff, 0x41, 0x42, 0x43],
			[0x41, 0xfe, 0x42, 0x43],
			[0xfe, 0x41, 0x42, 0x43],
			[0x41, 0xff, 0x42, 0x43],
			[0xfe, 0xfe, 0x42, 0x43],
			[0xff, 0xff, 0x42, 0x43],
		]) {
			const input = new Uint8Array(bytes);
			expect(normaliseText(input), bytes.join(",")).toBe(input);
		}
	});

	it("gives back the very same bytes when nothing needs changing", () => {
		for (const text of ["", "a", "a,b\n1,2\n", "a,b\r\n1,2\r\n", "\na\rb"]) {
			const input = bytesOf(text);
			const out = normaliseText(input);
			expect(out, JSON.stringify(text)).toBe(input);
			expect(asText(out)).toBe(text);
		}
	});

	it("ends CR-only lines with LF, in a copy, wherever the first CR is", () => {
		for (const [text, expected] of [
			["a,b\r1,2\r", "a,b\n1,2\n"],
			["\ra\rb", "\na\nb"],
			["\r", "\n"],
		]) {
			const input = bytesOf(text!);
			const out = normaliseText(input);
			expect(asText(out), JSON.stringify(text)).toBe(expected);
			expect(asText(input)).toBe(text);
		}
	});

	it("ends CR-only lines of UTF-16 text with LF too", () => {
		expect(asText(normaliseText(utf16("a\rb\r", true)))).toBe("a\nb\n");
	});
});
