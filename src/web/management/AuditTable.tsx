import { type ReactNode, useId, useMemo } from "react";
import { EmptyState, ErrorState, LoadingState } from "../components/ui/States";
import { auditActionText, auditActorText, auditTargetText } from "./labels";
import { useAdminAudit, useAdminUsers } from "./queries";
import { formatAbsoluteTime } from "./relative-time";

export const AUDIT_LIMIT = 15;

/** The latest management changes: who did what, to whom, when. */
export function AuditTable() {
	const headingId = useId();
	const audit = useAdminAudit(AUDIT_LIMIT);
	const users = useAdminUsers();
	const emailOf = useMemo(() => {
		const byId = new Map((users.data ?? []).map((user) => [user.id, user.email]));
		return (id: string) => byId.get(id);
	}, [users.data]);

	let body: ReactNode;
	if (audit.isLoading) body = <LoadingState />;
	else if (audit.error)
		body = (
			<ErrorState
				what="Não foi possível carregar as alterações."
				error={audit.error}
				onRetry={() => void audit.refetch()}
			/>
		);
	else if (!audit.data || audit.data.length === 0)
		body = <EmptyState text="Nenhuma alteração registrada." />;
	else
		body = (
			<div className="data-table">
				{/* biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll box must be reachable by keyboard to scroll it. */}
				<section className="table-wrap" tabIndex={0} aria-labelledby={headingId}>
					<table className="table mg-table mg-table--wrap" data-testid="audit-table">
						<thead>
							<tr>
								<th scope="col">Quando</th>
								<th scope="col">Quem</th>
								<th scope="col">O quê</th>
								<th scope="col">Para quem</th>
							</tr>
						</thead>
						<tbody>
							{audit.data.map((entry) => (
								<tr key={entry.id}>
									<td className="mg-nowrap num" data-label="Quando">
										{formatAbsoluteTime(entry.at)}
									</td>
									<td data-label="Quem">{auditActorText(entry.actorLabel)}</td>
									<td data-label="O quê">{auditActionText(entry.action)}</td>
									<td data-label="Para quem">{auditTargetText(entry, emailOf)}</td>
								</tr>
							))}
						</tbody>
					</table>
				</section>
			</div>
		);

	return (
		<section className="card" aria-labelledby={headingId}>
			<h2 id={headingId}>Últimas alterações</h2>
			{body}
		</section>
	);
}
