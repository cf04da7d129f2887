import { useRouteError } from "react-router";

/** A screen's code could not be loaded: usually a new version was published meanwhile. */
export function isChunkLoadError(error: unknown): boolean {
	const message = error instanceof Error ? error.message : String(error);
	return /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically/i.test(
		message,
	);
}

/** Whatever a screen throws ends here, in pt-BR, with a way out (never a blank page). */
export function RouteError() {
	const error = useRouteError();
	const updated = isChunkLoadError(error);
	return (
		<main className="page page--center">
			<div className="card route-error" role="alert">
				<h1>{updated ? "O lapsix foi atualizado" : "Algo deu errado nesta tela"}</h1>
				<p>
					{updated
						? "Não foi possível carregar esta tela: uma nova versão foi publicada. Recarregue a página para continuar."
						: "Ocorreu um erro inesperado ao mostrar esta tela. Tente de novo; se continuar, volte ao início."}
				</p>
				<div className="route-error__actions">
					<button
						type="button"
						className="btn btn--primary"
						onClick={() => window.location.reload()}
					>
						{updated ? "Recarregar" : "Tentar de novo"}
					</button>
					<a className="btn" href="/user">
						Ir para o início
					</a>
				</div>
			</div>
		</main>
	);
}
