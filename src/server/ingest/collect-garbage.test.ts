import { afterEach, expect, it, vi } from "vitest";
import { collectGarbage } from "./collect-garbage";

afterEach(() => {
	vi.doUnmock("node:v8");
	vi.resetModules();
});

/** A fresh copy of the module (its hook not looked up yet), over a runtime whose flag setter is `setFlags`. */
async function collectGarbageOver(setFlags: (flags: string) => void) {
	vi.resetModules();
	vi.doMock("node:v8", async (importOriginal) => ({
		...(await importOriginal<typeof import("node:v8")>()),
		setFlagsFromString: setFlags,
	}));
	return (await import("./collect-garbage")).collectGarbage;
}

it("collects what nothing references any more, at once", async () => {
	let garbage: object | null = { bytes: new Uint8Array(1024) };
	const ref = new WeakRef(garbage);
	garbage = null;
	// A WeakRef holds its target until the current job ends.
	await new Promise((resolve) => setTimeout(resolve, 0));
	collectGarbage();
	expect(ref.deref()).toBeUndefined();
});

it("asks the runtime for its collector once, by the flag that exposes it", async () => {
	const setFlags = vi.fn<(flags: string) => void>();
	const collect = await collectGarbageOver(setFlags);
	collect();
	collect();
	expect(setFlags.mock.calls).toEqual([["--expose-gc"]]);
});

it("does nothing, and does not ask again, when the runtime refuses the collector", async () => {
	const setFlags = vi.fn<(flags: string) => void>(() => {
		throw new Error("flags are frozen");
	});
	const collect = await collectGarbageOver(setFlags);
	expect(() => {
		collect();
		collect();
	}).not.toThrow();
	expect(setFlags).toHaveBeenCalledTimes(1);
});
