import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { type Chunk, chunk, useChunk } from "./chunk";

function deferred<T>() {
	let resolve!: (value: T) => void;
	let reject!: (error: unknown) => void;
	const promise = new Promise<T>((ok, fail) => {
		resolve = ok;
		reject = fail;
	});
	return { promise, resolve, reject };
}

describe("chunk", () => {
	it("imports once however often it is asked, and holds the module once it arrived", async () => {
		const gate = deferred<{ name: string }>();
		let imports = 0;
		const source = chunk(() => {
			imports++;
			return gate.promise;
		});
		expect(source.loaded()).toBeUndefined();
		const first = source.load();
		const second = source.load();
		expect(imports).toBe(1);
		expect(source.loaded()).toBeUndefined();
		gate.resolve({ name: "comparação" });
		await expect(first).resolves.toEqual({ name: "comparação" });
		await expect(second).resolves.toEqual({ name: "comparação" });
		expect(source.loaded()).toEqual({ name: "comparação" });
		await source.load();
		expect(imports).toBe(1);
	});

	it("tries the import again after a failure", async () => {
		let imports = 0;
		const source = chunk(async () => {
			imports++;
			if (imports === 1) throw new TypeError("Failed to fetch dynamically imported module");
			return { name: "ok" };
		});
		await expect(source.load()).rejects.toThrow("Failed to fetch");
		expect(source.loaded()).toBeUndefined();
		await expect(source.load()).resolves.toEqual({ name: "ok" });
		expect(imports).toBe(2);
	});
});

describe("useChunk", () => {
	function Probe({ source }: { source: Chunk<{ text: string }> }) {
		const state = useChunk(source);
		return createElement("p", null, state.kind === "ready" ? state.module.text : state.kind);
	}

	it("renders a loaded chunk's module in the first render, with no suspending", async () => {
		const source = chunk(async () => ({ text: "pronto" }));
		await source.load();
		expect(renderToString(createElement(Probe, { source }))).toBe("<p>pronto</p>");
	});

	it("says loading while the chunk is on its way", () => {
		const source = chunk(() => new Promise<{ text: string }>(() => {}));
		expect(renderToString(createElement(Probe, { source }))).toBe("<p>loading</p>");
	});
});
