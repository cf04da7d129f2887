import { describe, expect, it } from "vitest";
import { checkProfile, EMPTY_PROFILE } from "./profile-form";

describe("checkProfile", () => {
	it("requires every field, with pt-BR messages", () => {
		const check = checkProfile(EMPTY_PROFILE);
		expect(check.valid).toBe(false);
		expect(check.errors).toEqual({
			wifiSsid: "Wi-Fi é obrigatório.",
			wifiPassword: "Senha é obrigatório.",
			pilotName: "Nome do piloto é obrigatório.",
			bikeNumber: "Número da moto é obrigatório.",
		});
	});

	it("treats blanks as empty and trims what it sends", () => {
		const check = checkProfile({
			wifiSsid: "  Box 7 ",
			wifiPassword: "s3nha",
			pilotName: "Paula ",
			bikeNumber: " ",
		});
		expect(check.valid).toBe(false);
		expect(Object.keys(check.errors)).toEqual(["bikeNumber"]);
		const ok = checkProfile({
			wifiSsid: "  Box 7 ",
			wifiPassword: "s3nha",
			pilotName: "Paula ",
			bikeNumber: "27",
		});
		expect(ok.valid).toBe(true);
		expect(ok.data).toEqual({
			wifiSsid: "Box 7",
			wifiPassword: "s3nha",
			pilotName: "Paula",
			bikeNumber: "27",
		});
	});

	it("enforces the maximum lengths", () => {
		const check = checkProfile({
			wifiSsid: "x".repeat(33),
			wifiPassword: "p",
			pilotName: "n",
			bikeNumber: "1",
		});
		expect(check.errors.wifiSsid).toBe("O nome da rede Wi-Fi tem no máximo 32 caracteres.");
	});
});
