import { expect, type Page } from "@playwright/test";

/**
 * Signs in through the real sign-in flow: the login page's "Login with Google" button opens the
 * sign-in popup, which (with no Google client configured) shows the demo issuer's page; typing an
 * e-mail there and pressing "Entrar" signs that account in. Resolves once the app is on /user or
 * /enroll (a rider who has not filled "Meus Dados" yet).
 */
export async function signInAs(page: Page, email: string): Promise<void> {
	await page.goto("/login");
	const popupOpened = page.waitForEvent("popup");
	await page.getByRole("button", { name: "Login with Google" }).click();
	const popup = await popupOpened;
	await popup.getByLabel("E-mail").fill(email);
	await popup.getByRole("button", { name: "Entrar", exact: true }).click();
	await page.waitForURL(/\/(user|enroll)(\?|#|$)/, { timeout: 20_000 });
	await expect(page).toHaveURL(/\/(user|enroll)(\?|#|$)/);
}
