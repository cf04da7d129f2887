import { errorMessage } from "../../api/client";

/** Something is loading: a spinner with a pt-BR sentence (announced to screen readers). */
export function LoadingState({ text = "Carregando…" }: { text?: string }) {
	return (
		<div className="state state--loading" role="status">
			<span className="spinner" aria-hidden="true" />
			<span className="state__text">{text}</span>
		</div>
	);
}

/** Grey bars where a list will be. */
export function SkeletonLines({
	lines = 4,
	label = "Carregando…",
}: {
	lines?: number;
	label?: string;
}) {
	return (
		<div role="status" aria-label={label}>
			{Array.from({ length: lines }, (_, i) => (
				// biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
				<span key={i} className="skeleton" />
			))}
		</div>
	);
}

export function EmptyState({ text }: { text: string }) {
	return (
		<div className="state state--empty">
			<span className="state__text">{text}</span>
		</div>
	);
}

/**
 * Something failed: what (`what`, e.g. "Não foi possível carregar as sessões."), the server's
 * reason, and "Tentar de novo" when a retry can help.
 */
export function ErrorState({
	what,
	error,
	onRetry,
}: {
	what: string;
	error?: unknown;
	onRetry?: () => void;
}) {
	return (
		<div className="state state--error" role="alert">
			<span className="state__text">
				<strong>{what}</strong>
				{error !== undefined ? <> {errorMessage(error)}</> : null}
			</span>
			{onRetry ? (
				<button type="button" className="btn btn--small" onClick={onRetry}>
					Tentar de novo
				</button>
			) : null}
		</div>
	);
}
