import { useEffect, useRef } from "react";
import { Link } from "react-router";
import type { SessionTree } from "../../api/hooks";
import { formatDateLabel, formatTreeLap } from "../../lib/format";
import { datesAscending } from "../../lib/session-choice";

/** What the canvas draws: one lap, or the whole session when `lap` is null. */
export interface TreeSelection {
	sessionId: string;
	lap: number | null;
}

const STATUS_TEXT = {
	received: "aguardando processamento",
	failed: "com erro",
	processed: "",
} as const;

function sign(open: boolean) {
	return (
		<span className="tree__sign" aria-hidden="true">
			{open ? "−" : "+"}
		</span>
	);
}

/**
 * Tracks -> dates -> laps. One track open at a time (and one date within it); a lap or "Sessão
 * inteira" selects what the canvas draws.
 */
export function SessionTreeView({
	tracks,
	openTrack,
	openSession,
	selection,
	onToggleTrack,
	onToggleSession,
	onSelect,
	trackHref,
	compareHref,
}: {
	/** A link to the track's history page, shown under an open track. */
	trackHref?: (track: string) => string;
	/** A link to the comparison of a session's best lap, shown under an open date. */
	compareHref?: (
		track: string,
		date: SessionTree["tracks"][number]["dates"][number],
	) => string | null;
	tracks: SessionTree["tracks"];
	openTrack: string | null;
	openSession: string | null;
	selection: TreeSelection | null;
	onToggleTrack: (track: string) => void;
	onToggleSession: (sessionId: string) => void;
	onSelect: (selection: TreeSelection) => void;
}) {
	const root = useRef<HTMLUListElement>(null);
	// The chosen lap is scrolled into view inside its (scrolling) list, not the page.
	const selectedKey = selection ? `${selection.sessionId}:${selection.lap}` : "";
	useEffect(() => {
		if (!selectedKey || !openSession) return;
		const leaf = root.current?.querySelector<HTMLElement>(".tree__laps .is-selected");
		const list = leaf?.closest<HTMLElement>(".tree__laps");
		if (!leaf || !list) return;
		const l = leaf.getBoundingClientRect();
		const box = list.getBoundingClientRect();
		if (l.top < box.top || l.bottom > box.bottom) {
			list.scrollTop += l.top - box.top - box.height / 2 + l.height / 2;
		}
	}, [selectedKey, openSession]);
	return (
		<ul className="tree" aria-label="Sessões gravadas" ref={root}>
			{tracks.map((track) => {
				const trackOpen = openTrack === track.track;
				return (
					<li key={track.track} className="tree__item">
						<button
							type="button"
							className="tree__node tree__node--track"
							aria-expanded={trackOpen}
							onClick={() => onToggleTrack(track.track)}
						>
							{sign(trackOpen)}
							<span>{track.track}</span>
						</button>
						{trackOpen ? (
							<ul className="tree__children">
								{trackHref ? (
									<li className="tree__link">
										<Link to={trackHref(track.track)} data-testid="tree-track-history">
											Histórico da pista
										</Link>
									</li>
								) : null}
								{datesAscending(track.dates).map((date) => {
									const dateOpen = openSession === date.sessionId;
									const status = STATUS_TEXT[date.status];
									return (
										<li key={date.sessionId} className="tree__item">
											<button
												type="button"
												className="tree__node tree__node--date"
												aria-expanded={dateOpen}
												onClick={() => onToggleSession(date.sessionId)}
											>
												{sign(dateOpen)}
												<span className="num">{formatDateLabel(date.folder)}</span>
												{status ? (
													<span className={`tree__badge tree__badge--${date.status}`}>
														{status}
													</span>
												) : null}
											</button>
											{dateOpen && compareHref?.(track.track, date) ? (
												<p className="tree__link">
													<Link
														to={compareHref(track.track, date) ?? ""}
														data-testid="tree-compare"
													>
														Comparar voltas
													</Link>
												</p>
											) : null}
											{dateOpen ? (
												<ul className="tree__children tree__laps">
													{date.laps.length > 0 ? (
														<li>
															<button
																type="button"
																className={
																	selection?.lap === null && selection.sessionId === date.sessionId
																		? "tree__leaf is-selected"
																		: "tree__leaf"
																}
																aria-pressed={
																	selection?.lap === null && selection.sessionId === date.sessionId
																}
																onClick={() => onSelect({ sessionId: date.sessionId, lap: null })}
															>
																Sessão inteira
															</button>
														</li>
													) : (
														<li className="tree__none">Nenhuma volta completa.</li>
													)}
													{date.laps.map((lap) => {
														const selected =
															selection?.sessionId === date.sessionId &&
															selection.lap === lap.number;
														return (
															<li key={lap.number}>
																<button
																	type="button"
																	className={
																		selected ? "tree__leaf num is-selected" : "tree__leaf num"
																	}
																	aria-pressed={selected}
																	data-testid="tree-lap"
																	onClick={() =>
																		onSelect({ sessionId: date.sessionId, lap: lap.number })
																	}
																>
																	{formatTreeLap(lap)}
																</button>
															</li>
														);
													})}
												</ul>
											) : null}
										</li>
									);
								})}
							</ul>
						) : null}
					</li>
				);
			})}
		</ul>
	);
}
