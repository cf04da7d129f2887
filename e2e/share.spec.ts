import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, expectNoSidewaysScroll, settle } from "./support/checks";
import { captureScreens } from "./support/screenshots";
import { signInAs } from "./support/sign-in";

const RIDER = "piloto1@lapsix.example";

async function canvasDrawn(page: Page) {
	const canvas = page.getByTestId("track-canvas");
	await expect(canvas).toHaveAttribute("data-renders", /[1-9]/);
	await expect
		.poll(() =>
			canvas.evaluate((element) => {
				const c = element as HTMLCanvasElement;
				const data = c.getContext("2d")?.getImageData(0, 0, c.width, c.height).data;
				let painted = 0;
				if (data) for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted++;
				return painted;
			}),
		)
		.toBeGreaterThan(2000);
}

test.describe("read-only links", () => {
	test("a rider shares a session; a fresh browser sees it at 1280 and 360 px; revoked, nothing", async ({
		page,
		browser,
	}) => {
		// Three browsers, two widths and accessibility checks: more than one screen's worth.
		test.setTimeout(180_000);
		await signInAs(page, RIDER);
		await page.goto("/laps");
		const title = page.getByTestId("session-title");
		await expect(title).toBeVisible();
		const track = (await title.textContent())!.split("·")[0]!.trim();
		const panel = page.getByTestId("share-links");
		await expect(panel.getByTestId("share-none")).toContainText("Nenhum link ativo.");
		await panel.getByRole("button", { name: "Compartilhar" }).click();
		await panel.getByLabel("Validade (dias)").fill("7");
		await panel.getByRole("button", { name: "Criar link" }).click();
		const url = await panel.getByTestId("share-url").inputValue();
		expect(url).toMatch(/^http:\/\/localhost:\d+\/s\/[A-Za-z0-9_-]{43}$/);
		await expect(panel.getByTestId("share-list").getByRole("listitem")).toHaveCount(1);
		await captureScreens(page, "share-rider", { widths: [1280] });
		await expectAccessible(page, "laps with the share panel");
		await page.setViewportSize({ width: 360, height: 740 });
		await panel.screenshot({ path: "test-results/screenshots/share-rider-panel-360.png" });
		await page.setViewportSize({ width: 1280, height: 800 });

		// A browser with no account and no cookie: the session, and nothing else.
		const stranger = await browser.newContext({ locale: "pt-BR" });
		const viewer = await stranger.newPage();
		const calls: string[] = [];
		viewer.on("request", (request) => {
			if (new URL(request.url()).pathname.startsWith("/api/"))
				calls.push(new URL(request.url()).pathname);
		});
		await viewer.goto(url);
		await expect(viewer.getByTestId("session-title")).toContainText(track);
		await expect(viewer.getByText("Sessão compartilhada · somente leitura")).toBeVisible();
		await expect(viewer.getByRole("heading", { name: "Resumo da sessão" })).toBeVisible();
		await expect(viewer.getByTestId("lap-time").first()).toBeVisible();
		await canvasDrawn(viewer);
		// No menu, no account, no management: nothing to navigate to.
		await expect(viewer.getByRole("navigation")).toHaveCount(0);
		await expect(viewer.getByRole("button", { name: /menu/i })).toHaveCount(0);
		await expect(viewer.getByText(RIDER)).toHaveCount(0);
		await expect(viewer.getByText(/Wi-?Fi|Meus Dados|Sair/)).toHaveCount(0);
		// Besides the shared session: who is signed in, and whether to show the demo banner.
		const PAGE_FRAME = ["/api/me/state", "/api/instance"];
		expect(calls.filter((p) => !p.startsWith("/api/shared/") && !PAGE_FRAME.includes(p))).toEqual(
			[],
		);
		await captureScreens(viewer, "share-viewer", {
			ready: async (p) => {
				await canvasDrawn(p);
				await settle(p);
				const width = p.viewportSize()?.width;
				await expectNoSidewaysScroll(p, `shared viewer at ${width} px`);
				await expectAccessible(p, `shared viewer at ${width} px`);
			},
		});
		// What a phone shows first, without scrolling.
		await viewer.setViewportSize({ width: 360, height: 740 });
		await canvasDrawn(viewer);
		await viewer.screenshot({ path: "test-results/screenshots/share-viewer-360-top.png" });
		await viewer.setViewportSize({ width: 1280, height: 800 });

		// Another lap, by its row.
		await viewer.getByRole("row").nth(2).getByRole("link").click();
		await expect(viewer).toHaveURL(/\?volta=\d+$/);
		await canvasDrawn(viewer);

		// The rider revokes it, after confirming.
		await panel.getByRole("button", { name: "Revogar" }).click();
		const dialog = page.getByTestId("revoke-dialog");
		await expect(dialog.getByRole("heading", { name: "Revogar o link?" })).toBeVisible();
		await dialog.getByRole("button", { name: "Revogar" }).click();
		await expect(panel.getByTestId("share-none")).toContainText("Nenhum link ativo.");

		// The same link, in another fresh browser: nothing of the session.
		const later = await browser.newContext({ locale: "pt-BR" });
		const gone = await later.newPage();
		await gone.goto(url);
		await expect(gone.getByTestId("shared-gone")).toContainText(
			"Este link não existe, expirou ou foi revogado",
		);
		await expect(gone.getByTestId("session-title")).toHaveCount(0);
		await expect(gone.getByText(track)).toHaveCount(0);
		await captureScreens(gone, "share-revoked", {
			ready: (p) => expectAccessible(p, "revoked link"),
		});
		const api = await gone.request.get(url.replace("/s/", "/api/shared/"));
		expect(api.status()).toBe(404);
		await stranger.close();
		await later.close();
	});
});
