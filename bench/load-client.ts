import { Agent, request } from "node:http";

/**
 * The load driver's HTTP client: node:http over kept-alive connections, the body counted as it
 * comes over the wire and not decoded. The driver shares the machine's two cores with the servers
 * it measures; `fetch` spent about 1 ms of CPU per request here (most of it decompressing the
 * brotli answers), a third of what the two instances spent serving them.
 */
const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

export interface LoadRequest {
	method?: string;
	headers?: Record<string, string>;
	body?: Uint8Array;
}

export interface LoadAnswer {
	status: number;
	/** Bytes of the body as sent (compressed when the server compressed it). */
	wireBytes: number;
}

/**
 * One request. A kept-alive connection the server closed just as it was reused (its idle timeout)
 * fails before the server read anything: sent again once on a new connection, as browsers do.
 */
export async function send(url: string, init: LoadRequest = {}): Promise<LoadAnswer> {
	try {
		return await sendOnce(url, init);
	} catch (error) {
		if (!(error instanceof ClosedWhileIdleError)) throw error;
		return sendOnce(url, init);
	}
}

class ClosedWhileIdleError extends Error {}

function sendOnce(url: string, init: LoadRequest): Promise<LoadAnswer> {
	return new Promise((resolve, reject) => {
		const headers = { ...init.headers };
		if (init.body) headers["content-length"] = String(init.body.byteLength);
		const req = request(url, { method: init.method ?? "GET", headers, agent }, (res) => {
			let wireBytes = 0;
			res.on("data", (chunk: Buffer) => {
				wireBytes += chunk.length;
			});
			res.on("end", () => resolve({ status: res.statusCode ?? 0, wireBytes }));
			res.on("error", reject);
		});
		req.on("error", (error: NodeJS.ErrnoException) => {
			const idleClose = req.reusedSocket && (error.code === "ECONNRESET" || error.code === "EPIPE");
			reject(idleClose ? new ClosedWhileIdleError(error.message) : error);
		});
		req.end(init.body);
	});
}

/** Closes the kept-alive connections, so the servers can stop at once. */
export function closeConnections(): void {
	agent.destroy();
}
