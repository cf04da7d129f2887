import type { FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { chooseEncoding, ifNoneMatchHits } from "./answer-encoding";
import type { EncodedBodyCache } from "./encoded-body-cache";

/**
 * Sends a JSON answer kept in `cache` for `group` at `stamp` (see EncodedBodyCache), in the
 * encoding the client accepts, with an entity tag of the stamp: a client that sends it back in
 * If-None-Match gets 304 without a body. `build` reads the data with the stamp it belongs to
 * (called on a miss only); `schema` checks what it built, as the route's serialiser would.
 * Call only after the access check: the answer is the same for every reader.
 */
export async function sendCachedJson<S extends z.ZodType>(
	request: FastifyRequest,
	reply: FastifyReply,
	answer: {
		cache: EncodedBodyCache;
		group: string;
		stamp: string;
		schema: S;
		build: () => Promise<{ stamp: string; value: z.input<S> }>;
	},
): Promise<FastifyReply> {
	// Private data, checked again on every use (a new version may be stored at any time).
	reply.header("cache-control", "private, no-cache").header("vary", "accept-encoding");
	const etag = entityTag(answer.stamp);
	if (ifNoneMatchHits(request.headers["if-none-match"], etag)) {
		return reply.code(304).header("etag", etag).send();
	}
	const encoded = await answer.cache.get(
		answer.group,
		answer.stamp,
		chooseEncoding(request.headers["accept-encoding"]),
		async () => {
			const built = await answer.build();
			const checked = answer.schema.parse(built.value);
			return { stamp: built.stamp, body: Buffer.from(JSON.stringify(checked)) };
		},
	);
	reply.header("etag", entityTag(encoded.stamp)).type("application/json; charset=utf-8");
	if (encoded.encoding !== "identity") reply.header("content-encoding", encoded.encoding);
	return reply.send(encoded.body);
}

/** Weak: the same answer goes out brotli-, gzip- or not compressed under one tag. */
function entityTag(stamp: string): string {
	return `W/"${stamp}"`;
}
