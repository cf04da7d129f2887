import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, expectNoSidewaysScroll, settle } from "./support/checks";
import { SCREENSHOT_DIR } from "./support/screenshots";
import { signInAs } from "./support/sign-in";

const RIDER = "piloto1@lapsix.example";

/** Clicks a choice of the open export menu and returns the download's name and first bytes. */
async function download(page: Page, format: string) {
	const [file] = await Promise.all([
		page.waitForEvent("download"),
		page.getByTestId(`export-${format}`).click(),
	]);
	const path = await file.path();
	const bytes = await readFile(path);
	return { name: file.suggestedFilename(), head: bytes.subarray(0, 200).toString("utf8"), bytes };
}

async function openMenu(page: Page, width: number, screen: string) {
	const menu = page.getByTestId("export-menu");
	await menu.getByText("Exportar", { exact: true }).click();
	await expect(menu.getByTestId("export-gpx")).toBeVisible();
	await expect(menu.getByText("Strava, Google Earth e outros apps de GPS")).toBeVisible();
	await settle(page);
	await expectNoSidewaysScroll(page, `export menu on ${screen} at ${width} px`);
	await expectAccessible(page, `export menu on ${screen} at ${width} px`);
	// The panel lies inside the viewport, whatever the width.
	const box = (await menu.locator(".export-menu__panel").boundingBox())!;
	expect(box.x).toBeGreaterThanOrEqual(0);
	expect(box.x + box.width).toBeLessThanOrEqual(width);
	await page.screenshot({ path: join(SCREENSHOT_DIR, `export-${screen}-${width}.png`) });
	return menu;
}

test.describe("export from the session and lap views", () => {
	for (const width of [1280, 360]) {
		test(`downloads the session and one lap at ${width} px`, async ({ page }) => {
			await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
			await signInAs(page, RIDER);
			await page.goto("/laps");
			await expect(page.getByTestId("session-title")).toBeVisible();
			// The track as written (filename*), never a path.
			await openMenu(page, width, "laps");
			const gpx = await download(page, "gpx");
			expect(gpx.name).toMatch(/^lapsix_[^/\\]+_\d{4}-\d{2}-\d{2}\.gpx$/);
			expect(gpx.head).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\s*<gpx /);
			expect(gpx.bytes.toString("utf8")).toContain("</gpx>");

			await page.goto("/analytics");
			const lapSelect = page.getByLabel("Volta:");
			await expect(lapSelect).toBeVisible();
			const lap = await lapSelect.inputValue();
			expect(lap).toMatch(/^\d+$/);
			const menu = await openMenu(page, width, "analytics");
			await expect(menu.getByText(`Exportar a volta ${lap}`)).toBeVisible();
			const vbo = await download(page, "vbo");
			expect(vbo.name).toMatch(
				new RegExp(`^lapsix_[^/\\\\]+_\\d{4}-\\d{2}-\\d{2}_volta-${lap}\\.vbo$`),
			);
			expect(vbo.head).toMatch(/^File created on /);
			// The whole session from the lap view.
			await menu.getByText("Exportar", { exact: true }).click();
			await menu.getByLabel("Sessão inteira").check();
			const csv = await download(page, "csv");
			expect(csv.name).toMatch(/^lapsix_[^/\\]+_\d{4}-\d{2}-\d{2}\.csv$/);
			expect(csv.head.startsWith("pista,volta,hora_utc,tempo_sessao_s,")).toBe(true);
			const laps = new Set(
				csv.bytes
					.toString("utf8")
					.trim()
					.split("\r\n")
					.slice(1)
					.map((row) => row.split(",")[1]),
			);
			expect(laps.size).toBeGreaterThan(1);
		});
	}
});
