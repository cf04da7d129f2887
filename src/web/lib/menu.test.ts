import { describe, expect, it } from "vitest";
import { menuItemsFor } from "./menu";

const labels = (user: { isAdmin: boolean; isSeller: boolean }) =>
	menuItemsFor(user).map((i) => i.label);

describe("menuItemsFor", () => {
	it("gives every user their data, laps, analytics and home", () => {
		expect(labels({ isAdmin: false, isSeller: false })).toEqual([
			"Home",
			"Meus Dados",
			"Laps",
			"Analytics",
		]);
	});

	it("adds Seller for sellers and the admin screens for admins", () => {
		expect(labels({ isAdmin: false, isSeller: true })).toContain("Seller");
		expect(labels({ isAdmin: false, isSeller: true })).not.toContain("Adm");
		const admin = labels({ isAdmin: true, isSeller: false });
		expect(admin).toEqual(expect.arrayContaining(["Adm", "Adm-Seller", "Hardware"]));
		expect(admin).not.toContain("Seller");
		expect(labels({ isAdmin: true, isSeller: true })).toEqual([
			"Home",
			"Meus Dados",
			"Laps",
			"Analytics",
			"Seller",
			"Adm",
			"Adm-Seller",
			"Hardware",
		]);
	});
});
