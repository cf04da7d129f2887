import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/database";
import { createUserRepository, type UserRepository } from "../repositories/user-repository";
import { rejectionOf } from "../test/rejection";
import { createTestDatabase } from "../test/test-database";
import { SignInError, type VerifiedIdentity } from "./oidc/relying-party";
import { createSignInService } from "./sign-in-service";

const ISSUER = "https://accounts.example.com";
const AT = new Date("2030-05-01T10:00:00Z");

let handle: DatabaseHandle;
let users: UserRepository;
beforeAll(async () => {
	handle = await createTestDatabase();
	users = createUserRepository(handle.db);
});
afterAll(() => handle.close());

const identity = (subject: string, email: string, more: Partial<VerifiedIdentity> = {}) => ({
	issuer: ISSUER,
	subject,
	email,
	name: `Nome ${subject}`,
	picture: `https://img.example.com/${subject}.png`,
	...more,
});

const preCreate = (email: string, more: { oidc_issuer?: string; oidc_subject?: string } = {}) =>
	handle.db
		.insertInto("users")
		.values({ email, is_seller: true, ...more })
		.returningAll()
		.executeTakeFirstOrThrow();

const row = (id: string) =>
	handle.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

async function refusal(promise: Promise<unknown>): Promise<SignInError> {
	const error = await rejectionOf<SignInError>(promise);
	expect(error).toBeInstanceOf(SignInError);
	return error;
}

describe("sign-in service", () => {
	const service = () => createSignInService(users, () => AT);

	it("creates an unknown e-mail's user, bound to the identity, with its name, photo and time", async () => {
		const outcome = await service().signIn(identity("s-new", "novo@example.com"));
		expect(outcome.how).toBe("created");
		expect(await row(outcome.user.id)).toMatchObject({
			email: "novo@example.com",
			oidc_issuer: ISSUER,
			oidc_subject: "s-new",
			display_name: "Nome s-new",
			photo_url: "https://img.example.com/s-new.png",
			last_sign_in_at: AT,
			is_seller: false,
		});
	});

	it("signs a known identity in again, keeping the record and refreshing name, photo and time", async () => {
		const first = await service().signIn(identity("s-back", "volta@example.com"));
		const later = new Date(AT.getTime() + 86_400_000);
		const again = await createSignInService(users, () => later).signIn(
			identity("s-back", "volta@example.com", { name: "Outro Nome", picture: null }),
		);
		expect([again.how, again.user.id]).toEqual(["returning", first.user.id]);
		expect(await row(first.user.id)).toMatchObject({
			display_name: "Outro Nome",
			photo_url: null,
			last_sign_in_at: later,
		});
	});

	it("links a pre-created record by e-mail at its first sign-in, keeping its roles", async () => {
		const pre = await preCreate("pre@example.com");
		const outcome = await service().signIn(identity("s-pre", "pre@example.com"));
		expect([outcome.how, outcome.user.id]).toEqual(["linked", pre.id]);
		expect(await row(pre.id)).toMatchObject({
			oidc_issuer: ISSUER,
			oidc_subject: "s-pre",
			is_seller: true,
			last_sign_in_at: AT,
			updated_at: AT,
		});
	});

	it("relinks a record bound under an issuer that is no longer the configured one", async () => {
		const old = await preCreate("troca@example.com", {
			oidc_issuer: "https://old-issuer.example.com",
			oidc_subject: "s-old",
		});
		const outcome = await service().signIn(identity("s-moved", "troca@example.com"));
		expect([outcome.how, outcome.user.id]).toEqual(["relinked", old.id]);
		expect(await row(old.id)).toMatchObject({ oidc_issuer: ISSUER, oidc_subject: "s-moved" });
	});

	it("refuses an e-mail bound to another subject of this issuer, changing nothing", async () => {
		const owner = await service().signIn(identity("s-owner", "dono@example.com"));
		const error = await refusal(service().signIn(identity("s-other", "dono@example.com")));
		expect([error.reason, error.detail]).toEqual([
			"identity_conflict",
			"e-mail bound to another subject of this issuer",
		]);
		expect(await row(owner.user.id)).toMatchObject({
			oidc_subject: "s-owner",
			display_name: "Nome s-owner",
		});
	});

	it("looks again when a concurrent first sign-in of the same person created the record first", async () => {
		const racing: UserRepository = {
			...users,
			async createSignedIn(email, key, details) {
				// The other request's insert lands between this one's look-up and its insert.
				await users.createSignedIn(email, key, details);
				return users.createSignedIn(email, key, details);
			},
		};
		const outcome = await createSignInService(racing, () => AT).signIn(
			identity("s-race", "corrida@example.com"),
		);
		expect(outcome.how).toBe("returning");
		expect(outcome.user).toMatchObject({ email: "corrida@example.com", oidc_subject: "s-race" });
	});

	it("refuses when the record keeps changing under both attempts", async () => {
		const pre = await preCreate("muda@example.com");
		let links = 0;
		const changing: UserRepository = {
			...users,
			async linkIdentity() {
				links += 1;
				return undefined;
			},
		};
		const error = await refusal(
			createSignInService(changing, () => AT).signIn(identity("s-muda", "muda@example.com")),
		);
		expect([error.reason, error.detail, links]).toEqual([
			"identity_conflict",
			"the user record changed during sign-in",
			2,
		]);
		expect((await row(pre.id)).oidc_subject).toBeNull();
	});

	it("stamps the sign-in with the real time when given no clock", async () => {
		const before = Date.now();
		const outcome = await createSignInService(users).signIn(identity("s-now", "agora@example.com"));
		const at = (await row(outcome.user.id)).last_sign_in_at?.getTime() ?? 0;
		expect(at).toBeGreaterThanOrEqual(before - 1000);
		expect(at).toBeLessThanOrEqual(Date.now() + 1000);
	});
});
