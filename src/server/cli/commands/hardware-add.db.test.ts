import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/database";
import { hashDeviceKey } from "../../device/device-keys";
import { createTestDatabase } from "../../test/test-database";
import { runHardwareAddCommand } from "./hardware-add";

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
	const code = await runHardwareAddCommand(args, { db: handle.db }, io);
	return { code, stdout, stderr };
}

const hardwareRow = (id: string) =>
	handle.db.selectFrom("hardware").selectAll().where("id", "=", id).executeTakeFirst();

describe("lapsix hardware add", () => {
	it("registers a logger and prints its key once, stored only as a hash", async () => {
		const result = await run("A7F3", "--name", "Kart do João");
		expect(result.code).toBe(0);
		expect(result.stderr).toBe("");
		const key = /Chave do dispositivo: (lsx_[A-Za-z0-9_-]{43})\n/.exec(result.stdout)?.[1];
		expect(key).toBeDefined();
		expect(result.stdout).toContain("Hardware registrado: A7F3 (Kart do João).");
		expect(result.stdout).toContain("não será mostrada de novo");
		const row = await hardwareRow("A7F3");
		expect(row).toMatchObject({
			name: "Kart do João",
			owner_id: null,
			device_key_hash: hashDeviceKey(key!),
		});
		const audit = await handle.db
			.selectFrom("audit_log")
			.selectAll()
			.where("target_id", "=", "A7F3")
			.execute();
		expect(audit.map((e) => [e.action, e.actor_label])).toEqual([["hardware.register", "cli"]]);
	});

	it("exits 1 when the id exists, keeping the old key", async () => {
		const before = await hardwareRow("A7F3");
		const result = await run("A7F3");
		expect(result.code).toBe(1);
		expect(result.stdout).toBe("");
		expect(result.stderr).toBe('lapsix hardware add: Já existe um logger com o código "A7F3".\n');
		expect((await hardwareRow("A7F3"))?.device_key_hash).toBe(before?.device_key_hash);
	});

	it("registers without a name", async () => {
		const result = await run("1");
		expect(result.code).toBe(0);
		expect(result.stdout).toContain("Hardware registrado: 1.\n");
		expect((await hardwareRow("1"))?.name).toBeNull();
	});

	it("exits 2 for an invalid id or arguments, writing nothing", async () => {
		for (const args of [
			[],
			["a b"],
			["../x"],
			["x".repeat(65)],
			["A", "B"],
			["A", "--name"],
			["A", "--cor", "azul"],
			["A", "--name", "n".repeat(61)],
		]) {
			const result = await run(...args);
			expect({ args, code: result.code }).toEqual({ args, code: 2 });
			expect(result.stderr).toMatch(/^lapsix hardware add: .+\nuso: lapsix hardware add/);
		}
		expect((await run("a b")).stderr).toContain("código inválido");
		expect(await hardwareRow("A")).toBeUndefined();
	});
});
