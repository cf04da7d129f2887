import { useCurrentUser, useSession } from "../api/hooks";
import { Page } from "../components/layout/Page";
import { LapTable } from "../components/session/LapTable";
import { SessionHealthNotice } from "../components/session/SessionHealthNotice";
import { SessionPicker } from "../components/session/SessionPicker";
import { SessionSelectionStates } from "../components/session/SessionSelectionStates";
import {
	selectionOf,
	type TreeDate,
	useSessionSelection,
} from "../components/session/use-session-selection";
import { EmptyState, ErrorState, SkeletonLines } from "../components/ui/States";
import { formatDateLabel, formatLapTime, loggerLabel } from "../lib/format";
import { SCREEN_NAMES } from "../lib/menu";
import { selectionHref } from "../lib/selection-url";
import type { SessionEntry } from "../lib/session-choice";
import "./laps.css";

/** The laps of one session; its heading comes from the loaded data, never from the selects. */
function SessionLaps({ entry, lap }: { entry: SessionEntry<TreeDate>; lap: number | null }) {
	const session = useSession(entry.date.sessionId);
	if (session.isPending) return <SkeletonLines lines={8} label="Carregando as voltas…" />;
	if (session.isError) {
		return (
			<ErrorState
				what="Não foi possível carregar as voltas."
				error={session.error}
				onRetry={() => void session.refetch()}
			/>
		);
	}
	const { session: info, laps, summary } = session.data;
	const best = summary?.bestLap ?? null;
	return (
		<section aria-labelledby="laps-session-title">
			<h2 id="laps-session-title" className="session-title" data-testid="session-title">
				{info.track} · {formatDateLabel(info.folder)}
				<span className="session-title__meta">
					{laps.length === 1 ? "1 volta" : `${laps.length} voltas`}
					{best ? ` · melhor ${formatLapTime(best.timeMs)} (volta ${best.number})` : ""}
				</span>
			</h2>
			<SessionHealthNotice date={entry.date} />
			{laps.length === 0 ? (
				<EmptyState
					text={
						entry.date.status === "failed"
							? "Não há voltas para mostrar nesta sessão."
							: "Esta sessão ainda não tem voltas: o lap.six não chegou."
					}
				/>
			) : (
				<LapTable
					laps={laps}
					selectedLap={lap}
					lapHref={(n) => selectionHref("/analytics", selectionOf(entry.track, entry.date, n))}
				/>
			)}
		</section>
	);
}

/** "Seleção de Laps": the session in the address (the most recent by default) and its laps. */
export default function LapsPage() {
	const user = useCurrentUser();
	const { tree, url, resolved, select } = useSessionSelection((r, u) =>
		r.kind === "session" && !r.chosen ? selectionOf(r.entry.track, r.entry.date, u.lap) : null,
	);
	const entry = resolved?.kind === "session" ? resolved.entry : null;
	const session = useSession(entry?.date.sessionId ?? null);

	return (
		<Page
			title="Seleção de Laps"
			subtitle={loggerLabel(user?.hardwareId)}
			documentTitle={SCREEN_NAMES.laps}
			wide
		>
			{tree.data && tree.data.tracks.length > 0 ? (
				<SessionPicker
					tracks={tree.data.tracks}
					track={entry?.track ?? url.track}
					date={entry?.date.date ?? url.date}
					onChoose={(track, date) => select({ track, date, lap: null })}
					onReload={() => {
						void tree.refetch();
						if (entry) void session.refetch();
					}}
					reloading={tree.isFetching || session.isFetching}
				/>
			) : null}
			<SessionSelectionStates
				tree={tree}
				resolved={resolved}
				path="/laps"
				noSessionsText="Selecione pista e data. Ainda não há sessões gravadas: quando o logger enviar uma, ela aparece aqui."
			>
				{(found) => <SessionLaps key={found.date.sessionId} entry={found} lap={url.lap} />}
			</SessionSelectionStates>
		</Page>
	);
}
