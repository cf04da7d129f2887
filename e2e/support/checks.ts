import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Waits until the screen has loaded what it shows: no request running, no loading state left. */
export async function settle(page: Page): Promise<void> {
	await page.waitForLoadState("networkidle");
	await expect(page.locator(".skeleton, .state--loading, [aria-busy='true']")).toHaveCount(0, {
		timeout: 20_000,
	});
	const canvas = page.getByTestId("track-canvas");
	if ((await canvas.count()) > 0) await expect(canvas).toHaveAttribute("data-renders", /[1-9]/);
	// Fonts, a chart's first draw and the canvas frame settle within a couple of frames.
	await page.evaluate(
		() =>
			new Promise<void>((resolve) =>
				requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
			),
	);
}

/** The page never scrolls sideways: nothing is wider than the window. */
export async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
	const { scrollWidth, innerWidth } = await page.evaluate(() => ({
		scrollWidth: document.documentElement.scrollWidth,
		innerWidth: window.innerWidth,
	}));
	expect(
		scrollWidth,
		`${label} scrolls sideways (${scrollWidth} > ${innerWidth})`,
	).toBeLessThanOrEqual(innerWidth);
}

/** No serious or critical accessibility violation (axe-core, WCAG 2.x A and AA rules). */
export async function expectAccessible(page: Page, label: string): Promise<void> {
	const results = await new AxeBuilder({ page })
		.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
		.analyze();
	const bad = results.violations
		.filter((v) => v.impact === "serious" || v.impact === "critical")
		.map(
			(v) =>
				`${v.id} (${v.impact}): ${v.help}\n${v.nodes
					.slice(0, 4)
					.map((n) => `   ${n.target.join(" ")} ${n.failureSummary?.split("\n")[1] ?? ""}`)
					.join("\n")}`,
		);
	expect(bad, `${label}: accessibility violations`).toEqual([]);
}

/** Every control a finger taps is at least 44 x 44 CSS pixels. */
export async function expectTouchTargets(page: Page, label: string): Promise<void> {
	const small = await page.evaluate(() => {
		const selector = [
			"button",
			"select",
			"input:not([type=checkbox]):not([type=radio])",
			"a.btn",
			".app-menu__link",
			".tree__node",
			".tree__leaf",
			".lap-table__number a",
		].join(",");
		const found: string[] = [];
		for (const element of document.querySelectorAll<HTMLElement>(selector)) {
			const rect = element.getBoundingClientRect();
			const style = getComputedStyle(element);
			const hidden =
				rect.width === 0 ||
				rect.height === 0 ||
				style.visibility === "hidden" ||
				element.closest("dialog:not([open]), [hidden], .visually-hidden") !== null;
			if (hidden) continue;
			if (rect.height < 44 - 0.5 || rect.width < 44 - 0.5) {
				const name = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim();
				found.push(
					`${element.tagName.toLowerCase()} "${name.slice(0, 30)}" ${Math.round(rect.width)}x${Math.round(rect.height)}`,
				);
			}
		}
		return found;
	});
	expect(small, `${label}: tap targets smaller than 44 px`).toEqual([]);
}
