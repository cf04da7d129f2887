import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import {
	formatDurationSeconds,
	formatLean,
	formatOptionalLapTime,
	formatSpeed,
	parseLapTimeText,
} from "../src/web/lib/format";
import { mostRecentSession } from "../src/web/lib/session-choice";
import { captureScreens } from "./support/screenshots";
import { signInAs } from "./support/sign-in";

const RIDER = "piloto1@lapsix.example";

/** Pixels of the track canvas that something was drawn on. */
async function paintedPixels(page: Page): Promise<number> {
	return page.getByTestId("track-canvas").evaluate((element) => {
		const canvas = element as HTMLCanvasElement;
		const data = canvas.getContext("2d")?.getImageData(0, 0, canvas.width, canvas.height).data;
		if (!data) return 0;
		let painted = 0;
		for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted++;
		return painted;
	});
}

async function waitForCanvasDrawn(page: Page) {
	const canvas = page.getByTestId("track-canvas");
	await expect(canvas).toHaveAttribute("data-renders", /[1-9]/);
	await expect.poll(() => paintedPixels(page)).toBeGreaterThan(2000);
}

test.describe("rider screens", () => {
	test("home draws a lap path and the whole session; drag turns it", async ({ page }) => {
		await signInAs(page, RIDER);
		await expect(page).toHaveURL(/\/user(\?|$)/);
		await expect(page.getByTestId("header-name")).toHaveText("Paula Piloto");
		await expect(page.getByTestId("header-logger")).toHaveText("Logger: 1");

		// The most recent session opens in the tree; a lap of it is drawn.
		const laps = page.getByTestId("tree-lap");
		await expect(laps.first()).toHaveText(/^1 — \d{2}:\d{2}\.\d{2}$/);
		await laps.first().click();
		await expect(laps.first()).toHaveAttribute("aria-pressed", "true");
		await waitForCanvasDrawn(page);
		const points = Number(await page.getByTestId("track-canvas").getAttribute("data-points"));
		expect(points).toBeGreaterThan(100);

		// A horizontal drag turns the drawing: the pixels change, and it is drawn sharply again.
		const before = await page.getByTestId("track-canvas").screenshot();
		const box = (await page.getByTestId("track-canvas").boundingBox())!;
		await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
		await page.mouse.down();
		await page.mouse.move(box.x + box.width / 2 + 300, box.y + box.height / 2, { steps: 10 });
		await page.mouse.up();
		await waitForCanvasDrawn(page);
		const after = await page.getByTestId("track-canvas").screenshot();
		expect(Buffer.compare(before, after)).not.toBe(0);
		// Spec: 0.1 degree per pixel of horizontal drag, so 300 pixels turn it 30 degrees.
		const rotation = await page.getByTestId("track-canvas").getAttribute("data-rotation-deg");
		expect(Number(rotation)).toBeCloseTo(30, 2);
		await page.getByRole("button", { name: "Restaurar vista" }).click();
		await expect(page.getByTestId("track-canvas")).toHaveAttribute("data-rotation-deg", "0");

		await page.getByRole("button", { name: "Sessão inteira" }).click();
		await waitForCanvasDrawn(page);
		const sessionPoints = Number(
			await page.getByTestId("track-canvas").getAttribute("data-points"),
		);
		expect(sessionPoints).toBeGreaterThan(points);
	});

	test("laps: shows the most recent session and sorts by Tempo both ways", async ({ page }) => {
		await signInAs(page, RIDER);
		await page.goto("/laps");
		await expect(page.getByRole("heading", { name: /Seleção de Laps/ })).toContainText("Logger: 1");
		await expect(page.getByLabel("Pista:")).not.toHaveValue("");
		const times = page.getByTestId("lap-time");
		await expect(times.first()).toBeVisible();

		const read = async () =>
			(await times.allInnerTexts()).map((text) =>
				parseLapTimeText(text.replace("melhor", "").trim()),
			);
		const original = await read();
		expect(original.length).toBeGreaterThan(2);
		expect(original.every((ms) => ms !== null)).toBe(true);
		const ascending = [...(original as number[])].sort((a, b) => a - b);

		const tempo = page.getByRole("button", { name: /^Tempo/ });
		await tempo.click();
		await expect(page.getByRole("columnheader", { name: /Tempo/ })).toHaveAttribute(
			"aria-sort",
			"ascending",
		);
		await expect(tempo).toContainText("▲");
		expect(await read()).toEqual(ascending);
		await tempo.click();
		await expect(tempo).toContainText("▼");
		expect(await read()).toEqual([...ascending].reverse());

		// The best lap is the fastest row, and it is marked.
		await expect(page.locator(".lap-table__best td[data-testid=lap-time]")).toContainText(
			formatOptionalLapTime(ascending[0]!),
		);
		await page.getByRole("button", { name: /^#/ }).click();
		await expect(page.getByRole("button", { name: /^#/ })).toContainText("▲");
	});

	test("analytics shows the figures of the session API and of lapsix analyze", async ({ page }) => {
		await signInAs(page, RIDER);
		await page.goto("/analytics");

		// The same session the selects preselect: the most recent one.
		const tree = await (await page.request.get("/api/sessions/tree")).json();
		const sessionId = mostRecentSession(tree.tracks)!.date.sessionId;
		const { summary } = await (await page.request.get(`/api/sessions/${sessionId}`)).json();
		expect(summary).not.toBeNull();

		const figure = (key: string) => page.getByTestId(`figure-${key}`);
		await expect(figure("max-speed")).toHaveText(
			`${formatSpeed(summary.maxSpeed.kmh)} (volta ${summary.maxSpeed.lap})`,
		);
		await expect(figure("max-roll")).toHaveText(
			`${formatLean(summary.maxRoll.deg)} (volta ${summary.maxRoll.lap})`,
		);
		await expect(figure("min-roll")).toHaveText(
			`${formatLean(summary.minRoll.deg)} (volta ${summary.minRoll.lap})`,
		);
		await expect(figure("best-lap")).toHaveText(
			`${formatOptionalLapTime(summary.bestLap.timeMs)} (volta ${summary.bestLap.number})`,
		);
		await expect(figure("theoretical-best")).toHaveText(
			formatOptionalLapTime(summary.theoreticalBestMs),
		);
		await expect(figure("mean")).toHaveText(formatOptionalLapTime(summary.meanLapMs));
		await expect(figure("std-dev")).toHaveText(formatDurationSeconds(summary.stdDevLapMs));

		// The same figures as `lapsix analyze` on the files the logger uploaded (as stored).
		const { session } = await (await page.request.get(`/api/sessions/${sessionId}`)).json();
		const port = process.env.E2E_PORT ?? "3100";
		const folder = join("objects", session.hardwareId, session.track, session.folder);
		const sessionDir = join(process.cwd(), ".tmp", `e2e-data-${port}`, folder);
		const analyzed = JSON.parse(
			execFileSync(
				process.execPath,
				[
					"bin/lapsix.mjs",
					"analyze",
					join(sessionDir, "lap.six"),
					join(sessionDir, "gps.six"),
					"--json",
				],
				{ encoding: "utf8" },
			),
		).summary;
		await expect(figure("max-speed")).toHaveText(
			`${formatSpeed(analyzed.maxSpeed.kmh)} (volta ${analyzed.maxSpeed.lap})`,
		);
		await expect(figure("max-roll")).toHaveText(
			`${formatLean(analyzed.maxRoll.deg)} (volta ${analyzed.maxRoll.lap})`,
		);
		await expect(figure("min-roll")).toHaveText(
			`${formatLean(analyzed.minRoll.deg)} (volta ${analyzed.minRoll.lap})`,
		);
		await expect(figure("best-lap")).toHaveText(
			`${formatOptionalLapTime(analyzed.bestLap.timeMs)} (volta ${analyzed.bestLap.number})`,
		);
		await expect(figure("theoretical-best")).toHaveText(
			formatOptionalLapTime(analyzed.theoreticalBestMs),
		);
		await expect(figure("mean")).toHaveText(formatOptionalLapTime(analyzed.meanLapMs));
		await expect(figure("std-dev")).toHaveText(formatDurationSeconds(analyzed.stdDevLapMs));

		await expect(page.getByTestId("chart-speed").locator("canvas")).toBeVisible();
		await waitForCanvasDrawn(page);
		await page.getByText("Inclinação", { exact: true }).click();
		await waitForCanvasDrawn(page);
		await expect(page.locator(".track-legend__title")).toContainText("Inclinação");
	});

	test("Meus Dados: labelled fields, password toggle, Salvar only when valid", async ({ page }) => {
		await signInAs(page, RIDER);
		await page.goto("/enroll");
		const wifi = page.getByLabel("Wi-Fi");
		const password = page.getByLabel("Senha", { exact: true });
		await expect(wifi).not.toHaveValue("");
		await expect(password).toHaveAttribute("type", "password");
		await page.getByRole("button", { name: "Clique para mostrar a senha" }).click();
		await expect(password).toHaveAttribute("type", "text");
		await page.getByRole("button", { name: "Clique para ocultar a senha" }).click();

		const saved = await wifi.inputValue();
		const salvar = page.getByRole("button", { name: "Salvar" });
		await expect(salvar).toBeEnabled();
		await wifi.fill("");
		await wifi.blur();
		await expect(salvar).toBeDisabled();
		await expect(page.getByText("Wi-Fi é obrigatório.")).toBeVisible();
		await wifi.fill(saved);
		await expect(salvar).toBeEnabled();
		// Saving the same values changes nothing for the other tests and leads home.
		await salvar.click();
		await expect(page).toHaveURL(/\/user(\?|$)/);
	});

	test("test canvas draws the fixed lap; menu follows the roles", async ({ page }) => {
		await signInAs(page, RIDER);
		await page.goto("/make?bench=1");
		await waitForCanvasDrawn(page);
		// The benchmark hook lives in the bench build only, whatever the URL asks.
		expect(await page.evaluate(() => "__lapsixBench" in window)).toBe(false);
		for (let i = 0; i < 60; i++) await page.getByRole("button", { name: "Aumentar zoom" }).click();
		await expect(
			page.getByRole("status", { name: "Zoom" }).or(page.locator(".track-canvas__zoom")),
		).toHaveText("5,0×");
		await page.getByRole("button", { name: "Restaurar vista" }).click();

		const menu = page.getByRole("navigation", { name: "Menu principal" });
		await expect(menu.getByRole("link", { name: "Meus Dados" })).toBeVisible();
		await expect(menu.getByRole("link", { name: "Pilotos e loggers", exact: true })).toHaveCount(0);
		await page.goto("/adm");
		await expect(page.getByRole("heading", { name: "Sem permissão" })).toBeVisible();
	});

	test("a signed-in user skips /login; Sair returns to it", async ({ page }) => {
		await signInAs(page, RIDER);
		await page.goto("/login");
		await expect(page).toHaveURL(/\/user(\?|$)/);
		await page.getByRole("button", { name: "Sair" }).click();
		await expect(page).toHaveURL(/\/login$/);
		await page.goto("/laps");
		await expect(page).toHaveURL(/\/login$/);
	});

	test("a rider without Meus Dados is sent to /enroll from every screen", async ({ page }) => {
		await signInAs(page, "novo@lapsix.example");
		await expect(page).toHaveURL(/\/enroll$/);
		await expect(page.getByRole("heading", { name: "Meus Dados" })).toBeVisible();
		await expect(page.getByRole("button", { name: "Salvar" })).toBeDisabled();
		await expect(page.getByTestId("header-logger")).toHaveText("Sem logger");
		await page.goto("/laps");
		await expect(page).toHaveURL(/\/enroll$/);
		// It says why: the logger needs the Wi-Fi to send sessions.
		await expect(page.getByTestId("enroll-why")).toContainText("preencha Meus Dados");
	});

	test("on a phone the menu is a drawer that closes after a choice", async ({ page }) => {
		await page.setViewportSize({ width: 360, height: 740 });
		await signInAs(page, RIDER);
		const menu = page.getByRole("navigation", { name: "Menu principal" });
		await expect(menu).toBeHidden();
		await page.getByRole("button", { name: "Abrir menu" }).click();
		await expect(menu).toBeVisible();
		await captureScreens(page, "menu", { widths: [360] });
		await menu.getByRole("link", { name: "Voltas" }).click();
		await expect(page).toHaveURL(/\/laps(\?|$)/);
		await expect(menu).toBeHidden();
	});
});
