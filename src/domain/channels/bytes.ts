/**
 * Little-endian bytes for the channel codec, on DataView and typed arrays only (the browser
 * decodes them too: no Node Buffer). Variable-length integers are LEB128: 7 bits a byte, the
 * high bit set on every byte but the last; at most 8 bytes, so up to 2^53 (exact doubles).
 */

export type DecodeErrorReason = "truncated" | "version" | "size" | "corrupt";

/** A blob that cannot be read: damaged, cut short, or of an unknown version. */
export class LapChannelsDecodeError extends Error {
	override name = "LapChannelsDecodeError";
	constructor(
		readonly reason: DecodeErrorReason,
		message: string,
	) {
		super(message);
	}
}

const MAX_VARINT_BYTES = 8;

/** Signed to unsigned: 0, -1, 1, -2, 2 … -> 0, 1, 2, 3, 4 … (small magnitudes stay short). */
export function zigzag(value: number): number {
	return value >= 0 ? 2 * value : -2 * value - 1;
}

export function unzigzag(value: number): number {
	return value % 2 === 0 ? value / 2 : -(value + 1) / 2;
}

export class ByteWriter {
	private bytes: Uint8Array;
	private view: DataView;
	length = 0;

	constructor(capacity: number) {
		this.bytes = new Uint8Array(Math.max(16, capacity));
		this.view = new DataView(this.bytes.buffer);
	}

	private room(size: number): void {
		if (this.length + size <= this.bytes.length) return;
		const next = new Uint8Array(Math.max(this.bytes.length * 2, this.length + size));
		next.set(this.bytes.subarray(0, this.length));
		this.bytes = next;
		this.view = new DataView(next.buffer);
	}

	u8(value: number): void {
		this.room(1);
		this.view.setUint8(this.length, value);
		this.length += 1;
	}

	u16(value: number): void {
		this.room(2);
		this.view.setUint16(this.length, value, true);
		this.length += 2;
	}

	i16(value: number): void {
		this.room(2);
		this.view.setInt16(this.length, value, true);
		this.length += 2;
	}

	u32(value: number): void {
		this.room(4);
		this.view.setUint32(this.length, value, true);
		this.length += 4;
	}

	i32(value: number): void {
		this.room(4);
		this.view.setInt32(this.length, value, true);
		this.length += 4;
	}

	f32(value: number): void {
		this.room(4);
		this.view.setFloat32(this.length, value, true);
		this.length += 4;
	}

	/** A whole number from 0 to 2^53 - 1. */
	varint(value: number): void {
		this.room(MAX_VARINT_BYTES);
		let rest = value;
		while (rest >= 0x80) {
			this.bytes[this.length++] = (rest % 0x80) | 0x80;
			rest = Math.floor(rest / 0x80);
		}
		this.bytes[this.length++] = rest;
	}

	finish(): Uint8Array {
		return this.bytes.slice(0, this.length);
	}
}

export class ByteReader {
	private readonly view: DataView;
	private readonly bytes: Uint8Array;
	offset = 0;

	constructor(bytes: Uint8Array) {
		this.bytes = bytes;
		this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	}

	get remaining(): number {
		return this.bytes.length - this.offset;
	}

	private need(size: number): number {
		if (this.offset + size > this.bytes.length) {
			throw new LapChannelsDecodeError("truncated", "canais: dados incompletos");
		}
		const at = this.offset;
		this.offset += size;
		return at;
	}

	u8(): number {
		return this.view.getUint8(this.need(1));
	}

	u16(): number {
		return this.view.getUint16(this.need(2), true);
	}

	i16(): number {
		return this.view.getInt16(this.need(2), true);
	}

	u32(): number {
		return this.view.getUint32(this.need(4), true);
	}

	i32(): number {
		return this.view.getInt32(this.need(4), true);
	}

	f32(): number {
		return this.view.getFloat32(this.need(4), true);
	}

	varint(): number {
		let value = 0;
		let scale = 1;
		for (let k = 0; k < MAX_VARINT_BYTES; k++) {
			const byte = this.bytes[this.need(1)]!;
			value += (byte & 0x7f) * scale;
			if (byte < 0x80) {
				if (value > Number.MAX_SAFE_INTEGER) break;
				return value;
			}
			scale *= 0x80;
		}
		throw new LapChannelsDecodeError("corrupt", "canais: número de tamanho variável inválido");
	}
}
