import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, expectNoSidewaysScroll } from "./support/checks";
import { captureScreens } from "./support/screenshots";
import { signInAs } from "./support/sign-in";

const FIXTURES = join(process.cwd(), "fixtures", "import");

/** A rider made for this run, with "Meus Dados" filled so the home opens. */
async function signInFreshRider(page: Page, prefix: string): Promise<string> {
	const email = `${prefix}-${Date.now().toString(36)}@lapsix.example`;
	await signInAs(page, email);
	const me = await page.request.get("/api/me");
	const { csrfToken } = (await me.json()) as { csrfToken: string };
	const saved = await page.request.put("/api/me/profile", {
		headers: { "x-csrf-token": csrfToken },
		data: {
			wifiSsid: "casa",
			wifiPassword: "segredo1",
			pilotName: "Iara Importa",
			bikeNumber: "7",
		},
	});
	expect(saved.ok(), await saved.text()).toBe(true);
	await page.goto("/user");
	await expect(page).toHaveURL(/\/user/);
	return email;
}

test.describe("importing a recording in the browser", () => {
	for (const width of [1280, 360] as const) {
		test(`a RaceChrono file becomes a session at ${width} px`, async ({ page }) => {
			await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
			await signInFreshRider(page, `importa${width}`);
			const panel = page.getByTestId("import-panel");
			await expect(panel.getByRole("button", { name: "Importar sessão" })).toBeVisible();
			// No session yet: the home says so and points at the import.
			await expect(page.getByText(/Nenhuma sessão ainda/)).toBeVisible();

			// An unreadable file fails clearly and is not worth sending again.
			await page.getByTestId("import-input").setInputFiles({
				name: "anotacoes.txt",
				mimeType: "text/plain",
				buffer: Buffer.from("isto não é uma gravação de GPS\n"),
			});
			const failed = page.getByTestId("import-item").filter({ hasText: "anotacoes.txt" });
			await expect(failed.getByTestId("import-error")).toContainText("Não foi possível importar");
			await expect(failed.getByRole("button", { name: "Tentar de novo" })).toHaveCount(0);

			await page
				.getByTestId("import-input")
				.setInputFiles(join(FIXTURES, "racechrono", "normal.csv"));
			const item = page.getByTestId("import-item").filter({ hasText: "normal.csv" });
			await expect(item.getByTestId("import-done")).toContainText("Importada:", {
				timeout: 20_000,
			});
			await expect(item).toContainText("RaceChrono");
			await captureScreens(page, "import-done", { widths: [width] });
			await expectAccessible(page, `import ${width}`);
			await expectNoSidewaysScroll(page, `import ${width}`);

			// The report: counts of each kind, each entry with its line and reason.
			await item.getByRole("button", { name: "Ver relatório" }).click();
			const dialog = page.getByTestId("import-report-dialog");
			await expect(dialog.getByTestId("import-report-counts")).toHaveText(
				/linhas? recusadas?|Nenhuma linha recusada/,
			);
			await expect(dialog.getByTestId("import-report")).toBeVisible();
			await captureScreens(page, "import-report", { widths: [width] });
			await dialog.getByRole("button", { name: "Fechar" }).click();

			// In the tree under its track and date.
			const summary = (await item.getByTestId("import-done").innerText()).trim();
			const track = /Importada: (.+?), \d{2}\/\d{2}\/\d{4}/.exec(summary)?.[1];
			expect(track, summary).toBeTruthy();
			const tree = page.getByRole("list", { name: "Sessões gravadas" });
			await expect(tree.getByRole("button", { name: track! })).toBeVisible();
			await expect(page.getByTestId("tree-lap").first()).toBeVisible();

			// Its laps.
			await item.getByRole("link", { name: "Voltas" }).click();
			await expect(page).toHaveURL(/\/laps\?/);
			await expect(page.getByTestId("lap-table")).toBeVisible();
			await expect(page.getByTestId("session-source")).toContainText("normal.csv");
			await captureScreens(page, "import-laps", { widths: [width] });
		});
	}

	test("a large file cut off mid-way goes on from where it stopped", async ({ page }) => {
		await page.setViewportSize({ width: 1280, height: 800 });
		await signInFreshRider(page, "retoma");
		// Over 5 MiB: more than one chunk of the resumable upload.
		const points = 70_000;
		const t0 = Date.parse("2025-05-10T12:00:00Z");
		const rows = Array.from(
			{ length: points },
			(_, i) =>
				`<trkpt lat="${(-22.9 + i * 1e-6).toFixed(7)}" lon="-43.2"><time>${new Date(t0 + i * 1000).toISOString()}</time></trkpt>`,
		);
		const gpx = Buffer.from(
			`<?xml version="1.0"?><gpx version="1.1" creator="teste" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Retomada</name><trkseg>${rows.join("")}</trkseg></trk></gpx>`,
		);
		expect(gpx.length).toBeGreaterThan(5 * 1024 * 1024);

		// The paddock's Wi-Fi: once the first chunk is in, every further chunk is cut.
		let connected = false;
		const creations: string[] = [];
		const chunkOffsets: number[] = [];
		page.on("request", (request) => {
			if (!request.url().includes("/api/sessions/import/uploads")) return;
			if (request.method() === "POST") creations.push(request.url());
			if (request.method() === "PATCH" && connected) {
				chunkOffsets.push(Number(request.headers()["upload-offset"]));
			}
		});
		await page.route("**/api/sessions/import/uploads/*", async (route) => {
			const offset = Number(route.request().headers()["upload-offset"] ?? 0);
			if (!connected && route.request().method() === "PATCH" && offset > 0) {
				await route.abort("connectionreset");
				return;
			}
			await route.continue();
		});

		await page.getByTestId("import-input").setInputFiles({
			name: "retomada.gpx",
			mimeType: "application/gpx+xml",
			buffer: gpx,
		});
		const item = page.getByTestId("import-item").filter({ hasText: "retomada.gpx" });
		// A few retries of its own, then the person is told and offered to try again.
		await expect(item.getByTestId("import-error")).toContainText("Sem conexão", {
			timeout: 30_000,
		});
		await expect(item.getByRole("progressbar")).toHaveCount(0);
		await captureScreens(page, "import-cut", { widths: [1280] });

		connected = true;
		await item.getByRole("button", { name: "Tentar de novo" }).click();
		await expect(item.getByTestId("import-done")).toContainText("Importada:", { timeout: 30_000 });
		// The same upload went on from the first chunk's end: no new upload, nothing sent twice.
		expect(creations).toHaveLength(1);
		expect(chunkOffsets[0]).toBe(5 * 1024 * 1024);
		expect(Math.min(...chunkOffsets)).toBe(5 * 1024 * 1024);
	});

	test("a recording without lean shows its lean as estimated", async ({
		page,
		browser,
	}, testInfo) => {
		await page.setViewportSize({ width: 1280, height: 800 });
		// The RaceChrono file's lap markers give the oval its start/finish line, which then times
		// the NMEA recording made there (NMEA has no lap markers of its own). Another rider imports
		// it: two sessions of one rider at one track and date would share an address.
		const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
		const otherPage = await other.newPage();
		await signInAs(otherPage, "piloto2@lapsix.example");
		const me = await otherPage.request.get("/api/me");
		const { csrfToken } = (await me.json()) as { csrfToken: string };
		const seeded = await otherPage.request.post("/api/sessions/import?name=normal.csv", {
			headers: { "x-csrf-token": csrfToken, "content-type": "application/octet-stream" },
			data: readFileSync(join(FIXTURES, "racechrono", "normal.csv")),
		});
		expect(seeded.status(), await seeded.text()).toBeLessThan(300);
		await other.close();
		await signInFreshRider(page, "estimada");
		await page.getByTestId("import-input").setInputFiles(join(FIXTURES, "nmea", "normal.nmea"));
		const item = page.getByTestId("import-item").filter({ hasText: "normal.nmea" });
		await expect(item.getByTestId("import-done")).toContainText("NMEA", { timeout: 20_000 });
		await item.getByRole("button", { name: "Mostrar na lista" }).click();
		await page
			.getByRole("link", { name: /^Análise de / })
			.first()
			.click();
		await expect(page).toHaveURL(/\/analytics\?/);
		await expect(page.getByTestId("figure-max-roll")).toBeVisible();
		await expect(page.getByText("Inclinação máxima à direita (estimada)")).toBeVisible();
		await expect(page.getByText("Inclinação (estimada) × distância")).toBeVisible();
		await page.getByText("Inclinação (estimada)", { exact: true }).click();
		await expect(page.getByTestId("track-legend-title")).toContainText("Inclinação estimada");
		await captureScreens(page, "lean-estimated");
		// The lap's channels are already loaded for its charts: the comparison reads the same
		// ones, lean estimated, and finds the path in them.
		await page.getByTestId("compare-toggle").check();
		await expect(page.getByTestId("lap-comparison")).toBeVisible();
		await expect(page.getByText("Esta volta não tem pontos de GPS para comparar.")).toHaveCount(0);
		await expect(page.getByText("Inclinação (estimada) × distância")).toBeVisible();
		await expect(page.getByTestId("compare-view")).toHaveAttribute("data-ready", "true");
	});
});
