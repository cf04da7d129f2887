import { useState } from "react";
import { useSession } from "../../api/hooks";
import {
	failureIssue,
	type ReadableIssue,
	readableIssue,
	sessionHealth,
} from "../../lib/session-health";
import { Dialog } from "../ui/Dialog";
import { ErrorState, LoadingState } from "../ui/States";
import type { TreeDate } from "./use-session-selection";

function IssueList({ issues, testId }: { issues: ReadableIssue[]; testId: string }) {
	return (
		<ul className="report__list" data-testid={testId}>
			{issues.map((issue) => (
				<li key={`${issue.file}:${issue.line}:${issue.text}`}>
					<span className="report__where num">
						Linha {issue.line} do {issue.file}:
					</span>{" "}
					{issue.text}
				</li>
			))}
		</ul>
	);
}

/** The session's report in plain words: ignored lines by file, then notes about laps. */
function SessionReport({ sessionId, error }: { sessionId: string; error: string | null }) {
	const session = useSession(sessionId);
	if (session.isPending) return <LoadingState text="Carregando o relatório…" />;
	if (session.isError) {
		return (
			<ErrorState
				what="Não foi possível carregar o relatório."
				error={session.error}
				onRetry={() => void session.refetch()}
			/>
		);
	}
	const issues = session.data.report.map(readableIssue);
	const failure = error ? failureIssue(error) : null;
	const ignored = issues.filter((i) => !i.note);
	const notes = issues.filter((i) => i.note);
	return (
		<div className="report" data-testid="session-report">
			{failure ? (
				<>
					<h3>Último envio, que não pôde ser lido</h3>
					<IssueList issues={[failure]} testId="report-failure" />
				</>
			) : null}
			{ignored.length > 0 ? (
				<>
					<h3>Linhas ignoradas</h3>
					<p className="field__hint">
						O logger gravou estas linhas com defeito (sem sinal de GPS, cortadas por falta de
						energia…). Elas ficam de fora; o resto da sessão vale.
					</p>
					<IssueList issues={ignored} testId="report-ignored" />
				</>
			) : null}
			{notes.length > 0 ? (
				<>
					<h3>Observações sobre as voltas</h3>
					<IssueList issues={notes} testId="report-notes" />
				</>
			) : null}
			{!failure && ignored.length === 0 && notes.length === 0 ? (
				<p>Nenhum problema registrado nesta sessão.</p>
			) : null}
		</div>
	);
}

/**
 * What a rider must know about the session on screen: lines that were left out, a newer upload
 * that could not be read, files still being read, or a session that could not be read at all;
 * with the report one tap away. Nothing for a clean session.
 */
export function SessionHealthNotice({ date }: { date: TreeDate }) {
	const [open, setOpen] = useState(false);
	const health = sessionHealth(date);
	if (health.level === "ok") return null;
	const className =
		health.level === "broken"
			? "notice notice--error"
			: health.level === "pending"
				? "notice notice--info"
				: "notice";
	return (
		<div className={className} role="status" data-testid="session-health">
			<p className="notice__text">
				{health.level === "broken" ? <strong>Esta sessão não pôde ser lida. </strong> : null}
				{health.text}
			</p>
			{health.level !== "pending" ? (
				<button type="button" className="btn btn--small" onClick={() => setOpen(true)}>
					Ver relatório
				</button>
			) : null}
			<Dialog
				open={open}
				title="Relatório da sessão"
				onClose={() => setOpen(false)}
				testId="session-report-dialog"
			>
				<SessionReport sessionId={date.sessionId} error={date.error} />
			</Dialog>
		</div>
	);
}
