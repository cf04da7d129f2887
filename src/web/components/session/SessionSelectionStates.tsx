import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { SessionTree } from "../../api/hooks";
import { formatIsoDate } from "../../lib/format";
import type { ResolvedSession, SessionEntry } from "../../lib/session-choice";
import { EmptyState, ErrorState, SkeletonLines } from "../ui/States";
import type { TreeDate } from "./use-session-selection";

/**
 * The same states on /user, /laps and /analytics while the rider's sessions load or when there
 * is nothing to show; `children` gets the session the address resolved to.
 */
export function SessionSelectionStates({
	tree,
	resolved,
	noSessionsText,
	children,
	path,
}: {
	tree: UseQueryResult<SessionTree>;
	resolved: ResolvedSession<TreeDate> | null;
	/** What to say when the rider has no session at all. */
	noSessionsText: string;
	/** This screen's path, for the link back to the most recent session. */
	path: string;
	children: (entry: SessionEntry<TreeDate>) => ReactNode;
}) {
	if (tree.isPending) return <SkeletonLines lines={6} label="Carregando suas sessões…" />;
	if (tree.isError) {
		return (
			<ErrorState
				what="Não foi possível carregar suas sessões."
				error={tree.error}
				onRetry={() => void tree.refetch()}
			/>
		);
	}
	if (!resolved || resolved.kind === "none") return <EmptyState text={noSessionsText} />;
	if (resolved.kind === "missing") {
		return (
			<div className="state state--error" role="alert">
				<span className="state__text">
					<strong>Sessão não encontrada.</strong> Não há sessão de {resolved.track}
					{resolved.date ? ` em ${formatIsoDate(resolved.date)}` : ""} entre as suas. O endereço
					pode estar errado, ou a sessão é de outra pessoa.
				</span>
				<Link className="btn btn--small" to={path}>
					Ver a mais recente
				</Link>
			</div>
		);
	}
	return <>{children(resolved.entry)}</>;
}
