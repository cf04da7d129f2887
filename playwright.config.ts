import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
	testDir: "e2e",
	outputDir: "test-results/e2e",
	// One server with shared demo data: the tests run one after another.
	workers: 1,
	fullyParallel: false,
	retries: process.env.CI ? 1 : 0,
	timeout: 60_000,
	expect: { timeout: 10_000 },
	reporter: [["list"]],
	use: {
		baseURL: `http://localhost:${port}`,
		locale: "pt-BR",
		timezoneId: "America/Sao_Paulo",
		trace: "retain-on-failure",
		launchOptions: {
			executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
			args: [
				"--no-sandbox",
				"--disable-gpu",
				"--disable-quic",
				"--no-first-run",
				"--disable-background-networking",
				"--disable-component-update",
				"--disable-sync",
			],
		},
	},
	webServer: {
		command: "node bin/e2e-server.mjs",
		url: `http://127.0.0.1:${port}/readyz`,
		reuseExistingServer: false,
		timeout: 120_000,
		stdout: "pipe",
		stderr: "pipe",
		env: { E2E_PORT: String(port) },
	},
});
