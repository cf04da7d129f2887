import { useQueryClient } from "@tanstack/react-query";
import { type DragEvent, useEffect, useId, useReducer, useRef, useState } from "react";
import { Link } from "react-router";
import { ApiError } from "../../api/client";
import { queryKeys, useSession } from "../../api/hooks";
import { type ImportResult, uploadImport } from "../../api/import-upload";
import { formatIsoDate } from "../../lib/format";
import {
	formatBytes,
	type ImportItem,
	importQueueReducer,
	isRetryableStatus,
	nextToSend,
	percentSent,
	reportCounts,
	reportCountsText,
} from "../../lib/import-queue";
import { selectionHref } from "../../lib/selection-url";
import { sourceText, timingName } from "../../lib/source-labels";
import { Dialog } from "../ui/Dialog";
import { ErrorState, LoadingState } from "../ui/States";
import { ImportReport } from "./ImportReport";
import "./import.css";

type Item = ImportItem<ImportResult>;

let nextItemId = 0;

/** The report of a file imported before: the session's, as the server keeps it. */
function StoredReport({ sessionId }: { sessionId: string }) {
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
	return <ImportReport report={session.data.report} />;
}

function lapCountText(count: number): string {
	return count === 1 ? "1 volta" : `${count} voltas`;
}

function ItemRow({
	item,
	onRetry,
	onRemove,
	onReport,
	onShow,
}: {
	item: Item;
	onRetry: () => void;
	onRemove: () => void;
	onReport: () => void;
	onShow?: (track: string, date: string) => void;
}) {
	const { state } = item;
	const percent =
		state.kind === "sending"
			? percentSent(state.sent, state.total)
			: state.kind === "done"
				? 100
				: 0;
	return (
		<li className={`import-item import-item--${state.kind}`} data-testid="import-item">
			<div className="import-item__head">
				<span className="import-item__name">{item.name}</span>
				<span className="import-item__size num">{formatBytes(item.size)}</span>
			</div>
			{state.kind === "waiting" || state.kind === "sending" ? (
				<>
					<progress
						className="import-item__bar"
						max={100}
						value={percent}
						aria-label={`Envio de ${item.name}`}
					/>
					<span className="import-item__status num" role="status">
						{state.kind === "waiting"
							? "Na fila…"
							: percent < 100
								? `Enviando… ${percent}%`
								: "Lendo o arquivo…"}
					</span>
				</>
			) : null}
			{state.kind === "failed" ? (
				<div className="import-item__error" role="alert" data-testid="import-error">
					<strong>Não foi possível importar.</strong> {state.message}
				</div>
			) : null}
			{state.kind === "done" ? (
				<div className="import-item__done" data-testid="import-done">
					<p className="import-item__summary">
						{state.result.created ? "Importada: " : "Já importada antes: "}
						<strong>{state.result.session.track}</strong>,{" "}
						<span className="num">{formatIsoDate(state.result.session.date)}</span>
						{state.result.created ? (
							<>
								{" "}
								· {lapCountText(state.result.laps.length)}
								{state.result.source ? ` · ${sourceText(state.result.source)}` : ""}
								{state.result.timing ? ` · ${timingName(state.result.timing)}` : ""}
							</>
						) : null}
					</p>
					{state.result.created ? (
						<p className="import-item__counts">
							{reportCountsText(reportCounts(state.result.report))}
						</p>
					) : null}
				</div>
			) : null}
			<div className="import-item__actions">
				{state.kind === "done" ? (
					<>
						<button type="button" className="btn btn--small" onClick={onReport}>
							Ver relatório
						</button>
						{onShow ? (
							<button
								type="button"
								className="btn btn--small"
								onClick={() => onShow(state.result.session.track, state.result.session.date)}
							>
								Mostrar na lista
							</button>
						) : null}
						<Link
							className="btn btn--small"
							to={selectionHref("/laps", {
								track: state.result.session.track,
								date: state.result.session.date,
								lap: null,
							})}
						>
							Voltas
						</Link>
					</>
				) : null}
				{state.kind === "failed" && state.retryable ? (
					<button type="button" className="btn btn--small btn--primary" onClick={onRetry}>
						Tentar de novo
					</button>
				) : null}
				{state.kind !== "sending" ? (
					<button
						type="button"
						className="btn btn--small btn--ghost"
						onClick={onRemove}
						aria-label={`${state.kind === "waiting" ? "Cancelar" : "Dispensar"} ${item.name}`}
					>
						{state.kind === "waiting" ? "Cancelar" : "Dispensar"}
					</button>
				) : null}
			</div>
		</li>
	);
}

/**
 * "Importar sessão": files chosen or dropped go out one at a time, each with its progress bar.
 * When one is read the session tree is reloaded, so the new session shows under its track and
 * date, and its report is one tap away. Files go in resumable chunks: a send that failed for a
 * reason outside the file (no connection, the server busy) can be sent again, and goes on from
 * the last byte the server kept.
 */
