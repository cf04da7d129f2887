import { connect, type Socket } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createListeningContext } from "../test/test-browser";

/**
 * Slow and silent clients against the real server over real sockets, with short limits so the
 * test is quick: each kind of client must be cut off within its limit (plus the check period).
 */
const LIMITS = {
	HTTP_HEADERS_TIMEOUT_MS: "900",
	HTTP_REQUEST_TIMEOUT_MS: "6000",
	HTTP_KEEP_ALIVE_TIMEOUT_MS: "500",
	HTTP_IDLE_TIMEOUT_MS: "3000",
	HTTP_BODY_MIN_BYTES_PER_SECOND: "200",
	HTTP_BODY_RATE_WINDOW_MS: "700",
	HTTP_MAX_CONNECTIONS: "6",
};

describe("slow clients cannot hold the server", () => {
	let ctx: Awaited<ReturnType<typeof createListeningContext>>;
	let port: number;
	const sockets: Socket[] = [];
	const timers: NodeJS.Timeout[] = [];

	beforeAll(async () => {
		ctx = await createListeningContext(LIMITS);
		port = Number(new URL(ctx.baseUrl).port);
	}, 90_000);
	afterEach(() => {
		for (const timer of timers.splice(0)) clearInterval(timer);
		for (const socket of sockets.splice(0)) socket.destroy();
	});
	afterAll(() => ctx?.close());

	async function open(): Promise<Socket> {
		const socket = connect(port, "127.0.0.1");
		sockets.push(socket);
		socket.on("error", () => {});
		socket.on("data", () => {});
		await new Promise<void>((resolve, reject) => {
			socket.once("connect", resolve);
			socket.once("error", reject);
		});
		return socket;
	}

	/** Resolves when the server closes the socket; fails after `limitMs`. */
	function closedWithin(socket: Socket, limitMs: number): Promise<void> {
		return new Promise((resolve, reject) => {
			const timer = setTimeout(() => reject(new Error(`still open after ${limitMs} ms`)), limitMs);
			socket.once("close", () => {
				clearTimeout(timer);
				resolve();
			});
		});
	}

	/** Writes `chunk` every `everyMs` until the socket closes. */
	function trickle(socket: Socket, everyMs: number, chunk: () => string) {
		const timer = setInterval(() => {
			if (!socket.destroyed) socket.write(chunk());
		}, everyMs);
		timers.push(timer);
	}

	async function healthy(): Promise<boolean> {
		try {
			return (await fetch(`${ctx.baseUrl}/healthz`)).status === 200;
		} catch {
			return false;
		}
	}

	it("closes a connection that sends nothing, within the headers timeout", async () => {
		const socket = await open();
		await closedWithin(socket, 2000);
	});

	it("closes a connection whose headers arrive a line at a time (slowloris)", async () => {
		const socket = await open();
		socket.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\n");
		let n = 0;
		// Faster than the idle timeout, so only the headers timeout can end it.
		trickle(socket, 200, () => {
			n += 1;
			return `X-Slow-${n}: y\r\n`;
		});
		await closedWithin(socket, 2000);
	});

	it("closes a connection whose body trickles in below the minimum rate", async () => {
		const socket = await open();
		socket.write(
			"POST /api/device/v1/heartbeat HTTP/1.1\r\nHost: localhost\r\n" +
				"Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n",
		);
		// 10 bytes every 100 ms: 100 bytes/s, active enough for the idle timeout.
		trickle(socket, 100, () => "x".repeat(10));
		await closedWithin(socket, 2000);
	});

	it("lets a body at a fair pace finish", async () => {
		const socket = await open();
		// Sign-out is public and reads its body before answering.
		const body = JSON.stringify({ pad: "p".repeat(1600) });
		socket.write(
			"POST /auth/logout HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n" +
				`Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
		);
		let answer = "";
		socket.on("data", (data: Buffer) => {
			answer += data.toString();
		});
		let sent = 0;
		// 100 bytes every 100 ms: 1000 bytes/s, five times the minimum, for over two windows.
		trickle(socket, 100, () => {
			const chunk = body.slice(sent, sent + 100);
			sent += chunk.length;
			return chunk;
		});
		await closedWithin(socket, 5000);
		expect(sent).toBe(body.length);
		expect(answer).toMatch(/^HTTP\/1\.1 204 /);
	});

	it("closes a kept-alive connection idle after its answer, before the idle timeout", async () => {
		const socket = await open();
		socket.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n");
		// Node adds up to a second to the keep-alive timeout.
		await closedWithin(socket, 2200);
	});

	it("refuses connections beyond the cap, and serves again once they are gone", async () => {
		const held = await Promise.all(Array.from({ length: 6 }, () => open()));
		const extra = await open();
		await closedWithin(extra, 1000);
		expect(await healthy()).toBe(false);
		for (const socket of held) socket.destroy();
		await new Promise((resolve) => setTimeout(resolve, 100));
		expect(await healthy()).toBe(true);
	});
});
