import { Link } from "react-router";
import type { TrackView } from "../../../shared/api/tracks";
import { useAdminTracks } from "../../api/timing-hooks";
import { EmptyState, ErrorState, SkeletonLines } from "../../components/ui/States";

const LINES_SOURCE: Record<NonNullable<TrackView["linesSource"]>, string> = {
	admin: "posicionada por admin",
	lap_counter: "do contador de voltas do logger",
	file: "das marcas do arquivo importado",
};

export function linesText(track: TrackView): string {
	if (!track.startFinish) return "sem linha de chegada";
	const sectors =
		track.sectors.length === 0
			? ""
			: track.sectors.length === 1
				? " · 1 setor"
				: ` · ${track.sectors.length} setores`;
	return `linha de chegada ${track.linesSource ? LINES_SOURCE[track.linesSource] : ""}${sectors}`;
}

/** "Pistas" on /adm: every track, its lines and sessions, each one tap from its editor. */
export function TracksPanel() {
	const tracks = useAdminTracks();
	return (
		<section className="card" aria-labelledby="adm-tracks-title" data-testid="adm-tracks">
			<h2 id="adm-tracks-title">Pistas</h2>
			{tracks.isPending ? <SkeletonLines lines={3} label="Carregando as pistas…" /> : null}
			{tracks.isError ? (
				<ErrorState
					what="Não foi possível carregar as pistas."
					error={tracks.error}
					onRetry={() => void tracks.refetch()}
				/>
			) : null}
			{tracks.data && tracks.data.tracks.length === 0 ? (
				<EmptyState text="Nenhuma pista ainda. Elas aparecem com as sessões gravadas ou importadas." />
			) : null}
			{tracks.data && tracks.data.tracks.length > 0 ? (
				<ul className="track-list">
					{tracks.data.tracks.map((track) => (
						<li key={track.id} className="track-list__row" data-testid="adm-track">
							<div className="track-list__what">
								<strong>{track.name}</strong>
								<span className="track-list__facts">
									{linesText(track)}
									{track.lengthM ? ` · ${Math.round(track.lengthM)} m` : ""} ·{" "}
									{track.sessionCount === 1 ? "1 sessão" : `${track.sessionCount} sessões`}
								</span>
							</div>
							<Link
								className="btn btn--small"
								to={`/adm/pistas/${track.id}`}
								aria-label={`Editar a pista ${track.name}`}
							>
								Editar
							</Link>
						</li>
					))}
				</ul>
			) : null}
		</section>
	);
}
