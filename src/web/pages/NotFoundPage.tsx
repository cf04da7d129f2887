import { Link } from "react-router";
import { useDocumentTitle } from "../lib/use-document-title";

export default function NotFoundPage() {
	useDocumentTitle("Página não encontrada");
	return (
		<main className="page page--center">
			<div className="card">
				<h1>Página não encontrada</h1>
				<p>O endereço aberto não existe no lapsix.</p>
				<Link to="/user" className="btn btn--primary">
					Ir para o início
				</Link>
			</div>
		</main>
	);
}
