import type { AdminUserRow } from "../../shared/api/admin";
import { Page } from "../components/layout/Page";
import { SCREEN_NAMES } from "../lib/menu";
import { AssignPanel, optionsFromQuery } from "./AssignPanel";
import "./management.css";
import { riderSellerLosses } from "./consequences";
import { cellText, personOptionLabel, sellerOptionLabel } from "./labels";
import { useAdminSellers, useAdminUsers, useSetRiderSeller } from "./queries";
import { SortableTable, type TableColumn } from "./SortableTable";

const LINK_COLUMNS: TableColumn<AdminUserRow>[] = [
	{ key: "rider", header: "Piloto", sortValue: (u) => u.email, render: (u) => u.email },
	{
		key: "pilotName",
		header: "Nome do piloto",
		sortValue: (u) => u.pilotName,
		render: (u) => cellText(u.pilotName),
	},
	{
		key: "seller",
		header: "Revendedor",
		sortValue: (u) => u.sellerEmail,
		render: (u) => cellText(u.sellerEmail),
	},
];

export function SellerAdmScreen() {
	const sellers = useAdminSellers();
	const users = useAdminUsers();
	const setSeller = useSetRiderSeller();
	const linked = users.data?.filter((user) => user.sellerId !== null);

	return (
		<Page title={SCREEN_NAMES.sellerAdm} subtitle="Cada piloto com seu revendedor" wide>
			<AssignPanel
				title="Vincular piloto a revendedor"
				hint="O piloto passa a ser cliente do revendedor escolhido."
				left={{
					label: "Revendedor",
					placeholder: "Selecione o revendedor",
					...optionsFromQuery(sellers, sellerOptionLabel),
					emptyText: "Nenhum revendedor cadastrado.",
					testId: "selleradm-seller",
				}}
				right={{
					label: "Piloto",
					placeholder: "Selecione o piloto",
					...optionsFromQuery(users, personOptionLabel),
					emptyText: "Nenhum piloto cadastrado.",
					testId: "selleradm-rider",
				}}
				onAssign={(sellerId, riderId) => setSeller.mutateAsync({ riderId, sellerId })}
				consequences={(sellerId, riderId) => {
					const rider = users.data?.find((u) => u.id === riderId);
					const seller = sellers.data?.find((u) => u.id === sellerId);
					if (!rider || !seller) return null;
					return {
						title: `Vincular ${rider.email} a ${seller.email}?`,
						lines: riderSellerLosses(rider, sellerId),
						confirmLabel: "Vincular",
					};
				}}
			/>
			<section className="card" aria-labelledby="selleradm-linked-title">
				<h2 id="selleradm-linked-title">Pilotos com revendedor</h2>
				<SortableTable
					caption="Pilotos com revendedor"
					columns={LINK_COLUMNS}
					rows={linked}
					rowKey={(user) => user.id}
					isLoading={users.isLoading}
					error={users.error}
					onRetry={() => void users.refetch()}
					emptyText="Nenhum piloto tem revendedor."
					errorWhat="Não foi possível carregar os pilotos."
					testId="selleradm-table"
				/>
			</section>
		</Page>
	);
}
