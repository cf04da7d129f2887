import type { ImportIssue } from "../recording/types";

/**
 * Entries an import report keeps. A garbage file can have millions of bad lines: past this
 * the report counts them and ends with one entry per kind saying how many were left out, so
 * a consumer can still count every rejected line.
 */
export const MAX_REPORT_ENTRIES = 2000;

/** Collects an import's report entries for one file. */
export class ImportReport {
	private readonly entries: ImportIssue[] = [];
	private omittedRejected = 0;
	private omittedNotices = 0;
	/** Lines rejected so far, listed or not. */
	rejectedCount = 0;
	/** Notices so far, listed or not. */
	noticeCount = 0;

	constructor(
		readonly file: string,
		private readonly max = MAX_REPORT_ENTRIES,
	) {}

	/** A line (or part of one) that was not used. */
	reject(line: number, reason: string): void {
		this.rejectedCount++;
		if (this.entries.length >= this.max) {
			this.omittedRejected++;
			return;
		}
		this.entries.push({ file: this.file, line, kind: "rejected", reason });
	}

	/** Accepted data set aside, or a choice the importer made. */
	notice(line: number, reason: string): void {
		this.noticeCount++;
		if (this.entries.length >= this.max) {
			this.omittedNotices++;
			return;
		}
		this.entries.push({ file: this.file, line, kind: "notice", reason });
	}

	/** Whether more entries would only be counted (callers may skip building reasons). */
	get full(): boolean {
		return this.entries.length >= this.max;
	}

	/** The entries by line (whole-file entries, line 0, first), then the counts left out. */
	finish(): ImportIssue[] {
		const sorted = this.entries
			.map((entry, order) => ({ entry, order }))
			.sort((a, b) => a.entry.line - b.entry.line || a.order - b.order)
			.map((x) => x.entry);
		if (this.omittedRejected > 0) {
			sorted.push({
				file: this.file,
				line: 0,
				kind: "rejected",
				reason: `mais ${this.omittedRejected} linhas rejeitadas não listadas`,
			});
		}
		if (this.omittedNotices > 0) {
			sorted.push({
				file: this.file,
				line: 0,
				kind: "notice",
				reason: `mais ${this.omittedNotices} avisos não listados`,
			});
		}
		return sorted;
	}
}

/** "3, 7, 12, … e mais 40": the first line numbers of a list. */
export function listLines(lines: readonly number[], shown = 10): string {
	const head = lines.slice(0, shown).join(", ");
	return lines.length > shown ? `${head}, … e mais ${lines.length - shown}` : head;
}
