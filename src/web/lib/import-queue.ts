/**
 * The files being imported, one entry each: waiting, sending (with how much has gone out),
 * done (with the server's answer) or failed (with why, and whether sending again can help).
 * Pure, so the screen only renders it and the rules are tested here.
 */

export type ImportItemState<R> =
	| { kind: "waiting" }
	| { kind: "sending"; sent: number; total: number }
	| { kind: "done"; result: R }
	| { kind: "failed"; message: string; retryable: boolean };

export interface ImportItem<R> {
	id: string;
	name: string;
	size: number;
	state: ImportItemState<R>;
}

export type ImportAction<R> =
	| { type: "add"; items: { id: string; name: string; size: number }[] }
	| { type: "progress"; id: string; sent: number; total: number }
	| { type: "done"; id: string; result: R }
	| { type: "failed"; id: string; message: string; retryable: boolean }
	| { type: "retry"; id: string }
	| { type: "remove"; id: string }
	| { type: "clearFinished" };

function update<R>(
	items: ImportItem<R>[],
	id: string,
	change: (item: ImportItem<R>) => ImportItem<R>,
): ImportItem<R>[] {
	return items.map((item) => (item.id === id ? change(item) : item));
}

export function importQueueReducer<R>(
	items: ImportItem<R>[],
	action: ImportAction<R>,
): ImportItem<R>[] {
	switch (action.type) {
		case "add":
			return [
				...items,
				...action.items.map((item) => ({ ...item, state: { kind: "waiting" } as const })),
			];
		case "progress":
			return update(items, action.id, (item) =>
				item.state.kind === "waiting" || item.state.kind === "sending"
					? { ...item, state: { kind: "sending", sent: action.sent, total: action.total } }
					: item,
			);
		case "done":
			return update(items, action.id, (item) => ({
				...item,
				state: { kind: "done", result: action.result },
			}));
		case "failed":
			return update(items, action.id, (item) => ({
				...item,
				state: { kind: "failed", message: action.message, retryable: action.retryable },
			}));
		case "retry":
			return update(items, action.id, (item) =>
				item.state.kind === "failed" ? { ...item, state: { kind: "waiting" } } : item,
			);
		case "remove":
			return items.filter((item) => item.id !== action.id || item.state.kind === "sending");
		case "clearFinished":
			return items.filter((item) => item.state.kind === "waiting" || item.state.kind === "sending");
	}
}

/** The next file to send: one at a time, in the order chosen, none while one is going out. */
export function nextToSend<R>(items: ImportItem<R>[]): ImportItem<R> | null {
	if (items.some((item) => item.state.kind === "sending")) return null;
	return items.find((item) => item.state.kind === "waiting") ?? null;
}

/** Whole percent sent, 0..100 (a file of 0 bytes is sent at once). */
export function percentSent(sent: number, total: number): number {
	if (!(total > 0)) return 100;
	return Math.max(0, Math.min(100, Math.floor((sent / total) * 100)));
}

/**
 * A failed send is worth retrying when nothing the file holds caused it: no answer, a server
 * error, too many imports a minute, a full disk. A file too big or unreadable fails again.
 */
export function isRetryableStatus(status: number): boolean {
	return status === 0 || status === 408 || status === 429 || status >= 500;
}

/** 1536 -> `1,5 kB`, 5_000_000 -> `4,8 MB`. */
export function formatBytes(bytes: number): string {
	const units = ["B", "kB", "MB", "GB"];
	let value = bytes;
	let unit = 0;
	while (value >= 1024 && unit < units.length - 1) {
		value /= 1024;
		unit++;
	}
	const digits = unit === 0 ? 0 : 1;
	return `${value.toLocaleString("pt-BR", { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${units[unit]}`;
}

export interface ReportCounts {
	rejected: number;
	notice: number;
}

export function reportCounts(report: readonly { kind: "rejected" | "notice" }[]): ReportCounts {
	let rejected = 0;
	let notice = 0;
	for (const entry of report) {
		if (entry.kind === "rejected") rejected++;
		else notice++;
	}
	return { rejected, notice };
}

/** "3 linhas recusadas · 1 observação" / "Nenhuma linha recusada". */
export function reportCountsText(counts: ReportCounts): string {
	const rejected =
		counts.rejected === 0
			? "nenhuma linha recusada"
			: counts.rejected === 1
				? "1 linha recusada"
				: `${counts.rejected} linhas recusadas`;
	const notice =
		counts.notice === 0
			? "nenhuma observação"
			: counts.notice === 1
				? "1 observação"
				: `${counts.notice} observações`;
	const text = `${rejected} · ${notice}`;
	return text.charAt(0).toUpperCase() + text.slice(1);
}
