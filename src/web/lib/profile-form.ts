/** "Meus Dados" form state checked with the shared `ProfileInput` schema (the server's rules). */
import { ProfileInput } from "../../shared/api/profile";

export type ProfileField = "wifiSsid" | "wifiPassword" | "pilotName" | "bikeNumber";

export type ProfileValues = Record<ProfileField, string>;

export const EMPTY_PROFILE: ProfileValues = {
	wifiSsid: "",
	wifiPassword: "",
	pilotName: "",
	bikeNumber: "",
};

export interface ProfileCheck {
	valid: boolean;
	/** The first message of each invalid field. */
	errors: Partial<Record<ProfileField, string>>;
	data: ProfileInput | null;
}

export function checkProfile(values: ProfileValues): ProfileCheck {
	const result = ProfileInput.safeParse(values);
	if (result.success) return { valid: true, errors: {}, data: result.data };
	const errors: Partial<Record<ProfileField, string>> = {};
	for (const issue of result.error.issues) {
		const field = issue.path[0] as ProfileField | undefined;
		if (field && !errors[field]) errors[field] = issue.message;
	}
	return { valid: false, errors, data: null };
}
