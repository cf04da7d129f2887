import type { UserRow } from "../db/schema";
import type { SignInDetails, UserRepository } from "../repositories/user-repository";
import { SignInError, type VerifiedIdentity } from "./oidc/relying-party";

export interface SignInOutcome {
	user: UserRow;
	/** created: first sign-in of an unknown e-mail; linked: a pre-created record got its identity. */
	how: "returning" | "linked" | "created" | "relinked";
}

/**
 * Finds or creates the user an identity signs in as. Users are identified by (issuer, sub); a
 * first sign-in is linked by verified e-mail to a record created beforehand (by an admin or the
 * CLI). A record whose e-mail is already bound to another subject of the same issuer is never
 * taken over: the sign-in is refused.
 */
export function createSignInService(users: UserRepository, now: () => Date = () => new Date()) {
	async function attempt(identity: VerifiedIdentity): Promise<SignInOutcome | undefined> {
		const details: SignInDetails = {
			displayName: identity.name,
			photoUrl: identity.picture,
			at: now(),
		};
		const key = { issuer: identity.issuer, subject: identity.subject };

		const known = await users.findByIdentity(key);
		if (known) {
			const user = await users.recordSignIn(known.id, details);
			return user ? { user, how: "returning" } : undefined;
		}
		const byEmail = await users.findByEmail(identity.email);
		if (!byEmail) {
			const user = await users.createSignedIn(identity.email, key, details);
			return user ? { user, how: "created" } : undefined;
		}
		if (byEmail.oidc_subject !== null && byEmail.oidc_issuer === identity.issuer) {
			throw new SignInError("identity_conflict", "e-mail bound to another subject of this issuer");
		}
		// No subject yet (pre-created), or bound under an issuer that is no longer the configured one.
		const user = await users.linkIdentity(byEmail.id, key, details);
		if (!user) return undefined;
		return { user, how: byEmail.oidc_subject === null ? "linked" : "relinked" };
	}

	return {
		async signIn(identity: VerifiedIdentity): Promise<SignInOutcome> {
			// A concurrent first sign-in of the same person can make one step miss: look again once.
			const outcome = (await attempt(identity)) ?? (await attempt(identity));
			if (!outcome)
				throw new SignInError("identity_conflict", "the user record changed during sign-in");
			return outcome;
		},
	};
}

export type SignInService = ReturnType<typeof createSignInService>;
