import type { UserActor } from "../auth/actor";

/** A signed-in user as the access rules see them, for tests that call services directly. */
export function userActor(
	user: { id: string; email?: string },
	flags: { isAdmin?: boolean; isSeller?: boolean } = {},
): UserActor {
	return {
		kind: "user",
		authSessionId: "test",
		user: {
			id: user.id,
			email: user.email ?? `${user.id}@example.com`,
			displayName: null,
			photoUrl: null,
			isAdmin: flags.isAdmin ?? false,
			isSeller: flags.isSeller ?? false,
			hardwareId: null,
			needsEnrollment: false,
		},
	};
}
