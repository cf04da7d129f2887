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
	});
});
