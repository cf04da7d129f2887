import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { signInAs } from "./support/sign-in";

const SCREENSHOTS = "test-results/screenshots";
mkdirSync(SCREENSHOTS, { recursive: true });

/** Opens the menu when it is closed (it starts open as a sidebar on wide screens). */
async function openMenu(page: Page) {
	const toggle = page.getByRole("button", { name: /^(Abrir|Fechar) menu$/ });
	await expect(toggle).toBeVisible();
	if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
	const menu = page.getByRole("navigation", { name: "Menu principal" });
	await expect(menu).toBeVisible();
	return menu;
}

/** A fresh e-mail per run: the demo data is shared by every test against this server. */
function newRiderEmail(): string {
	return `novo-piloto-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@exemplo.com`;
}

test.describe("sign-in", () => {
	test("the root leads to the login page (1280 and 360 px)", async ({ page }) => {
		for (const width of [1280, 360]) {
			await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
			await page.goto("/");
			await expect(page).toHaveURL(/\/login$/);
			const button = page.getByRole("button", { name: "Login with Google" });
			await expect(button).toBeVisible();
			await page.screenshot({ path: `${SCREENSHOTS}/login-${width}.png`, fullPage: true });
		}
	});

	test("a new rider signs in through the popup, fills Meus Dados and reaches /user", async ({
		page,
	}) => {
		const email = newRiderEmail();
		await signInAs(page, email);
		await expect(page).toHaveURL(/\/enroll$/);

		await page.getByLabel("Wi-Fi").fill("Box da Pista");
		await page.getByLabel("Senha", { exact: true }).fill("senha-da-box");
		await page.getByLabel("Nome do piloto").fill("Novo Piloto");
		await page.getByLabel("Número da moto").fill("42");
		await page.getByRole("button", { name: "Salvar" }).click();
		await expect(page).toHaveURL(/\/user(\?|$)/);

		// The saved data comes back from the server, not from the form's memory.
		await page.goto("/enroll");
		await expect(page.getByLabel("Wi-Fi")).toHaveValue("Box da Pista");
		await expect(page.getByLabel("Nome do piloto")).toHaveValue("Novo Piloto");
	});

	test("the popup closes itself after signing in", async ({ page }) => {
		await page.goto("/login");
		const popupOpened = page.waitForEvent("popup");
		await page.getByRole("button", { name: "Login with Google" }).click();
		const popup = await popupOpened;
		await expect(
			popup.getByText("Modo de demonstração: não há senha; qualquer e-mail entra."),
		).toBeVisible();
		await popup.getByLabel("E-mail").fill("piloto2@lapsix.example");
		const closed = popup.waitForEvent("close");
		await popup.getByRole("button", { name: "Entrar", exact: true }).click();
		await closed;
		await expect(page).toHaveURL(/\/user(\?|$)/);
	});

	test("the admin sees the management menus, also on a phone", async ({ page }) => {
		await page.setViewportSize({ width: 360, height: 740 });
		await signInAs(page, "admin@lapsix.example");
		const menu = await openMenu(page);
		for (const label of ["Pilotos e loggers", "Pilotos e revendedores", "Loggers"]) {
			await expect(menu.getByRole("link", { name: label, exact: true })).toBeVisible();
		}
	});

	test("a rider does not see the admin menus", async ({ page }) => {
		await signInAs(page, "piloto1@lapsix.example");
		const menu = await openMenu(page);
		await expect(menu.getByRole("link", { name: "Meus Dados", exact: true })).toBeVisible();
		await expect(menu.getByRole("link", { name: "Pilotos e loggers", exact: true })).toHaveCount(0);
		await expect(menu.getByRole("link", { name: "Loggers", exact: true })).toHaveCount(0);
	});

	test("Sair goes to /login, /user then sends back to /login, and another account can sign in", async ({
		page,
	}) => {
		await signInAs(page, "piloto2@lapsix.example");
		await page.getByRole("button", { name: "Sair" }).click();
		await expect(page).toHaveURL(/\/login$/);
		await page.goto("/user");
		await expect(page).toHaveURL(/\/login$/);
		const me = await page.request.get("/api/me");
		expect(me.status()).toBe(401);

		// Another account in the same browser: the demo issuer asks again and signs the new one in.
		await signInAs(page, "piloto1@lapsix.example");
		await expect(page.getByText("Paula Piloto").first()).toBeVisible();
	});

	test("signing in without a popup (blocked popups) works in the same window", async ({ page }) => {
		await page.goto("/auth/login");
		await page.getByLabel("E-mail").fill("piloto1@lapsix.example");
		await page.getByRole("button", { name: "Entrar", exact: true }).click();
		await expect(page).toHaveURL(/\/user(\?|$)/);
	});
});
