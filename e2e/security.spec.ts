import { expect, test } from "@playwright/test";
import { captureScreens } from "./support/screenshots";
import { signInAs } from "./support/sign-in";

/** The demo banner and signing a user out everywhere, in a real browser against the demo. */

const ADMIN = "admin@lapsix.example";

test("shows the demo banner on every page, signed in or not", async ({ page }) => {
	const banner = page.getByRole("complementary", { name: "Modo demonstração" });
	await page.goto("/login");
	await expect(banner).toContainText(
		"qualquer pessoa entra sem senha, inclusive como administrador",
	);
	await captureScreens(page, "demo-banner-login");
	await signInAs(page, ADMIN);
	for (const path of ["/user", "/adm", "/hardware", "/seller", "/nao-existe"]) {
		await page.goto(path);
		await expect(banner, path).toBeVisible();
	}
	// The banner never hides the end of the page: the last element scrolls clear of it.
	await page.goto("/adm");
	await expect(page.getByRole("heading", { name: "Encerrar sessões" })).toBeVisible();
	await captureScreens(page, "demo-banner-adm");
});

test("an admin signs a user out everywhere, after confirming", async ({ page, browser }) => {
	const email = `sair-de-tudo-${Date.now()}@lapsix.example`;
	const riderContext = await browser.newContext();
	const rider = await riderContext.newPage();
	await signInAs(rider, email);
	expect((await (await rider.request.get("/api/me/state")).json()).user?.email).toBe(email);

	await signInAs(page, ADMIN);
	await page.goto("/adm");
	const panel = page.getByRole("region", { name: "Encerrar sessões" });
	const select = panel.getByLabel("Usuário");
	const value = await select.locator("option", { hasText: email }).getAttribute("value");
	await select.selectOption(value ?? "");
	await panel.getByRole("button", { name: "Encerrar sessões" }).click();
	const dialog = page.getByRole("dialog", { name: `Encerrar as sessões de ${email}?` });
	await expect(dialog).toBeVisible();
	await captureScreens(page, "sign-out-everywhere-confirm");
	// Cancelling changes nothing.
	await dialog.getByRole("button", { name: "Cancelar" }).click();
	expect((await (await rider.request.get("/api/me/state")).json()).user?.email).toBe(email);

	await panel.getByRole("button", { name: "Encerrar sessões" }).click();
	await dialog.getByRole("button", { name: "Encerrar sessões" }).click();
	await expect(panel.getByRole("status")).toHaveText(`1 sessão de ${email} encerrada.`);
	expect((await (await rider.request.get("/api/me/state")).json()).user).toBeNull();
	await page.goto("/hardware");
	await expect(page.getByTestId("audit-table")).toContainText("Encerrou as sessões do usuário");
	await riderContext.close();
});
