import { useId } from "react";
import { useSearchParams } from "react-router";
import { type SessionDetail, useCurrentUser, useSession } from "../api/hooks";
import { SessionSourceLine } from "../components/import/SessionSourceLine";
import { Page } from "../components/layout/Page";
import { ExportMenu } from "../components/session/ExportMenu";
import { LapTable } from "../components/session/LapTable";
import { SessionHealthNotice } from "../components/session/SessionHealthNotice";
import { SessionPicker } from "../components/session/SessionPicker";
import { SessionSelectionStates } from "../components/session/SessionSelectionStates";
import { ShareLinks } from "../components/session/ShareLinks";
import {
	selectionOf,
	type TreeDate,
	useSessionSelection,
} from "../components/session/use-session-selection";
import { SessionTimingPanel } from "../components/timing/SessionTimingPanel";
import { EmptyState, ErrorState, SkeletonLines } from "../components/ui/States";
import { formatRef, parseRef, type RefChoice, readCompare, withCompare } from "../lib/compare-url";
import { formatDateLabel, formatLapTime, loggerLabel } from "../lib/format";
import { SCREEN_NAMES } from "../lib/menu";
import { selectionHref } from "../lib/selection-url";
import type { SessionEntry } from "../lib/session-choice";
import "./laps.css";
import { useGapReference } from "./laps/use-gap-reference";

/** "Diferença para:" the session's best (default), the personal best or a lap of the session. */
function GapChoice({
	detail,
	choice,
	label,
	onChoose,
}: {
	detail: SessionDetail;
	choice: RefChoice;
	label: string | null;
	onChoose: (choice: RefChoice) => void;
}) {
	const id = useId();
	const value = formatRef(choice) ?? "best";
	const listed =
		value === "best" || value === "pb" || detail.laps.some((l) => String(l.number) === value);
	return (
		<div className="picker__field laps-gap-choice">
			<label htmlFor={id}>Diferença para:</label>
			<select
				id={id}
				className="select"
				value={value}
				data-testid="gap-reference"
				onChange={(event) =>
					onChoose(parseRef(event.target.value === "best" ? null : event.target.value))
				}
			>
				<option value="best">Melhor volta da sessão</option>
				<option value="pb">Recorde pessoal na pista</option>
				{listed ? null : <option value={value}>{label ?? "Volta de outra sessão"}</option>}
				{detail.laps.map((l) => (
					<option key={l.number} value={String(l.number)}>
						Volta {l.number} — {formatLapTime(l.timeMs)}
					</option>
				))}
			</select>
		</div>
	);
}

/** The laps of one session; its heading comes from the loaded data, never from the selects. */
function SessionLaps({ entry, lap }: { entry: SessionEntry<TreeDate>; lap: number | null }) {
	const user = useCurrentUser();
	const session = useSession(entry.date.sessionId);
	const [params, setParams] = useSearchParams();
	const { ref } = readCompare(params);
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
			<SessionSourceLine detail={session.data} />
			<SessionTimingPanel detail={session.data} />
			{laps.length > 0 ? (
				<div className="session-actions">
					<ExportMenu target={{ sessionId: info.id }} lap={null} />
				</div>
			) : null}
			<ShareLinks sessionId={info.id} canCreate={user !== null && info.riderId === user.id} />
			{laps.length === 0 ? (
				<EmptyState
					text={
						entry.date.status === "failed"
							? "Não há voltas para mostrar nesta sessão."
							: "Esta sessão ainda não tem voltas: o lap.six não chegou."
					}
				/>
			) : (
				<LapsWithGaps
					detail={session.data}
					choice={ref}
					onChoose={(next) => setParams((current) => withRef(current, next))}
					selectedLap={lap}
					lapHref={(n) => selectionHref("/analytics", selectionOf(entry.track, entry.date, n))}
				/>
			)}
		</section>
	);
}

/** A copy of `params` with `ref` set to the choice (removed for the default). */
function withRef(params: URLSearchParams, choice: RefChoice): URLSearchParams {
	const out = new URLSearchParams(params);
	const value = formatRef(choice);
	if (value === null) out.delete("ref");
	else out.set("ref", value);
	return out;
}

function LapsWithGaps({
	detail,
	choice,
	onChoose,
	selectedLap,
	lapHref,
}: {
	detail: SessionDetail;
	choice: RefChoice;
	onChoose: (choice: RefChoice) => void;
	selectedLap: number | null;
	lapHref: (lap: number) => string;
}) {
	const reference = useGapReference(detail, choice);
	const compareHref = (n: number) => {
		const base = new URL(lapHref(n), window.location.origin);
		return `${base.pathname}?${withCompare(base.searchParams, { on: true, ref: choice })}`;
	};
	return (
		<>
			<div className="analytics-controls">
				<GapChoice
					detail={detail}
					choice={choice}
					label={reference?.label ?? null}
					onChoose={onChoose}
				/>
				{reference ? (
					<p className="laps-gap-note" data-testid="gap-note">
						Dif. em segundos contra: {reference.label}. Toque na diferença para comparar as voltas.
					</p>
				) : null}
			</div>
			<LapTable
				laps={detail.laps}
				selectedLap={selectedLap}
				lapHref={lapHref}
				reference={reference}
				compareHref={compareHref}
			/>
		</>
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
