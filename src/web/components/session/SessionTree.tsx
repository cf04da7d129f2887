import type { SessionTree } from "../../api/hooks";
import { formatDateLabel, formatTreeLap } from "../../lib/format";
import { datesAscending } from "../../lib/session-choice";

export type TreeSelection =
	| { kind: "lap"; sessionId: string; lap: number }
	| { kind: "session"; sessionId: string };

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
}: {
	tracks: SessionTree["tracks"];
	openTrack: string | null;
	openSession: string | null;
	selection: TreeSelection | null;
	onToggleTrack: (track: string) => void;
	onToggleSession: (sessionId: string) => void;
	onSelect: (selection: TreeSelection) => void;
}) {
	return (
		<ul className="tree" aria-label="Sessões gravadas">
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
											{dateOpen ? (
												<ul className="tree__children tree__laps">
													{date.laps.length > 0 ? (
														<li>
															<button
																type="button"
																className={
																	selection?.kind === "session" &&
																	selection.sessionId === date.sessionId
																		? "tree__leaf is-selected"
																		: "tree__leaf"
																}
																aria-pressed={
																	selection?.kind === "session" &&
																	selection.sessionId === date.sessionId
																}
																onClick={() =>
																	onSelect({ kind: "session", sessionId: date.sessionId })
																}
															>
																Sessão inteira
															</button>
														</li>
													) : (
														<li className="tree__none">Nenhuma volta completa.</li>
													)}
													{date.laps.map((lap) => {
														const selected =
															selection?.kind === "lap" &&
															selection.sessionId === date.sessionId &&
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
																		onSelect({
																			kind: "lap",
																			sessionId: date.sessionId,
																			lap: lap.number,
																		})
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
