import { describe, expect, it } from "vitest";
import { flaggedRoles, hasRole, type RoleFlags } from "./roles";

const rider: RoleFlags = { isAdmin: false, isSeller: false };
const seller: RoleFlags = { isAdmin: false, isSeller: true };
const admin: RoleFlags = { isAdmin: true, isSeller: false };
const both: RoleFlags = { isAdmin: true, isSeller: true };

describe("hasRole", () => {
	it.each([
		["a rider", rider, false, false],
		["a seller", seller, true, false],
		["an admin", admin, true, true],
		["an admin and seller", both, true, true],
	])("%s: seller %s, admin %s", (_name, user, asSeller, asAdmin) => {
		expect(hasRole(user, "seller")).toBe(asSeller);
		expect(hasRole(user, "admin")).toBe(asAdmin);
	});
});

describe("flaggedRoles", () => {
	it("lists the roles whose flag the user carries, an admin's seller role excepted", () => {
		expect(flaggedRoles(rider)).toEqual([]);
		expect(flaggedRoles(seller)).toEqual(["seller"]);
		expect(flaggedRoles(admin)).toEqual(["admin"]);
		expect(flaggedRoles(both)).toEqual(["seller", "admin"]);
	});
});
