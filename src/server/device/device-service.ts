import type { SecretBox } from "../crypto/secret-box";
import { AppError, notFound } from "../errors";
import type { DeviceRepository } from "../repositories/device-repository";

export interface DeviceConfig {
	hardwareId: string;
	wifiSsid: string;
	wifiPassword: string;
	pilotName: string;
	bikeNumber: string;
}

/** Rules of the loggers' own API: what a logger may read about itself and report. */
export function createDeviceService(deps: { repository: DeviceRepository; wifiBox: SecretBox }) {
	const { repository, wifiBox } = deps;
	return {
		async getConfig(hardwareId: string): Promise<DeviceConfig> {
			const row = await repository.findConfig(hardwareId);
			if (row === undefined) throw notFound("Registrador não encontrado.", "hardware_not_found");
			if (row.riderId === null) {
				throw notFound(
					"Este registrador ainda não foi entregue a um piloto. Peça ao revendedor ou ao administrador para associá-lo.",
					"no_rider",
				);
			}
			if (!row.wifiSsid) {
				throw notFound(
					'O piloto ainda não preencheu o Wi-Fi em "Meus Dados".',
					"wifi_not_configured",
				);
			}
			let wifiPassword = "";
			if (row.wifiPasswordEnc !== null) {
				try {
					wifiPassword = wifiBox.open(row.wifiPasswordEnc);
				} catch {
					// Sealed with another SECRET_KEY or damaged: the rider must type it again.
					throw new AppError(
						409,
						"wifi_password_unreadable",
						'A senha do Wi-Fi guardada não pode ser lida. O piloto deve preenchê-la de novo em "Meus Dados".',
					);
				}
			}
			return {
				hardwareId: row.hardwareId,
				wifiSsid: row.wifiSsid,
				wifiPassword,
				pilotName: row.pilotName ?? "",
				bikeNumber: row.bikeNumber ?? "",
			};
		},

		async recordHeartbeat(
			hardwareId: string,
			firmwareVersion: string,
			now = new Date(),
		): Promise<Date> {
			const found = await repository.recordHeartbeat(hardwareId, firmwareVersion, now);
			if (!found) throw notFound("Registrador não encontrado.", "hardware_not_found");
			return now;
		},
	};
}

export type DeviceService = ReturnType<typeof createDeviceService>;
