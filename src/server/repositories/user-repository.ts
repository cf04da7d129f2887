import type { Kysely } from "kysely";
import type { Database, UserRow } from "../db/schema";

export interface OidcIdentity {
	issuer: string;
	subject: string;
}

export interface SignInDetails {
	displayName: string | null;
	photoUrl: string | null;
	at: Date;
}

export interface StoredProfile {
	wifiSsid: string;
	wifiPasswordEnc: string | null;
	pilotName: string;
	bikeNumber: string;
}

/** Postgres unique_violation: two first sign-ins of the same e-mail raced. */
function isUniqueViolation(error: unknown): boolean {
	return (
		typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505"
	);
}

export function createUserRepository(db: Kysely<Database>) {
	return {
		async findById(id: string): Promise<UserRow | undefined> {
			return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
		},

		async findByIdentity(identity: OidcIdentity): Promise<UserRow | undefined> {
			return db
				.selectFrom("users")
				.selectAll()
				.where("oidc_issuer", "=", identity.issuer)
				.where("oidc_subject", "=", identity.subject)
				.executeTakeFirst();
		},

		async findByEmail(email: string): Promise<UserRow | undefined> {
			return db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
		},

		/** A first sign-in of an unknown e-mail; undefined when another request created it meanwhile. */
		async createSignedIn(
			email: string,
			identity: OidcIdentity,
			details: SignInDetails,
		): Promise<UserRow | undefined> {
			try {
				return await db
					.insertInto("users")
					.values({
						email,
						oidc_issuer: identity.issuer,
						oidc_subject: identity.subject,
						display_name: details.displayName,
						photo_url: details.photoUrl,
						last_sign_in_at: details.at,
					})
					.returningAll()
					.executeTakeFirstOrThrow();
			} catch (error) {
				if (isUniqueViolation(error)) return undefined;
				throw error;
			}
		},

		/**
		 * Binds an identity to a record found by e-mail. The WHERE repeats what the caller checked
		 * (no subject yet, or one of another issuer), so a concurrent link cannot be overwritten.
		 */
		async linkIdentity(
			userId: string,
			identity: OidcIdentity,
			details: SignInDetails,
		): Promise<UserRow | undefined> {
			return db
				.updateTable("users")
				.set({
					oidc_issuer: identity.issuer,
					oidc_subject: identity.subject,
					display_name: details.displayName,
					photo_url: details.photoUrl,
					last_sign_in_at: details.at,
					updated_at: details.at,
				})
				.where("id", "=", userId)
				.where((eb) =>
					eb.or([eb("oidc_subject", "is", null), eb("oidc_issuer", "<>", identity.issuer)]),
				)
				.returningAll()
				.executeTakeFirst();
		},

		/** Keeps the name and photo as the identity provider has them now. */
		async recordSignIn(userId: string, details: SignInDetails): Promise<UserRow | undefined> {
			return db
				.updateTable("users")
				.set({
					display_name: details.displayName,
					photo_url: details.photoUrl,
					last_sign_in_at: details.at,
				})
				.where("id", "=", userId)
				.returningAll()
				.executeTakeFirst();
		},

		async updateProfile(
			userId: string,
			profile: StoredProfile,
			at: Date,
		): Promise<UserRow | undefined> {
			return db
				.updateTable("users")
				.set({
					wifi_ssid: profile.wifiSsid,
					wifi_password_enc: profile.wifiPasswordEnc,
					pilot_name: profile.pilotName,
					bike_number: profile.bikeNumber,
					updated_at: at,
				})
				.where("id", "=", userId)
				.returningAll()
				.executeTakeFirst();
		},
	};
}

export type UserRepository = ReturnType<typeof createUserRepository>;
