import type { AdminUserRow } from "../../shared/api/admin";
import { Page } from "../components/layout/Page";
import { SCREEN_NAMES } from "../lib/menu";
import { AssignPanel, optionsFromQuery } from "./AssignPanel";
import "./management.css";
import { handOverLosses } from "./consequences";
import { cellText, flagText, loggerOwnerOptionLabel, personOptionLabel } from "./labels";
import {
	useAdminHardware,
	useAdminUsers,
	useAssignHardwareToRider,
	useRotateHardwareKey,
} from "./queries";
import { RolesPanel } from "./RolesPanel";
import { SignOutPanel } from "./SignOutPanel";
import { SortableTable, type TableColumn } from "./SortableTable";
import { TracksPanel } from "./tracks/TracksPanel";
import "./tracks/tracks.css";

/** The spec's columns: id, hardware, adm, pilot name, bike number, seller, wifi, user seller. */
const USER_COLUMNS: TableColumn<AdminUserRow>[] = [
	{
		key: "id",
		header: "ID (e-mail)",
		sortValue: (user) => user.email,
		render: (user) => user.email,
	},
	{
		key: "hardware",
		header: "Hardware",
		sortValue: (user) => user.hardwareId,
		render: (user) => cellText(user.hardwareId),
	},
	{
		key: "adm",
		header: "Adm",
		extra: true,
		sortValue: (user) => user.isAdmin,
		render: (user) => flagText(user.isAdmin),
	},
	{
		key: "pilotName",
		header: "Nome do piloto",
		sortValue: (user) => user.pilotName,
		render: (user) => cellText(user.pilotName),
	},
	{
		key: "bikeNumber",
		header: "Nº da moto",
		sortValue: (user) => user.bikeNumber,
		render: (user) => cellText(user.bikeNumber),
	},
	{
		key: "seller",
		header: "Revendedor",
		extra: true,
		sortValue: (user) => user.isSeller,
		render: (user) => flagText(user.isSeller),
	},
	{
		// The network's name only: the password stays in its owner's "Meus Dados".
		key: "wifi",
		header: "Wi-Fi",
		extra: true,
		sortValue: (user) => user.wifiSsid,
		render: (user) => cellText(user.wifiSsid),
	},
	{
		key: "userSeller",
		header: "Revendedor do piloto",
		sortValue: (user) => user.sellerEmail,
		render: (user) => cellText(user.sellerEmail),
	},
];

export function AdmScreen() {
	const users = useAdminUsers();
	const hardware = useAdminHardware();
	const assign = useAssignHardwareToRider();
	const rotateKey = useRotateHardwareKey();

	return (
		<Page title={SCREEN_NAMES.adm} subtitle="Entregar loggers, usuários e papéis" wide>
			<AssignPanel
				title="Entregar logger a um piloto"
				hint="O logger passa a ser do piloto escolhido; quem estava com ele deixa de ter."
				left={{
					label: "Piloto",
					placeholder: "Selecione o piloto",
					...optionsFromQuery(users, personOptionLabel),
					emptyText: "Nenhum usuário cadastrado.",
					testId: "adm-rider",
				}}
				right={{
					label: "Logger",
					placeholder: "Selecione o logger",
					...optionsFromQuery(hardware, loggerOwnerOptionLabel),
					emptyText: "Nenhum logger cadastrado.",
					testId: "adm-hardware",
				}}
				onAssign={(riderId, hardwareId) => assign.mutateAsync({ hardwareId, riderId })}
				rotateKey={async (_riderId, hardwareId) => {
					const { hardware: rotated, deviceKey } = await rotateKey.mutateAsync(hardwareId);
					return { hardwareId: rotated.id, deviceKey };
				}}
				consequences={(riderId, hardwareId) => {
					const rider = users.data?.find((u) => u.id === riderId);
					const logger = hardware.data?.find((h) => h.id === hardwareId);
					if (!rider || !logger) return null;
					return {
						title: `Entregar o logger ${logger.id} a ${rider.email}?`,
						lines: handOverLosses(rider, logger),
						confirmLabel: "Entregar",
					};
				}}
			/>
			<section className="card" aria-labelledby="adm-users-title">
				<h2 id="adm-users-title">Usuários</h2>
				<SortableTable
					caption="Usuários"
					columns={USER_COLUMNS}
					rows={users.data}
					rowKey={(user) => user.id}
					isLoading={users.isLoading}
					error={users.error}
					onRetry={() => void users.refetch()}
					emptyText="Nenhum usuário cadastrado."
					errorWhat="Não foi possível carregar os usuários."
					testId="adm-users-table"
				/>
			</section>
			{users.data ? <RolesPanel users={users.data} /> : null}
			{users.data ? <SignOutPanel users={users.data} /> : null}
			<TracksPanel />
		</Page>
	);
}
