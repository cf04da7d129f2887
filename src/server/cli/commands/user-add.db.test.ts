import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/database";
import { createTestDatabase } from "../../test/test-database";
import { runUserAddCommand } from "./user-add";

let handle: DatabaseHandle;
beforeAll(async () => {
	handle = await createTestDatabase();
});
afterAll(() => handle.close());

async function run(...args: string[]) {
	let stdout = "";
	let stderr = "";
	const io = {
		stdout: { write: (text: string) => (stdout += text) },
		stderr: { write: (text: string) => (stderr += text) },
	};
	const code = await runUserAddCommand(args, { db: handle.db }, io);
	return { code, stdout, stderr };
}

const userByEmail = (email: string) =>
	handle.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();

describe("lapsix user add", () => {
	it("creates a user with a lower-cased e-mail and the given roles", async () => {
		const result = await run("Chefe@Example.com", "--admin");
		expect(result).toEqual({
			code: 0,
			stdout: "Usuário criado: chefe@example.com (administrador).\n",
			stderr: "",
		});
		expect(await userByEmail("chefe@example.com")).toMatchObject({
			is_admin: true,
			is_seller: false,
		});
	});

	it("adds a flag to an existing user and keeps the others", async () => {
		const result = await run("chefe@example.com", "--seller");
		expect(result.code).toBe(0);
		expect(result.stdout).toBe(
			"Usuário atualizado: chefe@example.com (agora administrador e revendedor).\n",
		);
		expect(await userByEmail("chefe@example.com")).toMatchObject({
			is_admin: true,
			is_seller: true,
		});
	});

	it("says when nothing changes, and removes a flag with --no-...", async () => {
		expect((await run("chefe@example.com", "--admin")).stdout).toBe(
			"Nada a mudar: chefe@example.com já é administrador e revendedor.\n",
		);
		expect((await run("chefe@example.com", "--no-seller")).code).toBe(0);
		expect(await userByEmail("chefe@example.com")).toMatchObject({
			is_admin: true,
			is_seller: false,
		});
	});

	it("creates a plain rider without flags", async () => {
		expect((await run("piloto@example.com")).stdout).toBe(
			"Usuário criado: piloto@example.com (piloto).\n",
		);
	});

	it("writes audit rows labelled cli", async () => {
		const user = await userByEmail("chefe@example.com");
		const entries = await handle.db
			.selectFrom("audit_log")
			.select(["action", "actor_label", "actor_id"])
			.where("target_id", "=", user!.id)
			.orderBy("id")
			.execute();
		expect(entries).toEqual([
			{ action: "user.create", actor_label: "cli", actor_id: null },
			{ action: "user.set_roles", actor_label: "cli", actor_id: null },
			{ action: "user.set_roles", actor_label: "cli", actor_id: null },
		]);
	});

	it("exits 2 with a clear pt-BR message for bad arguments, writing nothing", async () => {
		const before = await handle.db.selectFrom("users").select("id").execute();
		for (const args of [
			[],
			["sem-arroba"],
			["a@example.com", "b@example.com"],
			["a@example.com", "--root"],
			["a@example.com", "--admin", "--no-admin"],
		]) {
			const result = await run(...args);
			expect(result.code).toBe(2);
			expect(result.stdout).toBe("");
			expect(result.stderr).toMatch(/^lapsix user add: .+\nuso: lapsix user add/);
		}
		expect((await run("sem-arroba")).stderr).toContain('e-mail inválido: "sem-arroba"');
		expect(await handle.db.selectFrom("users").select("id").execute()).toEqual(before);
	});
});
