import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const MAIN = join(import.meta.dirname, "main.ts");

function startServer(env: Record<string, string>): ChildProcess & { output: () => string } {
	const child = spawn(process.execPath, ["--import", "tsx", MAIN], {
		env: {
			PATH: process.env.PATH ?? "",
			NODE_ENV: "test",
			LOG_LEVEL: "info",
			SEED_DEMO: "0",
			...env,
		},
		stdio: ["ignore", "pipe", "pipe"],
	});
	let output = "";
	child.stdout?.on("data", (chunk) => {
		output += chunk;
	});
	child.stderr?.on("data", (chunk) => {
		output += chunk;
	});
	return Object.assign(child, { output: () => output });
}

function exitOf(child: ChildProcess): Promise<number | null> {
	return new Promise((resolve) => {
		if (child.exitCode !== null) resolve(child.exitCode);
		else child.on("exit", (code) => resolve(code));
	});
}

function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.listen(0, "127.0.0.1", () => {
			const address = server.address();
			server.close(() =>
				typeof address === "object" && address
					? resolve(address.port)
					: reject(new Error("no port")),
			);
		});
	});
}

async function waitForReady(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
		try {
			const res = await fetch(url);
			if (res.ok) return;
		} catch {
			// not listening yet
		}
		await new Promise((r) => setTimeout(r, 200));
	}
	throw new Error(`not ready: ${url}`);
}

const dataDir = () => mkdtempSync(join(tmpdir(), "lapsix-main-"));
const running: ChildProcess[] = [];
afterAll(() => {
	for (const child of running) child.kill("SIGKILL");
});

describe("server start", () => {
	it("ends with one clear line naming a bad variable", async () => {
		const child = startServer({ PORT: "abc", DATA_DIR: dataDir() });
		expect(await exitOf(child)).not.toBe(0);
		const lines = child.output().trim().split("\n");
		expect(lines).toHaveLength(1);
		expect(lines[0]).toMatch(/^lapsix: configuração inválida: PORT: "abc"/);
	});

	it("refuses to open the passwordless demo to the network, with one clear line", async () => {
		const child = startServer({ HOST: "0.0.0.0", DATA_DIR: dataDir() });
		expect(await exitOf(child)).toBe(1);
		const lines = child.output().trim().split("\n");
		expect(lines).toHaveLength(1);
		expect(lines[0]).toMatch(
			/^lapsix: configuração inválida: HOST: "0.0.0.0" abriria o modo demonstração/,
		);
		expect(lines[0]).toContain("DEMO_ALLOW_REMOTE=1");
	});

	it("warns loudly when the demo is opened to the network on purpose", async () => {
		const port = await freePort();
		const child = startServer({
			HOST: "0.0.0.0",
			DEMO_ALLOW_REMOTE: "1",
			PORT: String(port),
			DATA_DIR: dataDir(),
		});
		running.push(child);
		await waitForReady(`http://127.0.0.1:${port}/readyz`, child);
		const deadline = Date.now() + 10_000;
		while (!child.output().includes("demo_exposed") && Date.now() < deadline) {
			await new Promise((resolve) => setTimeout(resolve, 100));
		}
		expect(child.output()).toContain("ATENÇÃO: MODO DEMONSTRAÇÃO ABERTO À REDE (HOST=0.0.0.0");
		expect(child.output()).toContain('"event":"demo_exposed"');
		child.kill("SIGTERM");
		expect(await exitOf(child)).toBe(0);
	}, 90_000);

	it("ends with one clear line when DATABASE_URL cannot be reached", async () => {
		const port = await freePort();
		const child = startServer({
			DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/nope`,
			DATA_DIR: dataDir(),
		});
		expect(await exitOf(child)).not.toBe(0);
		// What it was doing ("lapsix: conectando ao PostgreSQL…"), then one line saying why it stopped.
		const lines = child.output().trim().split("\n");
		expect(lines.slice(0, -1).every((line) => /^lapsix: .*…$/.test(line))).toBe(true);
		expect(lines.filter((line) => !line.endsWith("…"))).toHaveLength(1);
		expect(lines.at(-1)).toMatch(
			/^lapsix: não foi possível conectar ao banco de dados \(DATABASE_URL\)/,
		);
	});

	it("serves, refuses a second server on the same DATA_DIR, and stops cleanly on SIGTERM", async () => {
		const dir = dataDir();
		const port = await freePort();
		const first = startServer({ DATA_DIR: dir, PORT: String(port), HOST: "127.0.0.1" });
		running.push(first);
		await waitForReady(`http://127.0.0.1:${port}/readyz`, first);

		const second = startServer({
			DATA_DIR: dir,
			PORT: String(await freePort()),
			HOST: "127.0.0.1",
		});
		expect(await exitOf(second)).toBe(1);
		expect(second.output()).toMatch(
			/em uso pelo servidor lapsix \(pid \d+, http:\/\/localhost:\d+\)/,
		);

		// The CLI must not open the embedded database under the running server either.
		const cli = spawn(
			process.execPath,
			["--import", "tsx", join(import.meta.dirname, "cli/main.ts"), "migrate"],
			{
				env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", DATA_DIR: dir },
				stdio: ["ignore", "pipe", "pipe"],
			},
		);
		let cliOutput = "";
		cli.stderr?.on("data", (chunk) => {
			cliOutput += chunk;
		});
		expect(await exitOf(cli)).toBe(1);
		expect(cliOutput).toMatch(/em uso pelo servidor lapsix \(pid \d+/);

		first.kill("SIGTERM");
		expect(await exitOf(first)).toBe(0);

		// The data is kept: a new start on the same directory works and finds the same database.
		const again = startServer({ DATA_DIR: dir, PORT: String(port), HOST: "127.0.0.1" });
		running.push(again);
		await waitForReady(`http://127.0.0.1:${port}/readyz`, again);
		again.kill("SIGTERM");
		expect(await exitOf(again)).toBe(0);
	}, 120_000);
});
