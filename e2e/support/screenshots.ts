import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";

export const SCREENSHOT_DIR = join(process.cwd(), "test-results", "screenshots");
export const SCREENSHOT_WIDTHS = [1280, 360] as const;

const HEIGHT_FOR_WIDTH: Record<number, number> = { 1280: 800, 360: 740 };

/**
 * Full-page screenshots of the current screen at each width, as
 * `test-results/screenshots/<name>-<width>.png`. `ready` runs after each resize (e.g. wait for a
 * canvas to redraw). The viewport is restored afterwards.
 */
export async function captureScreens(
	page: Page,
	name: string,
	options: { widths?: readonly number[]; ready?: (page: Page) => Promise<void> } = {},
): Promise<string[]> {
	mkdirSync(SCREENSHOT_DIR, { recursive: true });
	const original = page.viewportSize();
	const files: string[] = [];
	for (const width of options.widths ?? SCREENSHOT_WIDTHS) {
		await page.setViewportSize({ width, height: HEIGHT_FOR_WIDTH[width] ?? 800 });
		// Layout, fonts and any canvas redraw settle within a couple of frames.
		await page.evaluate(
			() =>
				new Promise<void>((resolve) =>
					requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
				),
		);
		if (options.ready) await options.ready(page);
		// The header is fixed: a page scrolled down would show it in the middle of a full-page shot.
		await page.evaluate(() => window.scrollTo(0, 0));
		const file = join(SCREENSHOT_DIR, `${name}-${width}.png`);
		await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
		files.push(file);
	}
	if (original) await page.setViewportSize(original);
	return files;
}
