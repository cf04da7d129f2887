import { z } from "zod";
import { defineEndpoint } from "../endpoint";
import { MeUser } from "./me";

const required = (label: string) => `${label} é obrigatório.`;

/** "Meus Dados": what the logger needs to upload (Wi-Fi) and to show (pilot name, bike number). */
export const ProfileInput = z.object({
	wifiSsid: z
		.string()
		.trim()
		.min(1, required("Wi-Fi"))
		.max(32, "O nome da rede Wi-Fi tem no máximo 32 caracteres."),
	wifiPassword: z
		.string()
		.min(1, required("Senha"))
		.max(63, "A senha do Wi-Fi tem no máximo 63 caracteres."),
	pilotName: z
		.string()
		.trim()
		.min(1, required("Nome do piloto"))
		.max(60, "O nome do piloto tem no máximo 60 caracteres."),
	bikeNumber: z
		.string()
		.trim()
		.min(1, required("Número da moto"))
		.max(10, "O número da moto tem no máximo 10 caracteres."),
});
export type ProfileInput = z.infer<typeof ProfileInput>;

/** Empty strings until the rider fills the form. The password goes only to its owner. */
export const Profile = z.object({
	email: z.string(),
	hardwareId: z.string().nullable(),
	wifiSsid: z.string(),
	wifiPassword: z.string(),
	pilotName: z.string(),
	bikeNumber: z.string(),
});
export type Profile = z.infer<typeof Profile>;

export const getProfile = defineEndpoint({
	method: "GET",
	path: "/api/me/profile",
	response: z.object({ profile: Profile }),
});

export const updateProfile = defineEndpoint({
	method: "PUT",
	path: "/api/me/profile",
	body: ProfileInput,
	response: z.object({ profile: Profile, user: MeUser }),
});
