import { useState } from "react";
import type { SessionDetail } from "../../api/hooks";
import { reportCounts, reportCountsText } from "../../lib/import-queue";
import { sourceText } from "../../lib/source-labels";
import { Dialog } from "../ui/Dialog";
import { ImportReport } from "./ImportReport";
import "./import.css";

/**
 * Where an imported session came from (its file, format and device) with its import report one
 * tap away. Nothing for a logger's session: its health notice covers its files.
 */
export function SessionSourceLine({ detail }: { detail: SessionDetail }) {
	const [open, setOpen] = useState(false);
	const { source } = detail.session;
	if (source.format === "six") return null;
	const counts = reportCounts(detail.report);
	return (
		<div className="session-source" data-testid="session-source">
			<p className="session-source__text">
				Importada de{" "}
				<strong className="session-source__file">{source.fileName ?? "arquivo"}</strong> ·{" "}
				{sourceText(source)} · {reportCountsText(counts).toLowerCase()}
			</p>
			<button type="button" className="btn btn--small" onClick={() => setOpen(true)}>
				Relatório da importação
			</button>
			<Dialog
				open={open}
				title={`Relatório de ${source.fileName ?? "importação"}`}
				onClose={() => setOpen(false)}
				testId="import-report-dialog"
			>
				<ImportReport report={detail.report} />
			</Dialog>
		</div>
	);
}
