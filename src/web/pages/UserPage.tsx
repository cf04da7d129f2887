import { useState } from "react";
import { useCurrentUser, useSessionTree } from "../api/hooks";
import { Page } from "../components/layout/Page";
import { PathViewer } from "../components/session/PathViewer";
import { SessionTreeView, type TreeSelection } from "../components/session/SessionTree";
import { EmptyState, ErrorState, SkeletonLines } from "../components/ui/States";
import { formatDateLabel, formatLapTime } from "../lib/format";
import "./user.css";

function describeSelection(
	tracks: {
		track: string;
		dates: { sessionId: string; folder: string; laps: { number: number; timeMs: number }[] }[];
	}[],
	selection: TreeSelection,
): string {
	for (const track of tracks) {
		const date = track.dates.find((d) => d.sessionId === selection.sessionId);
		if (!date) continue;
		const where = `${track.track}, ${formatDateLabel(date.folder)}`;
		if (selection.kind === "session") return `Sessão inteira — ${where}`;
		const lap = date.laps.find((l) => l.number === selection.lap);
		return `Volta ${selection.lap}${lap ? ` (${formatLapTime(lap.timeMs)})` : ""} — ${where}`;
	}
	return "Traçado";
}

/** Home: the rider's sessions as a tree and the chosen lap's path on the canvas. */
export default function UserPage() {
	const user = useCurrentUser();
	const tree = useSessionTree();
	const [openTrack, setOpenTrack] = useState<string | null>(null);
	const [openSession, setOpenSession] = useState<string | null>(null);
	const [selection, setSelection] = useState<TreeSelection | null>(null);
	const tracks = tree.data?.tracks ?? [];
	const title = selection ? describeSelection(tracks, selection) : "";

	return (
		<Page title="Minhas sessões" wide>
			<div className="user-grid">
				<section className="card user-tree" aria-labelledby="user-tree-title">
					<h2 id="user-tree-title">Pistas</h2>
					{tree.isPending ? <SkeletonLines lines={5} label="Carregando suas sessões…" /> : null}
					{tree.isError ? (
						<ErrorState
							what="Não foi possível carregar suas sessões."
							error={tree.error}
							onRetry={() => void tree.refetch()}
						/>
					) : null}
					{tree.data && tracks.length === 0 ? (
						<EmptyState
							text={
								user?.hardwareId
									? "Nenhuma sessão gravada ainda. Quando o logger enviar uma sessão, ela aparece aqui."
									: "Você ainda não tem um logger. Fale com seu vendedor."
							}
						/>
					) : null}
					{tracks.length > 0 ? (
						<SessionTreeView
							tracks={tracks}
							openTrack={openTrack}
							openSession={openSession}
							selection={selection}
							onToggleTrack={(track) => {
								setOpenTrack((open) => (open === track ? null : track));
								setOpenSession(null);
							}}
							onToggleSession={(id) => setOpenSession((open) => (open === id ? null : id))}
							onSelect={setSelection}
						/>
					) : null}
				</section>
				<section className="card user-viewer" aria-labelledby="user-viewer-title">
					<h2 id="user-viewer-title">{selection ? title : "Traçado"}</h2>
					{selection ? (
						<PathViewer selection={selection} title={title} />
					) : (
						<EmptyState text="Abra uma pista e uma data e clique numa volta para ver o traçado." />
					)}
				</section>
			</div>
		</Page>
	);
}
