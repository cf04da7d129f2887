import { expect, type Page, test } from "@playwright/test";
import { captureScreens } from "./support/screenshots";
import { signInAs } from "./support/sign-in";

const RIDER = "piloto1@lapsix.example";

/** The comparison of lap 3 of the demo's 25 Hz Interlagos session against the session's best. */
const COMPARE_URL = "/analytics?track=Interlagos&date=2025-03-15&lap=3&cmp=1";

async function waitForCompareDrawn(page: Page) {
	await expect(page.getByTestId("compare-view")).toHaveAttribute("data-ready", "true", {
		timeout: 20_000,
	});
	await expect(page.getByTestId("compare-map")).toHaveAttribute("data-renders", /[1-9]/);
}

async function hoverChart(page: Page, testId: string, fraction: number) {
	const over = page.getByTestId(testId).locator(".u-over");
	await over.scrollIntoViewIfNeeded();
	const box = await over.boundingBox();
	if (!box) throw new Error(`${testId} has no box`);
	await page.mouse.move(box.x + box.width * fraction, box.y + box.height / 2);
}

const readout = (page: Page) => page.getByTestId("compare-readout");

test.describe("lap comparison", () => {
	test("desktop: cursor, zoom, reference change, sectors and corners", async ({ page }) => {
		await page.setViewportSize({ width: 1280, height: 800 });
		await signInAs(page, RIDER);
		await page.goto(COMPARE_URL);
		await waitForCompareDrawn(page);
		await expect(page.getByTestId("compare-summary")).toContainText("Volta 3");
		await expect(page.getByTestId("compare-summary")).toContainText("Melhor da sessão");
		await expect(page.getByTestId("compare-finish-delta")).toHaveText(/^[+−±]\d+,\d{3} s$/);

		// The cursor on the speed chart moves the readout and both map markers.
		await hoverChart(page, "compare-chart-speed", 0.3);
		const first = await readout(page).textContent();
		const markerAt = await page.getByTestId("compare-map-markers").getAttribute("data-cursor");
		await hoverChart(page, "compare-chart-delta", 0.7);
		await expect(readout(page)).not.toHaveText(first ?? "");
		await expect(page.getByTestId("compare-map-markers")).not.toHaveAttribute(
			"data-cursor",
			markerAt ?? "",
		);
		await expect(page.getByTestId("compare-delta-value")).toHaveText(/^[+−±]\d+,\d{3} s$/);
		await expect(readout(page)).toContainText("km/h");

		// Drag on one chart zooms all; the button resets.
		const over = page.getByTestId("compare-chart-lean").locator(".u-over");
		await over.scrollIntoViewIfNeeded();
		const box = (await over.boundingBox())!;
		await page.mouse.move(box.x + box.width * 0.2, box.y + 20);
		await page.mouse.down();
		await page.mouse.move(box.x + box.width * 0.45, box.y + 20, { steps: 5 });
		await page.mouse.up();
		await expect(page.getByTestId("compare-view")).toHaveAttribute("data-zoomed", "true");
		await page.getByRole("button", { name: "Redefinir zoom" }).click();
		await expect(page.getByTestId("compare-view")).toHaveAttribute("data-zoomed", "false");

		// Sectors and corners side by side.
		await expect(page.getByTestId("compare-sectors").locator("tbody tr")).not.toHaveCount(0);
		const corners = page.getByTestId("compare-corners").locator("tbody tr");
		expect(await corners.count()).toBeGreaterThan(3);

		await captureScreens(page, "compare", { widths: [1280], ready: waitForCompareDrawn });

		// Another reference: a lap of the other Interlagos session; the address says so.
		const select = page.getByTestId("compare-reference");
		const other = await select
			.locator("optgroup")
			.nth(1)
			.locator("option")
			.first()
			.getAttribute("value");
		expect(other).toMatch(/^[0-9a-f-]{36}\.\d+$/);
		await select.selectOption(other!);
		await expect(page).toHaveURL(new RegExp(`ref=${other!.replace(".", "\\.")}`));
		await waitForCompareDrawn(page);
		await expect(page.getByTestId("compare-summary")).toContainText("12/04/2025");

		// The personal best.
		await select.selectOption("pb");
		await expect(page).toHaveURL(/ref=pb/);
		await expect(page.getByTestId("compare-summary")).toContainText("Recorde pessoal");
		await waitForCompareDrawn(page);
	});

	test("/laps: gaps to the session best or a chosen lap, and a gap opens the comparison", async ({
		page,
	}) => {
		await page.setViewportSize({ width: 1280, height: 800 });
		await signInAs(page, RIDER);
		await page.goto("/laps?track=Interlagos&date=2025-03-15");
		await expect(page.getByTestId("lap-gap")).toHaveCount(12);
		const tree = await (await page.request.get("/api/sessions/tree")).json();
		const session = tree.tracks
			.find((t: { track: string }) => t.track === "Interlagos")
			.dates.find((d: { date: string }) => d.date === "2025-03-15");
		const detail = await (await page.request.get(`/api/sessions/${session.sessionId}`)).json();
		const best = detail.laps.find((l: { best: boolean }) => l.best);
		const lap3 = detail.laps.find((l: { number: number }) => l.number === 3);
		const row = (n: number) =>
			page
				.locator("tbody tr")
				.filter({ has: page.getByRole("link", { name: `Analisar a volta ${n}`, exact: true }) });
		await expect(row(best.number).getByTestId("lap-gap")).toHaveText("ref.");
		const gap = ((lap3.timeMs - best.timeMs) / 1000).toFixed(3).replace(".", ",");
		await expect(row(3).getByTestId("lap-gap")).toHaveText(`+${gap}`);
		// Each sector's gap to the best lap's same sector.
		const s1 = lap3.sectors[0].timeMs - best.sectors[0].timeMs;
		await expect(row(3).getByTestId("sector-gap").first()).toHaveText(
			`${s1 > 0 ? "+" : s1 < 0 ? "−" : "±"}${(Math.abs(s1) / 1000).toFixed(3).replace(".", ",")}`,
		);

		// Another lap as the reference: the address keeps it, its own row says "ref.".
		await page.getByTestId("gap-reference").selectOption("2");
		await expect(page).toHaveURL(/ref=2/);
		await expect(row(2).getByTestId("lap-gap")).toHaveText("ref.");
		await captureScreens(page, "laps-gaps", { widths: [1280, 360] });

		// The gap of lap 3 opens its comparison against that reference.
		await row(3).getByTestId("lap-gap").getByRole("link").click();
		await expect(page).toHaveURL(
			/\/analytics\?.*lap=3.*cmp=1.*ref=2|\/analytics\?.*lap=3.*ref=2.*cmp=1/,
		);
		await waitForCompareDrawn(page);
		await expect(page.getByTestId("compare-summary")).toContainText("Volta 2");
	});

	test("track page: sessions newest first, personal best, ideal lap, chart; one click compares", async ({
		page,
	}) => {
		await page.setViewportSize({ width: 1280, height: 800 });
		await signInAs(page, RIDER);
		await page.goto("/user");
		await page.getByRole("button", { name: "Interlagos" }).first().click();
		await page.getByTestId("tree-track-history").click();
		await expect(page).toHaveURL(/\/track\?track=Interlagos/);
		const rows = page.getByTestId("track-sessions").locator("tbody tr");
		await expect(rows).toHaveCount(2);
		await expect(rows.first().locator("th")).toHaveText("12/04/2025");
		await expect(rows.nth(1).locator("th")).toHaveText("15/03/2025");

		const history = await (await page.request.get("/api/tracks/history?track=Interlagos")).json();
		const sum = history.bestSectors.reduce((a: number, s: { timeMs: number }) => a + s.timeMs, 0);
		expect(history.idealLapMs).toBe(sum);
		const fastest = Math.min(
			...history.sessions.map((s: { bestLap: { timeMs: number } }) => s.bestLap.timeMs),
		);
		expect(history.personalBest.timeMs).toBe(fastest);
		await expect(page.getByTestId("track-pb")).toContainText(
			`volta ${history.personalBest.number}`,
		);
		await expect(page.getByTestId("track-progress-chart").locator("canvas")).toHaveCount(1);
		await captureScreens(page, "track", { widths: [1280, 360] });

		await page.getByTestId("compare-with-pb").click();
		await expect(page).toHaveURL(/cmp=1.*ref=pb|ref=pb.*cmp=1/);
		await waitForCompareDrawn(page);
		await expect(page.getByTestId("compare-summary")).toContainText("Recorde pessoal");
	});

	test("from the lap view, Comparar asks for both laps' channels once, alongside the references", async ({
		page,
	}) => {
		await signInAs(page, RIDER);
		await page.goto(COMPARE_URL.replace("&cmp=1", ""));
		await expect(page.locator(".analytics-lap canvas").first()).toBeVisible();
		// What the API was asked, in order, with the moment the references answered.
		const seen: string[] = [];
		page.on("request", (r) => {
			const path = new URL(r.url()).pathname + new URL(r.url()).search;
			if (/\/(references|channels)/.test(path)) seen.push(`ask ${path.replace(/^.*\//, "")}`);
		});
		page.on("response", (r) => {
			if (/\/references$/.test(new URL(r.url()).pathname)) seen.push("references answered");
		});
		await page.getByTestId("compare-toggle").check();
		await waitForCompareDrawn(page);
		// Lap 3 against the session's best (lap 4): both laps' channels were asked for before
		// the references answered, and each once.
		const answered = seen.indexOf("references answered");
		expect(answered).toBeGreaterThan(0);
		expect(seen.slice(0, answered).sort()).toEqual([
			"ask channels?lap=3",
			"ask channels?lap=4",
			"ask references",
		]);
		expect(seen.filter((s) => s.startsWith("ask channels"))).toHaveLength(2);
	});

	test("phone: charts stack and a finger moves the cursor", async ({ browser }) => {
		const context = await browser.newContext({
			viewport: { width: 360, height: 740 },
			hasTouch: true,
			isMobile: true,
			locale: "pt-BR",
		});
		const page = await context.newPage();
		await signInAs(page, RIDER);
		await page.goto(COMPARE_URL);
		await waitForCompareDrawn(page);
		// Nothing wider than the phone: the page never scrolls sideways.
		const wide = await page.evaluate(() =>
			[...document.querySelectorAll("body *")]
				.filter((e) => e.getBoundingClientRect().right > 361)
				.filter((e) => !e.closest(".table-wrap"))
				.map((e) => `${e.tagName}.${e.className}`)
				.slice(0, 8),
		);
		expect(wide).toEqual([]);
		const speed = await page.getByTestId("compare-chart-speed").boundingBox();
		const delta = await page.getByTestId("compare-chart-delta").boundingBox();
		expect(delta!.y).toBeGreaterThan(speed!.y + speed!.height - 1);
		expect(speed!.width).toBeLessThanOrEqual(360);
		const map = await page.getByTestId("compare-map").boundingBox();
		expect(map!.y).toBeGreaterThan(delta!.y);

		const before = await page.getByTestId("compare-view").getAttribute("data-cursor");
		const over = page.getByTestId("compare-chart-delta").locator(".u-over");
		await over.scrollIntoViewIfNeeded();
		const box = (await over.boundingBox())!;
		// A real finger: touch events through the DevTools protocol, which Chromium turns into
		// pointer events of type "touch".
		const cdp = await context.newCDPSession(page);
		const y = box.y + box.height / 2;
		const touch = (type: "touchStart" | "touchMove" | "touchEnd", x: number) =>
			cdp.send("Input.dispatchTouchEvent", {
				type,
				touchPoints: type === "touchEnd" ? [] : [{ x, y }],
			});
		await touch("touchStart", box.x + box.width * 0.3);
		// The cursor follows the finger, always forward (pointer moves arrive with the next frame).
		let last = -1;
		for (const f of [0.4, 0.5, 0.6, 0.7]) {
			await touch("touchMove", box.x + box.width * f);
			await expect
				.poll(async () =>
					Number(await page.getByTestId("compare-view").getAttribute("data-cursor")),
				)
				.toBeGreaterThan(last);
			last = Number(await page.getByTestId("compare-view").getAttribute("data-cursor"));
		}
		await touch("touchEnd", 0);
		await expect(page.getByTestId("compare-view")).not.toHaveAttribute(
			"data-cursor",
			before ?? "0",
		);
		await captureScreens(page, "compare", { widths: [360], ready: waitForCompareDrawn });
		await context.close();
	});
});
