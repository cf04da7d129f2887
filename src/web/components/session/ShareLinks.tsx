import { useId, useState } from "react";
import { SHARE_DEFAULT_DAYS, SHARE_MAX_DAYS, type ShareView } from "../../../shared/api/shares";
import { errorMessage } from "../../api/client";
import { useCreateShare, useRevokeShare, useShares } from "../../api/share-hooks";
import { formatIsoDate } from "../../lib/format";
import { useModalDialog } from "../ui/Dialog";
import { ErrorState } from "../ui/States";
import "./share-links.css";

function RevokeDialog({
	share,
	onConfirm,
	onCancel,
	busy,
}: {
	share: ShareView | null;
	onConfirm: () => void;
	onCancel: () => void;
	busy: boolean;
}) {
	const ref = useModalDialog(share !== null);
	const titleId = useId();
	return (
		<dialog
			ref={ref}
			className="dialog"
			aria-labelledby={titleId}
			onCancel={(event) => {
				event.preventDefault();
				onCancel();
			}}
			data-testid="revoke-dialog"
		>
			<h2 id={titleId}>Revogar o link?</h2>
			<div className="dialog__body">
				{share ? (
					<p>
						Quem tiver o link criado em {formatIsoDate(share.createdAt)} não verá mais esta sessão.
						Isso não pode ser desfeito.
					</p>
				) : null}
			</div>
			<div className="dialog__actions">
				<button type="button" className="btn" onClick={onCancel}>
					Cancelar
				</button>
				<button type="button" className="btn btn--primary" onClick={onConfirm} disabled={busy}>
					Revogar
				</button>
			</div>
		</dialog>
	);
}

/**
 * The session's read-only links: the rider creates one ("Compartilhar"), copies it once (the
 * server keeps only its hash), sees the active ones and revokes them. The rider's seller and
 * the admins see and revoke them too; only the rider may create.
 */
export function ShareLinks({ sessionId, canCreate }: { sessionId: string; canCreate: boolean }) {
	const id = useId();
	const shares = useShares(sessionId);
	const create = useCreateShare(sessionId);
	const revoke = useRevokeShare(sessionId);
	const [days, setDays] = useState(String(SHARE_DEFAULT_DAYS));
	const [created, setCreated] = useState<string | null>(null);
	const [copied, setCopied] = useState(false);
	const [revoking, setRevoking] = useState<ShareView | null>(null);
	const [formOpen, setFormOpen] = useState(false);
	const dayCount = Number(days);
	const daysValid = Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= SHARE_MAX_DAYS;
	const active = shares.data?.shares ?? [];
	if (!canCreate && active.length === 0 && !shares.isError) return null;

	return (
		<section className="card share-links" aria-labelledby={`${id}-title`} data-testid="share-links">
			<div className="share-links__head">
				<h3 id={`${id}-title`}>Links de leitura</h3>
				{canCreate ? (
					<button
						type="button"
						className={formOpen ? "btn btn--small" : "btn btn--small btn--primary"}
						aria-expanded={formOpen}
						aria-controls={`${id}-form`}
						onClick={() => setFormOpen((open) => !open)}
					>
						Compartilhar
					</button>
				) : null}
			</div>
			{canCreate && formOpen ? (
				<form
					id={`${id}-form`}
					className="share-links__form"
					onSubmit={(event) => {
						event.preventDefault();
						if (!daysValid) return;
						setCopied(false);
						create.mutate(
							{ expiresInDays: dayCount },
							{ onSuccess: (result) => setCreated(result.url) },
						);
					}}
				>
					<p className="share-links__hint">
						Quem abrir o link vê as voltas, a análise e o mapa desta sessão, sem entrar e sem ver
						mais nada da sua conta.
					</p>
					<div className="field share-links__days">
						<label className="field__label" htmlFor={`${id}-days`}>
							Validade (dias)
						</label>
						<input
							id={`${id}-days`}
							className="field__input"
							type="number"
							inputMode="numeric"
							min={1}
							max={SHARE_MAX_DAYS}
							value={days}
							aria-invalid={!daysValid}
							onChange={(event) => setDays(event.target.value)}
						/>
						{daysValid ? null : <span className="field__error">De 1 a {SHARE_MAX_DAYS} dias.</span>}
					</div>
					<button
						type="submit"
						className="btn btn--primary"
						disabled={!daysValid || create.isPending}
					>
						Criar link
					</button>
				</form>
			) : null}
			{create.isError ? (
				<p className="field__error" role="alert">
					{errorMessage(create.error)}
				</p>
			) : null}
			{created ? (
				<div className="share-links__created" role="status">
					<label className="field__label" htmlFor={`${id}-url`}>
						Link criado (copie agora: ele não será mostrado de novo)
					</label>
					<div className="share-links__url">
						<input
							id={`${id}-url`}
							className="field__input"
							readOnly
							value={created}
							data-testid="share-url"
							onFocus={(event) => event.target.select()}
						/>
						<button
							type="button"
							className="btn"
							onClick={() => {
								void navigator.clipboard?.writeText(created).then(() => setCopied(true));
							}}
						>
							{copied ? "Copiado" : "Copiar"}
						</button>
					</div>
				</div>
			) : null}
			{shares.isError ? (
				<ErrorState
					what="Não foi possível carregar os links."
					error={shares.error}
					onRetry={() => void shares.refetch()}
				/>
			) : null}
			{shares.isPending ? <p className="share-links__hint">Carregando…</p> : null}
			{shares.data && active.length === 0 ? (
				<p className="share-links__hint" data-testid="share-none">
					Nenhum link ativo. Um link deixa quem não tem conta ver esta sessão, só ela.
				</p>
			) : null}
			{active.length > 0 ? (
				<ul className="share-links__list" data-testid="share-list">
					{active.map((share) => (
						<li key={share.id} className="share-links__item">
							<span>
								Criado em {formatIsoDate(share.createdAt)} · expira em{" "}
								{formatIsoDate(share.expiresAt)}
								{share.comparison
									? ` · volta ${share.comparison.lap} × volta ${share.comparison.refLap}`
									: ""}
							</span>
							<button type="button" className="btn btn--small" onClick={() => setRevoking(share)}>
								Revogar
							</button>
						</li>
					))}
				</ul>
			) : null}
			{revoke.isError ? (
				<p className="field__error" role="alert">
					{errorMessage(revoke.error)}
				</p>
			) : null}
			<RevokeDialog
				share={revoking}
				busy={revoke.isPending}
				onCancel={() => setRevoking(null)}
				onConfirm={() => {
					if (!revoking) return;
					revoke.mutate(revoking.id, {
						onSuccess: () => {
							setRevoking(null);
							setCreated(null);
						},
					});
				}}
			/>
		</section>
	);
}
