/** pt-BR text output shared by the commands: number formats, aligned tables, the report. */
import type { ImportIssue } from "../../domain/recording/types";

export const decimal = (digits: number) =>
	new Intl.NumberFormat("pt-BR", { minimumFractionDigits: digits, maximumFractionDigits: digits });
export const oneDecimal = decimal(1);
export const threeDecimals = decimal(3);

export const orDash = (v: number | null, format: (v: number) => string) =>
	v === null ? "—" : format(v);

/** Signed seconds with milliseconds, `+0,512 s` / `−1,204 s`. */
export function signedSeconds(ms: number): string {
	const whole = Math.round(ms);
	const text = threeDecimals.format(Math.abs(whole) / 1000);
	return `${whole < 0 ? "−" : "+"}${text} s`;
}

/** Columns padded to their widest cell, two spaces apart; the first row is the header. */
export function table(rows: string[][]): string {
	const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? "").length)));
	return rows
		.map((r) =>
			r
				.map((cell, c) => cell.padEnd(widths[c]!))
				.join("  ")
				.trimEnd(),
		)
		.join("\n");
}

/** The report's lines, rejected lines and notices apart. */
export function formatReport(report: readonly ImportIssue[]): string[] {
	if (report.length === 0) return ["Relatório: nenhuma linha rejeitada."];
	const rejected = report.filter((r) => r.kind === "rejected").length;
	const out = [`Relatório (${report.length}; ${rejected} linha(s) rejeitada(s)):`];
	for (const issue of report) {
		const kind = issue.kind === "rejected" ? "rejeitada" : "aviso";
		out.push(`  ${issue.file}, linha ${issue.line} (${kind}): ${issue.reason}`);
	}
	return out;
}
