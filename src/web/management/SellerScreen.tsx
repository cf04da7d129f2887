import type { SellerRiderRow, SellerStockRow } from "../../shared/api/admin";
import { Page } from "../components/layout/Page";
import { SCREEN_NAMES } from "../lib/menu";
import { AssignPanel, optionsFromQuery } from "./AssignPanel";
import { LastSeen } from "./LastSeen";
import "./management.css";
import { stockHandOverLosses } from "./consequences";
import { cellText, personOptionLabel, stockOptionLabel } from "./labels";
import {
	useAssignFromStock,
	useRotateSellerHardwareKey,
	useSellerRiders,
	useSellerStock,
} from "./queries";
import { SortableTable, type TableColumn } from "./SortableTable";
import { useNow } from "./use-now";

const RIDER_COLUMNS: TableColumn<SellerRiderRow>[] = [
	{ key: "email", header: "Piloto", sortValue: (r) => r.email, render: (r) => r.email },
	{
		key: "pilotName",
		header: "Nome do piloto",
		sortValue: (r) => r.pilotName,
		render: (r) => cellText(r.pilotName),
	},
	{
		key: "bikeNumber",
		header: "Nº da moto",
		sortValue: (r) => r.bikeNumber,
		render: (r) => cellText(r.bikeNumber),
	},
	{
		key: "hardware",
		header: "Logger",
		sortValue: (r) => r.hardwareId,
		render: (r) => cellText(r.hardwareId),
	},
];

function stockColumns(now: Date): TableColumn<SellerStockRow>[] {
	return [
		{ key: "id", header: "ID", sortValue: (h) => h.id, render: (h) => h.id },
		{ key: "name", header: "Nome", sortValue: (h) => h.name, render: (h) => cellText(h.name) },
		{
			key: "up",
			header: "Último contato",
			sortValue: (h) => (h.lastSeenAt ? new Date(h.lastSeenAt) : null),
			render: (h) => <LastSeen at={h.lastSeenAt} now={now} />,
		},
		{
			key: "version",
			header: "Versão",
			extra: true,
			sortValue: (h) => h.firmwareVersion,
			render: (h) => cellText(h.firmwareVersion),
		},
	];
}

export function SellerScreen() {
	const riders = useSellerRiders();
	const stock = useSellerStock();
	const assign = useAssignFromStock();
	const rotateKey = useRotateSellerHardwareKey();
	const now = useNow();

	return (
		<Page title={SCREEN_NAMES.seller} subtitle="Seus pilotos e seu estoque" wide>
			<AssignPanel
				title="Entregar logger do estoque"
				hint="Escolha um dos seus pilotos e um logger do seu estoque."
				left={{
					label: "Piloto",
					placeholder: "Selecione o piloto",
					...optionsFromQuery(riders, personOptionLabel),
					emptyText: "Nenhum piloto vinculado a você.",
					testId: "seller-rider",
				}}
				right={{
					label: "Logger em estoque",
					placeholder: "Selecione o logger",
					...optionsFromQuery(stock, stockOptionLabel),
					emptyText: "Nenhum logger em estoque.",
					testId: "seller-stock",
				}}
				onAssign={(riderId, hardwareId) => assign.mutateAsync({ hardwareId, riderId })}
				rotateKey={(_riderId, hardwareId) => rotateKey.mutateAsync(hardwareId)}
				consequences={(riderId, hardwareId) => {
					const rider = riders.data?.find((r) => r.id === riderId);
					if (!rider) return null;
					return {
						title: `Entregar o logger ${hardwareId} a ${rider.email}?`,
						lines: stockHandOverLosses(rider, hardwareId),
						confirmLabel: "Entregar",
					};
				}}
			/>

			<section className="card" aria-labelledby="seller-riders-title">
				<h2 id="seller-riders-title">Meus pilotos</h2>
				<SortableTable
					caption="Meus pilotos"
					columns={RIDER_COLUMNS}
					rows={riders.data}
					rowKey={(rider) => rider.id}
					isLoading={riders.isLoading}
					error={riders.error}
					onRetry={() => void riders.refetch()}
					emptyText="Nenhum piloto vinculado a você."
					errorWhat="Não foi possível carregar seus pilotos."
					testId="seller-riders-table"
				/>
			</section>
			<section className="card" aria-labelledby="seller-stock-title">
				<h2 id="seller-stock-title">Estoque</h2>
				<SortableTable
					caption="Estoque"
					columns={stockColumns(now)}
					rows={stock.data}
					rowKey={(logger) => logger.id}
					isLoading={stock.isLoading}
					error={stock.error}
					onRetry={() => void stock.refetch()}
					emptyText="Nenhum logger em estoque."
					errorWhat="Não foi possível carregar o estoque."
					testId="seller-stock-table"
				/>
			</section>
		</Page>
	);
}
