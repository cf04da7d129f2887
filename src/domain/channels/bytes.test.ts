import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ByteReader, ByteWriter, LapChannelsDecodeError, unzigzag, zigzag } from "./bytes";

describe("zigzag", () => {
	it("maps small magnitudes of either sign to small numbers and back", () => {
		expect([0, -1, 1, -2, 2].map(zigzag)).toEqual([0, 1, 2, 3, 4]);
		fc.assert(
			fc.property(fc.integer({ min: -(2 ** 52), max: 2 ** 52 - 1 }), (v) => {
				expect(unzigzag(zigzag(v))).toBe(v);
			}),
		);
	});
});

describe("ByteWriter / ByteReader", () => {
	it("writes little-endian fixed-width numbers and grows as needed", () => {
		const w = new ByteWriter(1);
		w.u8(0xab);
		w.u16(0x1234);
		w.i16(-2);
		w.u32(0xdeadbeef);
		w.i32(-5);
		w.f32(1.5);
		const bytes = w.finish();
		expect(Array.from(bytes.subarray(0, 5))).toEqual([0xab, 0x34, 0x12, 0xfe, 0xff]);
		const r = new ByteReader(bytes);
		expect([r.u8(), r.u16(), r.i16(), r.u32(), r.i32(), r.f32()]).toEqual([
			0xab, 0x1234, -2, 0xdeadbeef, -5, 1.5,
		]);
		expect(r.remaining).toBe(0);
	});

	it("writes varints of 1 byte below 128, 2 below 16384, up to 2^53 - 1", () => {
		const sizes = [0, 127, 128, 16_383, 16_384, 2 ** 53 - 1].map((v) => {
			const w = new ByteWriter(0);
			w.varint(v);
			const bytes = w.finish();
			expect(new ByteReader(bytes).varint()).toBe(v);
			return bytes.length;
		});
		expect(sizes).toEqual([1, 1, 2, 2, 3, 8]);
	});

	it("round-trips any safe whole number as a varint (property)", () => {
		fc.assert(
			fc.property(fc.array(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER })), (values) => {
				const w = new ByteWriter(4);
				for (const v of values) w.varint(v);
				const r = new ByteReader(w.finish());
				for (const v of values) expect(r.varint()).toBe(v);
				expect(r.remaining).toBe(0);
			}),
		);
	});

	it("throws a decode error past the end, or on a varint too long", () => {
		expect(() => new ByteReader(new Uint8Array(1)).u16()).toThrow(LapChannelsDecodeError);
		expect(() => new ByteReader(Uint8Array.of(0x80)).varint()).toThrow(/incompletos/);
		expect(() => new ByteReader(new Uint8Array(9).fill(0xff)).varint()).toThrow(/tamanho variável/);
		// 8 bytes holding more than 2^53.
		expect(() =>
			new ByteReader(Uint8Array.of(255, 255, 255, 255, 255, 255, 255, 127)).varint(),
		).toThrow(LapChannelsDecodeError);
	});

	it("reads from a view at an offset in a larger buffer", () => {
		const buffer = Uint8Array.of(9, 9, 0x34, 0x12, 9);
		expect(new ByteReader(buffer.subarray(2, 4)).u16()).toBe(0x1234);
	});
});

describe("ByteReader varint limits", () => {
	it("refuses a ninth byte even when it adds nothing", () => {
		const nine = Uint8Array.of(0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00);
		expect(() => new ByteReader(nine).varint()).toThrow(
			"canais: número de tamanho variável inválido",
		);
	});

	it("refuses a varint too long as corrupt", () => {
		let caught: unknown;
		try {
			new ByteReader(new Uint8Array(9).fill(0xff)).varint();
		} catch (error) {
			caught = error;
		}
		expect(caught).toBeInstanceOf(LapChannelsDecodeError);
		expect((caught as LapChannelsDecodeError).reason).toBe("corrupt");
	});

	it("names its errors", () => {
		const error = new LapChannelsDecodeError("corrupt", "x");
		expect(error.name).toBe("LapChannelsDecodeError");
		expect(error.reason).toBe("corrupt");
	});
});
