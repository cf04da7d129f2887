import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/harness";

describe("an admin signs a user out everywhere", () => {
	let ctx: TestContext;
	beforeAll(async () => {
		ctx = await createTestContext();
	}, 90_000);
	afterAll(() => ctx?.close());

	it("ends every session of that user, only theirs, and audits it", async () => {
		const adminUser = await ctx.createUser({ is_admin: true });
		const admin = await ctx.signIn(adminUser.id);
		const rider = await ctx.createUser();
		const phone = await ctx.signIn(rider.id);
		const laptop = await ctx.signIn(rider.id);
		const other = await ctx.signIn((await ctx.createUser()).id);
		expect((await ctx.request(phone, { url: "/api/me" })).statusCode).toBe(200);

		const res = await ctx.request(admin, {
			method: "POST",
			url: `/api/admin/users/${rider.id}/sign-out`,
		});
		expect(res.statusCode).toBe(200);
		expect(res.json()).toEqual({ endedSessions: 2 });
		for (const session of [phone, laptop]) {
			expect((await ctx.request(session, { url: "/api/me" })).statusCode).toBe(401);
		}
		expect((await ctx.request(other, { url: "/api/me" })).statusCode).toBe(200);
		expect((await ctx.request(admin, { url: "/api/me" })).statusCode).toBe(200);

		const audit = await ctx.db
			.selectFrom("audit_log")
			.selectAll()
			.where("target_id", "=", rider.id)
			.execute();
		expect(audit).toHaveLength(1);
		expect(audit[0]).toMatchObject({
			action: "user.sign_out_everywhere",
			actor_id: adminUser.id,
			actor_label: adminUser.email,
			target_type: "user",
			details: { email: rider.email, endedSessions: 2 },
		});
	});

	it("answers 404 for an unknown user and 400 for a malformed id, auditing nothing", async () => {
		const admin = await ctx.signIn((await ctx.createUser({ is_admin: true })).id);
		const before = await ctx.db.selectFrom("audit_log").select("id").execute();
		const unknown = await ctx.request(admin, {
			method: "POST",
			url: "/api/admin/users/00000000-0000-4000-8000-000000000000/sign-out",
		});
		expect(unknown.statusCode).toBe(404);
		expect(unknown.json()).toMatchObject({
			error: "user_not_found",
			message: "Usuário não encontrado.",
		});
		const malformed = await ctx.request(admin, {
			method: "POST",
			url: "/api/admin/users/nope/sign-out",
		});
		expect(malformed.statusCode).toBe(400);
		expect(await ctx.db.selectFrom("audit_log").select("id").execute()).toEqual(before);
	});
});
