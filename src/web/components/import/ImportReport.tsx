import { reportCounts, reportCountsText } from "../../lib/import-queue";

export interface ImportReportEntry {
	file: string;
	line: number;
	kind: "rejected" | "notice";
	reason: string;
}

/** More entries than this are summed up, not listed: a broken file can have thousands. */
const LISTED = 200;

function EntryList({ entries, testId }: { entries: ImportReportEntry[]; testId: string }) {
	const shown = entries.slice(0, LISTED);
	return (
		<>
			<ul className="report__list" data-testid={testId}>
				{shown.map((entry, i) => (
					// biome-ignore lint/suspicious/noArrayIndexKey: the same line can carry two reasons.
					<li key={`${entry.line}:${i}`}>
						<span className="report__where num">
							{entry.line > 0 ? `Linha ${entry.line} de ${entry.file}:` : `${entry.file}:`}
						</span>{" "}
						{entry.reason}
					</li>
				))}
			</ul>
			{entries.length > LISTED ? (
				<p className="field__hint">e mais {entries.length - LISTED} entradas.</p>
			) : null}
		</>
	);
}

/**
 * An imported file's report: how many lines were refused and how many notices, then each with
 * its line and reason. `rejected` lines were not used; a `notice` is data accepted but set
 * aside (an unfinished lap, a stretch without fix).
 */
export function ImportReport({ report }: { report: readonly ImportReportEntry[] }) {
	const counts = reportCounts(report);
	const rejected = report.filter((e) => e.kind === "rejected");
	const notices = report.filter((e) => e.kind === "notice");
	return (
		<div className="report" data-testid="import-report">
			<p data-testid="import-report-counts">
				<strong>{reportCountsText(counts)}</strong>
			</p>
			{rejected.length > 0 ? (
				<>
					<h3>Linhas recusadas ({rejected.length})</h3>
					<p className="field__hint">Estas linhas não foram usadas; o resto do arquivo vale.</p>
					<EntryList entries={rejected} testId="import-report-rejected" />
				</>
			) : null}
			{notices.length > 0 ? (
				<>
					<h3>Observações ({notices.length})</h3>
					<p className="field__hint">
						Dados aceitos, mas deixados de lado (uma volta incompleta, um trecho sem sinal).
					</p>
					<EntryList entries={notices} testId="import-report-notices" />
				</>
			) : null}
			{report.length === 0 ? <p>Nenhum problema registrado neste arquivo.</p> : null}
		</div>
	);
}
