import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSecretBox } from "../crypto/secret-box";
import type { DatabaseHandle } from "../db/database";
import { createUserRepository } from "../repositories/user-repository";
import { rejectionOf } from "../test/rejection";
import { createTestDatabase } from "../test/test-database";
import { createProfileService, WIFI_PASSWORD_PURPOSE } from "./profile-service";

const secretKey = Buffer.from("profile-test-key-0123456789abcdef-0123456789");
const missing = "00000000-0000-4000-8000-000000000000";

let handle: DatabaseHandle;
let service: ReturnType<typeof createProfileService>;
beforeAll(async () => {
	handle = await createTestDatabase();
	service = createProfileService(createUserRepository(handle.db), { secretKey });
});
afterAll(() => handle.close());

const newUser = (email: string, props: { is_seller?: boolean; is_admin?: boolean } = {}) =>
	handle.db
		.insertInto("users")
		.values({ email, ...props })
		.returning("id")
		.executeTakeFirstOrThrow();

const input = { wifiSsid: "Box", wifiPassword: "segredo", pilotName: "Ana", bikeNumber: "9" };

describe("profile service", () => {
	it("saves the profile and returns it with the user as /api/me shows them", async () => {
		const { id } = await newUser("perfil@example.com");
		const saved = await service.updateProfile(id, input);
		expect(saved).toEqual({
			profile: {
				email: "perfil@example.com",
				hardwareId: null,
				wifiSsid: "Box",
				wifiPassword: "segredo",
				pilotName: "Ana",
				bikeNumber: "9",
			},
			user: {
				id,
				email: "perfil@example.com",
				displayName: null,
				photoUrl: null,
				isAdmin: false,
				isSeller: false,
				hardwareId: null,
				needsEnrollment: false,
			},
		});
	});

	it("keeps a rider who saves an empty Wi-Fi name in enrollment, but not a seller", async () => {
		const rider = await newUser("sem-wifi@example.com");
		const seller = await newUser("loja-wifi@example.com", { is_seller: true });
		const empty = { ...input, wifiSsid: "" };
		expect((await service.updateProfile(rider.id, empty)).user.needsEnrollment).toBe(true);
		const asSeller = (await service.updateProfile(seller.id, empty)).user;
		expect([asSeller.isSeller, asSeller.needsEnrollment]).toEqual([true, false]);
	});

	it("shows an empty Wi-Fi password when none is stored", async () => {
		const { id } = await newUser("vazio@example.com");
		expect(await service.getProfile(id)).toEqual({
			email: "vazio@example.com",
			hardwareId: null,
			wifiSsid: "",
			wifiPassword: "",
			pilotName: "",
			bikeNumber: "",
		});
	});

	it("shows an empty Wi-Fi password when it was sealed under another secret key", async () => {
		const { id } = await newUser("outra-chave@example.com");
		const otherBox = createSecretBox(
			Buffer.from("another-secret-key-0123456789abcdef-01234"),
			WIFI_PASSWORD_PURPOSE,
		);
		await handle.db
			.updateTable("users")
			.set({ wifi_ssid: "Box", wifi_password_enc: otherBox.seal("antiga") })
			.where("id", "=", id)
			.execute();
		const profile = await service.getProfile(id);
		expect([profile.wifiSsid, profile.wifiPassword]).toEqual(["Box", ""]);
	});

	it("answers 404 for a user that does not exist, on reading and on saving", async () => {
		// One call at a time: a rejection nobody awaits yet would be reported as unhandled.
		const attempts = [
			() => service.getProfile(missing),
			() => service.updateProfile(missing, input),
		];
		for (const attempt of attempts) {
			const error = await rejectionOf(attempt());
			expect([error.statusCode, error.message]).toEqual([404, "Usuário não encontrado."]);
		}
	});
});
