import { describe, expect, it } from "vitest";
import {
	formatBytes,
	type ImportItem,
	importQueueReducer,
	isRetryableStatus,
	nextToSend,
	percentSent,
	reportCounts,
	reportCountsText,
} from "./import-queue";

type Item = ImportItem<string>;
const reduce = importQueueReducer<string>;

function queue(...names: string[]): Item[] {
	return reduce([], { type: "add", items: names.map((name) => ({ id: name, name, size: 10 })) });
}

describe("import queue", () => {
	it("sends one file at a time, in the order chosen", () => {
		let items = queue("a", "b");
		expect(nextToSend(items)?.id).toBe("a");
		items = reduce(items, { type: "progress", id: "a", sent: 0, total: 10 });
		expect(nextToSend(items)).toBeNull();
		items = reduce(items, { type: "done", id: "a", result: "ok" });
		expect(nextToSend(items)?.id).toBe("b");
	});

	it("sends a failed file again only when asked", () => {
		let items = queue("a");
		items = reduce(items, { type: "progress", id: "a", sent: 5, total: 10 });
		items = reduce(items, { type: "failed", id: "a", message: "x", retryable: true });
		expect(nextToSend(items)).toBeNull();
		items = reduce(items, { type: "retry", id: "a" });
		expect(items[0]!.state).toEqual({ kind: "waiting" });
		expect(nextToSend(items)?.id).toBe("a");
	});

	it("ignores progress that arrives after the end", () => {
		let items = queue("a");
		items = reduce(items, { type: "done", id: "a", result: "ok" });
		items = reduce(items, { type: "progress", id: "a", sent: 10, total: 10 });
		expect(items[0]!.state).toEqual({ kind: "done", result: "ok" });
	});

	it("never drops a file that is going out; clears only finished ones", () => {
		let items = queue("a", "b", "c");
		items = reduce(items, { type: "progress", id: "a", sent: 1, total: 10 });
		items = reduce(items, { type: "remove", id: "a" });
		expect(items.map((i) => i.id)).toEqual(["a", "b", "c"]);
		items = reduce(items, { type: "failed", id: "b", message: "x", retryable: false });
		items = reduce(items, { type: "clearFinished" });
		expect(items.map((i) => i.id)).toEqual(["a", "c"]);
	});

	it("retries what the file did not cause", () => {
		expect([0, 408, 429, 500, 503, 507].every(isRetryableStatus)).toBe(true);
		expect([400, 401, 403, 404, 413].some(isRetryableStatus)).toBe(false);
	});

	it("tells percent, sizes and report counts in pt-BR", () => {
		expect(percentSent(0, 0)).toBe(100);
		expect(percentSent(1, 3)).toBe(33);
		expect(percentSent(5, 4)).toBe(100);
		expect(formatBytes(512)).toBe("512 B");
		expect(formatBytes(1536)).toBe("1,5 kB");
		expect(formatBytes(5 * 1024 * 1024)).toBe("5,0 MB");
		const counts = reportCounts([{ kind: "rejected" }, { kind: "notice" }, { kind: "rejected" }]);
		expect(counts).toEqual({ rejected: 2, notice: 1 });
		expect(reportCountsText(counts)).toBe("2 linhas recusadas · 1 observação");
		expect(reportCountsText({ rejected: 0, notice: 0 })).toBe(
			"Nenhuma linha recusada · nenhuma observação",
		);
	});
});