export function ImportPanel({
	riderId,
	onShow,
}: {
	riderId?: string;
	/** Selects the imported session on the page. */
	onShow?: (track: string, date: string) => void;
}) {
	const id = useId();
	const queryClient = useQueryClient();
	const input = useRef<HTMLInputElement>(null);
	const files = useRef(new Map<string, File>());
	const [items, dispatch] = useReducer(importQueueReducer<ImportResult>, []);
	const [dragging, setDragging] = useState(false);
	const [reportOf, setReportOf] = useState<Item | null>(null);
	const retries = useRef(new Map<string, number>());

	const add = (chosen: FileList | null) => {
		if (!chosen || chosen.length === 0) return;
		const added = [...chosen].map((file) => {
			const itemId = `import-${++nextItemId}`;
			files.current.set(itemId, file);
			return { id: itemId, name: file.name, size: file.size };
		});
		dispatch({ type: "add", items: added });
	};

	const next = nextToSend(items);
	// One send per turn of an item, even when an effect runs twice (React's strict mode).
	const started = useRef(new Set<string>());
	useEffect(() => {
		if (!next) return;
		const turn = `${next.id}:${retries.current.get(next.id) ?? 0}`;
		if (started.current.has(turn)) return;
		started.current.add(turn);
		const file = files.current.get(next.id);
		if (!file) {
			dispatch({
				type: "failed",
				id: next.id,
				message: "Arquivo não disponível.",
				retryable: false,
			});
			return;
		}
		dispatch({ type: "progress", id: next.id, sent: 0, total: file.size });
		uploadImport(file, {
			riderId,
			onProgress: ({ sent, total }) => dispatch({ type: "progress", id: next.id, sent, total }),
		}).then(
			(result) => {
				dispatch({ type: "done", id: next.id, result });
				void queryClient.invalidateQueries({ queryKey: queryKeys.sessionTree });
				void queryClient.invalidateQueries({ queryKey: queryKeys.session(result.session.id) });
			},
			(error: unknown) => {
				const status = error instanceof ApiError ? error.status : 0;
				// Over the day's quota, trying again today cannot help: the message says when.
				const overQuota = error instanceof ApiError && error.code === "daily_quota_exceeded";
				dispatch({
					type: "failed",
					id: next.id,
					message: error instanceof ApiError ? error.message : "Algo deu errado.",
					retryable: isRetryableStatus(status) && !overQuota,
				});
			},
		);
	}, [next, riderId, queryClient]);

	const onDrop = (event: DragEvent<HTMLDivElement>) => {
		event.preventDefault();
		setDragging(false);
		add(event.dataTransfer.files);
	};
	const finished = items.some((i) => i.state.kind === "done" || i.state.kind === "failed");

	return (
		<section
			className="card import-panel"
			aria-labelledby={`${id}-title`}
			data-testid="import-panel"
		>
			<div className="import-panel__head">
				<h2 id={`${id}-title`}>Importar sessão</h2>
				<button type="button" className="btn btn--primary" onClick={() => input.current?.click()}>
					Importar sessão
				</button>
			</div>
			<input
				ref={input}
				id={`${id}-files`}
				type="file"
				multiple
				className="visually-hidden"
				aria-label="Arquivos de sessão para importar"
				data-testid="import-input"
				onChange={(event) => {
					add(event.target.files);
					event.target.value = "";
				}}
			/>
			{/* biome-ignore lint/a11y/noStaticElementInteractions: the drop area repeats the button above for a mouse; the keyboard uses the button. */}
			<div
				className={dragging ? "import-drop is-dragging" : "import-drop"}
				onDragOver={(event) => {
					event.preventDefault();
					setDragging(true);
				}}
				onDragLeave={() => setDragging(false)}
				onDrop={onDrop}
				data-testid="import-drop"
			>
				<p>
					Gravações de outro aparelho ou aplicativo: RaceChrono, VBO (Racelogic, RaceBox), NMEA,
					GPX, TrackAddict, RaceCapture, AiM.{" "}
					<span className="import-drop__mouse">Arraste os arquivos para cá ou use o botão.</span>
				</p>
			</div>
			{items.length > 0 ? (
				<>
					<ul className="import-list" aria-label="Arquivos importados">
						{items.map((item) => (
							<ItemRow
								key={item.id}
								item={item}
								onRetry={() => {
									retries.current.set(item.id, (retries.current.get(item.id) ?? 0) + 1);
									dispatch({ type: "retry", id: item.id });
								}}
								onRemove={() => {
									files.current.delete(item.id);
									dispatch({ type: "remove", id: item.id });
								}}
								onReport={() => setReportOf(item)}
								onShow={onShow}
							/>
						))}
					</ul>
					{finished ? (
						<button
							type="button"
							className="btn btn--small btn--ghost"
							onClick={() => dispatch({ type: "clearFinished" })}
						>
							Limpar a lista
						</button>
					) : null}
				</>
			) : null}
			<Dialog
				open={reportOf !== null}
				title={reportOf ? `Relatório de ${reportOf.name}` : "Relatório"}
				onClose={() => setReportOf(null)}
				testId="import-report-dialog"
			>
				{reportOf?.state.kind === "done" ? (
					reportOf.state.result.created ? (
						<ImportReport report={reportOf.state.result.report} />
					) : (
						<StoredReport sessionId={reportOf.state.result.session.id} />
					)
				) : null}
			</Dialog>
		</section>
	);
}
