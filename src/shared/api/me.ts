import { z } from "zod";
import { defineEndpoint } from "../endpoint";

export const MeUser = z.object({
	id: z.string(),
	email: z.string(),
	displayName: z.string().nullable(),
	photoUrl: z.string().nullable(),
	isAdmin: z.boolean(),
	isSeller: z.boolean(),
	/** The logger assigned to this user ("código do hardware"); null when none. */
	hardwareId: z.string().nullable(),
	/** A rider whose Wi-Fi is still empty: sent to /enroll (the server decides, the client follows). */
	needsEnrollment: z.boolean(),
});
export type MeUser = z.infer<typeof MeUser>;

export const getMe = defineEndpoint({
	method: "GET",
	path: "/api/me",
	response: z.object({
		user: MeUser,
		/** Sent back as the `x-csrf-token` header on every POST, PUT, PATCH and DELETE. */
		csrfToken: z.string(),
	}),
});

/**
 * The same as GET /api/me, but answered for everyone: `user` null when nobody is signed in. The
 * web client asks this one, so a visit to the sign-in page logs no failed request.
 */
export const getSignInState = defineEndpoint({
	method: "GET",
	path: "/api/me/state",
	response: z.object({ user: MeUser.nullable(), csrfToken: z.string().nullable() }),
});
