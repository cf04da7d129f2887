import { expect, it } from "vitest";
import { collectGarbage } from "./collect-garbage";

it("collects what nothing references any more, at once", async () => {
	let garbage: object | null = { bytes: new Uint8Array(1024) };
	const ref = new WeakRef(garbage);
	garbage = null;
	// A WeakRef holds its target until the current job ends.
	await new Promise((resolve) => setTimeout(resolve, 0));
	collectGarbage();
	expect(ref.deref()).toBeUndefined();
});
