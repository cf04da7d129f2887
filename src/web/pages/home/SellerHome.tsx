import { Link } from "react-router";
import { EmptyState, ErrorState, SkeletonLines } from "../../components/ui/States";
import { LastSeen } from "../../management/LastSeen";
import { cellText } from "../../management/labels";
import { useSellerRiders, useSellerStock } from "../../management/queries";
import { useNow } from "../../management/use-now";
import "./home.css";

/** A seller's home: their riders (with the logger each has) and the loggers in stock. */
export function SellerHome() {
	const riders = useSellerRiders();
	const stock = useSellerStock();
	const now = useNow();
	return (
		<div className="home" data-testid="seller-home">
			<div className="home-grid">
				<section className="card" aria-labelledby="home-riders-title">
					<h2 id="home-riders-title">Meus pilotos</h2>
					{riders.isPending ? <SkeletonLines lines={4} label="Carregando seus pilotos…" /> : null}
					{riders.isError ? (
						<ErrorState
							what="Não foi possível carregar seus pilotos."
							error={riders.error}
							onRetry={() => void riders.refetch()}
						/>
					) : null}
					{riders.data && riders.data.length === 0 ? (
						<EmptyState text="Nenhum piloto vinculado a você ainda." />
					) : null}
					{riders.data && riders.data.length > 0 ? (
						<ul className="home-list" data-testid="seller-home-riders">
							{riders.data.map((rider) => (
								<li key={rider.id} className="home-row">
									<div className="home-row__main">
										<span>
											<strong>{rider.pilotName || rider.displayName || rider.email}</strong>
											{rider.bikeNumber ? (
												<span className="num"> · moto {rider.bikeNumber}</span>
											) : null}
										</span>
										<span className="home-row__sub">{rider.email}</span>
									</div>
									<div className="home-row__side">
										{rider.hardwareId ? (
											<span>Logger {rider.hardwareId}</span>
										) : (
											<span className="badge">sem logger</span>
										)}
									</div>
								</li>
							))}
						</ul>
					) : null}
				</section>
				<section className="card" aria-labelledby="home-stock-title">
					<h2 id="home-stock-title">Estoque</h2>
					{stock.isPending ? <SkeletonLines lines={3} label="Carregando o estoque…" /> : null}
					{stock.isError ? (
						<ErrorState
							what="Não foi possível carregar o estoque."
							error={stock.error}
							onRetry={() => void stock.refetch()}
						/>
					) : null}
					{stock.data && stock.data.length === 0 ? (
						<EmptyState text="Nenhum logger em estoque." />
					) : null}
					{stock.data && stock.data.length > 0 ? (
						<ul className="home-list" data-testid="seller-home-stock">
							{stock.data.map((logger) => (
								<li key={logger.id} className="home-row">
									<div className="home-row__main">
										<strong>{logger.id}</strong> {cellText(logger.name)}
									</div>
									<div className="home-row__side">
										<LastSeen at={logger.lastSeenAt} now={now} />
									</div>
								</li>
							))}
						</ul>
					) : null}
					<Link to="/seller" className="btn btn--primary">
						Entregar logger a um piloto
					</Link>
				</section>
			</div>
		</div>
	);
}
