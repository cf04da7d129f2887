import type { IncomingMessage, Server, ServerOptions } from "node:http";
import type { FastifyServerOptions } from "fastify";
import type { HttpLimits } from "../config";

/**
 * The timeouts of Fastify and of Node's HTTP server. Node checks the headers and request
 * timeouts only every `connectionsCheckingInterval` (30 s by default), which would let a slow
 * client live far past them: the check runs at a third of the headers timeout instead.
 */
export function connectionTimeoutOptions(limits: HttpLimits): Pick<
	FastifyServerOptions,
	"connectionTimeout" | "keepAliveTimeout" | "requestTimeout"
> & {
	http: ServerOptions;
} {
	return {
		connectionTimeout: limits.idleTimeoutMs,
		keepAliveTimeout: limits.keepAliveTimeoutMs,
		requestTimeout: limits.requestTimeoutMs,
		http: {
			headersTimeout: limits.headersTimeoutMs,
			requestTimeout: limits.requestTimeoutMs,
			keepAliveTimeout: limits.keepAliveTimeoutMs,
			connectionsCheckingInterval: Math.max(50, Math.min(5_000, limits.headersTimeoutMs / 3)),
		},
	};
}

function hasBody(request: IncomingMessage): boolean {
	if (request.headers["transfer-encoding"] !== undefined) return true;
	const length = Number(request.headers["content-length"] ?? 0);
	return Number.isFinite(length) && length > 0;
}

/**
 * A body trickling in a few bytes at a time keeps a connection "active" for the idle timeout:
 * each window it must bring at least `bodyMinBytesPerSecond`, or the connection is cut. A window
 * in which body bytes were waiting for the server (it was the slow one) does not count.
 */
function watchBodyRate(request: IncomingMessage, limits: HttpLimits): void {
	if (!hasBody(request) || request.complete) return;
	const socket = request.socket;
	const minimum = (limits.bodyMinBytesPerSecond * limits.bodyRateWindowMs) / 1000;
	let readBefore = socket.bytesRead;
	const timer = setInterval(() => {
		if (request.complete || request.destroyed) return clearInterval(timer);
		const arrived = socket.bytesRead - readBefore;
		readBefore = socket.bytesRead;
		const serverBehind = request.readableFlowing === false || request.readableLength > 0;
		if (!serverBehind && arrived < minimum) {
			clearInterval(timer);
			socket.destroy();
		}
	}, limits.bodyRateWindowMs);
	timer.unref();
	const stop = () => clearInterval(timer);
	request.once("end", stop);
	request.once("close", stop);
}

/**
 * The idle timeout (`idleTimeoutMs`) is meant for a client that stops sending. Once an upload's
 * body is all in, the silence is the server's: storing the file, then waiting for its ingest,
 * can outlast it under load (24 uploads of 63 MB at once), and Node would cut the socket with
 * the file already recorded, so the logger never sees its answer and sends it all again. Lifted
 * from here to the answer; Node sets it again for the next request on the connection.
 */
export function liftIdleTimeout(request: IncomingMessage): void {
	// A request made with `inject` has a stand-in socket without timers.
	const socket = request.socket as Partial<IncomingMessage["socket"]> | undefined;
	if (typeof socket?.setTimeout === "function") socket.setTimeout(0);
}

/** The connection cap and the body rate watch, on the app's HTTP server. */
export function guardConnections(server: Server, limits: HttpLimits): void {
	server.maxConnections = limits.maxConnections;
	server.on("request", (request: IncomingMessage) => watchBodyRate(request, limits));
}
