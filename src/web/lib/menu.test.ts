import { describe, expect, it } from "vitest";
import { menuItemsFor } from "./menu";

const labels = (user: { isAdmin: boolean; isSeller: boolean }) =>
	menuItemsFor(user).map((i) => i.label);

describe("menuItemsFor", () => {
	it("gives every user home, their data, laps and analytics, in Portuguese", () => {
		expect(labels({ isAdmin: false, isSeller: false })).toEqual([
			"Início",
			"Meus Dados",
			"Voltas",
			"Análise",
		]);
	});

	it("adds Revenda for sellers and the admin screens for admins", () => {
		expect(labels({ isAdmin: false, isSeller: true })).toContain("Revenda");
		expect(labels({ isAdmin: false, isSeller: true })).not.toContain("Loggers");
		const admin = labels({ isAdmin: true, isSeller: false });
		expect(admin).toEqual(
			expect.arrayContaining(["Pilotos e loggers", "Pilotos e revendedores", "Loggers"]),
		);
		expect(admin).not.toContain("Revenda");
		expect(labels({ isAdmin: true, isSeller: true })).toEqual([
			"Início",
			"Meus Dados",
			"Voltas",
			"Análise",
			"Revenda",
			"Pilotos e loggers",
			"Pilotos e revendedores",
			"Loggers",
		]);
	});
});
