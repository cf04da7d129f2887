import { describe, expect, it } from "vitest";
import { type Actor, ANONYMOUS, type SessionUser } from "./actor";
import { type ActorFor, actorFor } from "./policy";

const user: SessionUser = {
	id: "u1",
	email: "rider@example.com",
	displayName: null,
	photoUrl: null,
	isAdmin: false,
	isSeller: false,
	hardwareId: null,
	needsEnrollment: false,
};
const rider: Actor = { kind: "user", user, authSessionId: "s1" };
const device: Actor = { kind: "device", hardwareId: "HW1" };

// Compiled by `tsc --noEmit`: each policy hands its handler the actor it guarantees.
function typeLevel(
	signedIn: ActorFor<"signedIn">,
	open: ActorFor<"public">,
	logger: ActorFor<"device">,
) {
	const email: string = signedIn.user.email;
	const hardware: string = logger.hardwareId;
	// @ts-expect-error a public route's actor may be anonymous: `.user` needs narrowing first
	const unchecked = open.user;
	const narrowed = open.kind === "user" ? open.user.email : null;
	return [email, hardware, unchecked, narrowed];
}

describe("actorFor", () => {
	it("returns the actor the policy admits", () => {
		expect(actorFor("signedIn", rider)).toBe(rider);
		expect(actorFor("device", device)).toBe(device);
		expect(actorFor("public", ANONYMOUS)).toBe(ANONYMOUS);
		expect(typeLevel).toBeTypeOf("function");
	});

	it("throws the policy's denial for an actor it does not admit", () => {
		expect(() => actorFor("signedIn", ANONYMOUS)).toThrow(
			expect.objectContaining({ statusCode: 401 }),
		);
		expect(() => actorFor("admin", rider)).toThrow(expect.objectContaining({ statusCode: 403 }));
		expect(() => actorFor("device", rider)).toThrow(expect.objectContaining({ statusCode: 401 }));
	});
});
