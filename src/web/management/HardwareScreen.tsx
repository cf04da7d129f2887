import { useEffect, useRef, useState } from "react";
import type { AdminHardwareRow } from "../../shared/api/admin";
import { errorMessage } from "../api/client";
import { Page } from "../components/layout/Page";
import { SCREEN_NAMES } from "../lib/menu";
import { AssignPanel, optionsFromQuery } from "./AssignPanel";
import { LastSeen } from "./LastSeen";
import "./management.css";
import { AuditTable } from "./AuditTable";
import { ConfirmDialog } from "./ConfirmDialog";
import { loggerSellerLosses } from "./consequences";
import { DeviceKeyBox } from "./DeviceKeyBox";
import { cellText, loggerNameOptionLabel, sellerOptionLabel } from "./labels";
import {
	useAdminHardware,
	useAdminSellers,
	useRotateHardwareKey,
	useSetHardwareSeller,
} from "./queries";
import { RegisterLoggerForm } from "./RegisterLoggerForm";
import { SortableTable, type TableColumn } from "./SortableTable";
import { useNow } from "./use-now";

interface RevealedKey {
	hardwareId: string;
	deviceKey: string;
}

/** The spec's columns ID, Owner, Seller, Up, Version, plus the key action. */
function hardwareColumns(
	now: Date,
	onRotate: (hardwareId: string) => void,
): TableColumn<AdminHardwareRow>[] {
	return [
		{
			key: "id",
			header: "ID",
			sortValue: (h) => h.id,
			render: (h) => (
				<>
					{h.id}
					{h.name ? <span className="mg-sub">{h.name}</span> : null}
				</>
			),
		},
		{
			key: "owner",
			header: "Dono",
			sortValue: (h) => h.ownerEmail,
			render: (h) => cellText(h.ownerEmail),
		},
		{
			key: "seller",
			header: "Revendedor",
			sortValue: (h) => h.sellerEmail,
			render: (h) => cellText(h.sellerEmail),
		},
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
		{
			key: "key",
			header: "Chave",
			render: (h) => (
				<>
					{h.hasKey ? null : <span className="mg-badge">sem chave</span>}{" "}
					<button
						type="button"
						className="btn btn--small"
						onClick={() => onRotate(h.id)}
						aria-label={`${h.hasKey ? "Trocar" : "Gerar"} chave do logger ${h.id}`}
					>
						{h.hasKey ? "Trocar chave" : "Gerar chave"}
					</button>
				</>
			),
		},
	];
}

export function HardwareScreen() {
	const hardware = useAdminHardware();
	const sellers = useAdminSellers();
	const setSeller = useSetHardwareSeller();
	const rotate = useRotateHardwareKey();
	const now = useNow();
	const [revealed, setRevealed] = useState<RevealedKey | null>(null);
	const [rotating, setRotating] = useState<string | null>(null);
	const keyBox = useRef<HTMLDivElement>(null);

	useEffect(() => {
		if (revealed) keyBox.current?.scrollIntoView({ block: "center" });
	}, [revealed]);

	async function confirmRotation() {
		const hardwareId = rotating;
		setRotating(null);
		if (!hardwareId) return;
		try {
			const result = await rotate.mutateAsync(hardwareId);
			setRevealed({ hardwareId: result.hardware.id, deviceKey: result.deviceKey });
		} catch {
			// Shown below the table from the mutation's error.
		}
	}

	return (
		<Page title={SCREEN_NAMES.hardware} subtitle="Revendedores, chaves e cadastro" wide>
			<AssignPanel
				title="Definir revendedor do logger"
				hint="O logger entra no estoque do revendedor escolhido."
				left={{
					label: "Logger",
					placeholder: "Selecione o logger",
					...optionsFromQuery(hardware, loggerNameOptionLabel),
					emptyText: "Nenhum logger cadastrado.",
					testId: "hardware-logger",
				}}
				right={{
					label: "Revendedor",
					placeholder: "Selecione o revendedor",
					...optionsFromQuery(sellers, sellerOptionLabel),
					emptyText: "Nenhum revendedor cadastrado.",
					testId: "hardware-seller",
				}}
				onAssign={(hardwareId, sellerId) => setSeller.mutateAsync({ hardwareId, sellerId })}
				consequences={(hardwareId, sellerId) => {
					const logger = hardware.data?.find((h) => h.id === hardwareId);
					const seller = sellers.data?.find((u) => u.id === sellerId);
					if (!logger || !seller) return null;
					return {
						title: `Passar o logger ${logger.id} ao estoque de ${seller.email}?`,
						lines: loggerSellerLosses(logger, sellerId),
						confirmLabel: "Passar",
					};
				}}
			/>
			<section className="card" aria-labelledby="hardware-table-title">
				<h2 id="hardware-table-title">Loggers</h2>
				<SortableTable
					caption="Loggers"
					columns={hardwareColumns(now, (id) => {
						rotate.reset();
						setRotating(id);
					})}
					rows={hardware.data}
					rowKey={(logger) => logger.id}
					isLoading={hardware.isLoading}
					error={hardware.error}
					onRetry={() => void hardware.refetch()}
					emptyText="Nenhum logger cadastrado."
					errorWhat="Não foi possível carregar os loggers."
					testId="hardware-table"
				/>
				{rotate.error ? (
					<p className="mg-error" role="alert">
						{errorMessage(rotate.error)}
					</p>
				) : null}
			</section>
			{revealed ? (
				<div ref={keyBox}>
					<DeviceKeyBox
						hardwareId={revealed.hardwareId}
						deviceKey={revealed.deviceKey}
						onClose={() => setRevealed(null)}
					/>
				</div>
			) : null}
			<RegisterLoggerForm
				onRegistered={(hardwareId, deviceKey) => setRevealed({ hardwareId, deviceKey })}
			/>
			<AuditTable />
			<ConfirmDialog
				open={rotating !== null}
				title={`Trocar a chave do logger ${rotating ?? ""}?`}
				confirmLabel="Trocar chave"
				onConfirm={() => void confirmRotation()}
				onCancel={() => setRotating(null)}
			>
				<p>
					A chave atual deixa de funcionar na hora. O logger só volta a enviar dados depois de
					receber a nova chave, que será mostrada uma única vez.
				</p>
			</ConfirmDialog>
		</Page>
	);
}
