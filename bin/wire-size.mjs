#!/usr/bin/env node
// Bytes on the wire of the web client, as a browser that accepts brotli and gzip gets them from
// a running server: the first visit of /login (the page and what it links) and every JS/CSS file
// of the build. Usage: node bin/wire-size.mjs [http://127.0.0.1:3000]
import { readdirSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { root } from "./run-ts.mjs";

const base = process.argv[2] ?? "http://127.0.0.1:3000";

function get(path) {
	return new Promise((resolve, reject) => {
		const req = request(
			new URL(path, base),
			{ headers: { "accept-encoding": "br, gzip" } },
			(res) => {
				const chunks = [];
				res.on("data", (c) => chunks.push(c));
				res.on("end", () => {
					const wire = Buffer.concat(chunks);
					const encoding = res.headers["content-encoding"] ?? "identity";
					const body =
						encoding === "br"
							? brotliDecompressSync(wire)
							: encoding === "gzip"
								? gunzipSync(wire)
								: wire;
					resolve({ bytes: wire.length, encoding, body });
				});
			},
		);
		req.on("error", reject);
		req.end();
	});
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const page = await get("/login");
const refs = [...page.body.toString().matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map(
	(m) => m[1],
);
let firstVisit = page.bytes;
console.log(`/login ${kb(page.bytes)} (${page.encoding})`);
for (const ref of refs) {
	const file = await get(ref);
	firstVisit += file.bytes;
	console.log(`${ref} ${kb(file.bytes)} (${file.encoding}; ${kb(file.body.length)} uncompressed)`);
}
let all = 0;
let raw = 0;
for (const name of readdirSync(join(root, "dist/web/assets"))) {
	if (!/\.(js|css)$/.test(name)) continue;
	const file = await get(`/assets/${name}`);
	all += file.bytes;
	raw += file.body.length;
}
console.log(`first visit of /login: ${kb(firstVisit)} on the wire`);
console.log(`every JS/CSS file of the build: ${kb(all)} on the wire (${kb(raw)} uncompressed)`);
