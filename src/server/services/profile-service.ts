import type { MeUser } from "../../shared/api/me";
import type { Profile, ProfileInput } from "../../shared/api/profile";
import { needsEnrollment } from "../auth/enrollment";
import type { Config } from "../config";
import { createSecretBox, type SecretBox } from "../crypto/secret-box";
import type { UserRow } from "../db/schema";
import { notFound } from "../errors";
import type { UserRepository } from "../repositories/user-repository";

/** The purpose label the device API opens Wi-Fi passwords with: both sides must agree. */
export const WIFI_PASSWORD_PURPOSE = "wifi-password";

export function toMeUser(row: UserRow): MeUser {
	return {
		id: row.id,
		email: row.email,
		displayName: row.display_name,
		photoUrl: row.photo_url,
		isAdmin: row.is_admin,
		isSeller: row.is_seller,
		hardwareId: row.hardware_id,
		needsEnrollment: needsEnrollment({
			wifiSsid: row.wifi_ssid,
			isAdmin: row.is_admin,
			isSeller: row.is_seller,
		}),
	};
}

function openPassword(box: SecretBox, sealed: string | null): string {
	if (sealed === null) return "";
	try {
		return box.open(sealed);
	} catch {
		// Sealed under another SECRET_KEY: the rider sees an empty field and types it again.
		return "";
	}
}

function toProfile(box: SecretBox, row: UserRow): Profile {
	return {
		email: row.email,
		hardwareId: row.hardware_id,
		wifiSsid: row.wifi_ssid,
		wifiPassword: openPassword(box, row.wifi_password_enc),
		pilotName: row.pilot_name,
		bikeNumber: row.bike_number,
	};
}

/** "Meus Dados": read and saved only by the signed-in user, for themselves. */
export function createProfileService(
	users: UserRepository,
	config: Pick<Config, "secretKey">,
	now: () => Date = () => new Date(),
) {
	const box = createSecretBox(config.secretKey, WIFI_PASSWORD_PURPOSE);
	return {
		async getProfile(userId: string): Promise<Profile> {
			const row = await users.findById(userId);
			if (!row) throw notFound("Usuário não encontrado.");
			return toProfile(box, row);
		},

		async updateProfile(
			userId: string,
			input: ProfileInput,
		): Promise<{ profile: Profile; user: MeUser }> {
			const row = await users.updateProfile(
				userId,
				{
					wifiSsid: input.wifiSsid,
					wifiPasswordEnc: box.seal(input.wifiPassword),
					pilotName: input.pilotName,
					bikeNumber: input.bikeNumber,
				},
				now(),
			);
			if (!row) throw notFound("Usuário não encontrado.");
			return { profile: toProfile(box, row), user: toMeUser(row) };
		},
	};
}

export type ProfileService = ReturnType<typeof createProfileService>;
