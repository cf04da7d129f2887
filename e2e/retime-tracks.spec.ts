import { readFileSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoSidewaysScroll, expectTouchTargets } from "./support/checks";
import { captureScreens } from "./support/screenshots";
import { signInAs } from "./support/sign-in";

const FIXTURE = join(process.cwd(), "fixtures", "import", "racechrono", "normal.csv");
const ADMIN = "admin@lapsix.example";

interface LatLonPoint {
	lat: number;
	lon: number;
}

function metresBetween(a: LatLonPoint, b: LatLonPoint): number {
	const k = Math.PI / 180;
	const x = (b.lon - a.lon) * k * Math.cos(((a.lat + b.lat) / 2) * k);
	return Math.hypot(x, (b.lat - a.lat) * k) * 6_371_008.8;
}

async function csrfOf(page: Page): Promise<string> {
	const me = await page.request.get("/api/me");
	return ((await me.json()) as { csrfToken: string }).csrfToken;
}

async function signInFreshRider(page: Page, prefix: string): Promise<void> {
	await signInAs(page, `${prefix}-${Date.now().toString(36)}@lapsix.example`);
	const saved = await page.request.put("/api/me/profile", {
		headers: { "x-csrf-token": await csrfOf(page) },
		data: {
			wifiSsid: "casa",
			wifiPassword: "segredo1",
			pilotName: "Rita Retempo",
			bikeNumber: "9",
		},
	});
	expect(saved.ok(), await saved.text()).toBe(true);
}

/** Imports the fixture as the signed-in user (the browser's import is covered in import.spec). */
async function importFixture(page: Page) {
	const response = await page.request.post("/api/sessions/import?name=normal.csv", {
		headers: { "x-csrf-token": await csrfOf(page), "content-type": "application/octet-stream" },
		data: readFileSync(FIXTURE),
	});
	expect(response.status(), await response.text()).toBeLessThan(300);
	return (await response.json()) as {
		session: { id: string; track: string; date: string };
	};
}

/** Client coordinates of a line's end, read from the overlay (viewBox units). */
async function endOf(overlay: Locator, line: Locator, end: "a" | "b") {
	const box = (await overlay.boundingBox())!;
	const text = (await line.getAttribute(`data-${end}`))!;
	const [x, y] = text.split(",").map(Number) as [number, number];
	const k = box.width / 800;
	return { x: box.x + x * k, y: box.y + y * k };
}

/** No serious or critical axe violation inside `scope` (what this screen part adds). */
async function expectPartAccessible(page: Page, scope: string, label: string) {
	const results = await new AxeBuilder({ page })
		.include(scope)
		.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
		.analyze();
	const bad = results.violations
		.filter((v) => v.impact === "serious" || v.impact === "critical")
		.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
	expect(bad, `${label}: accessibility violations`).toEqual([]);
}

/** Accessible at 1280 px; at 360 px no sideways scroll and every control a finger's size. */
async function checkBothWidths(page: Page, scope: string, label: string) {
	await expectPartAccessible(page, scope, label);
	await expectNoSidewaysScroll(page, `${label} 1280`);
	await page.setViewportSize({ width: 360, height: 740 });
	await expectNoSidewaysScroll(page, `${label} 360`);
	await expectTouchTargets(page, `${label} 360`);
	await page.setViewportSize({ width: 1280, height: 800 });
}

async function dragEnd(page: Page, from: { x: number; y: number }, dx: number, dy: number) {
	await page.mouse.move(from.x, from.y);
	await page.mouse.down();
	await page.mouse.move(from.x + dx, from.y + dy, { steps: 8 });
	await page.mouse.up();
}

test.describe("timing lines", () => {
	test("a rider re-times a session with a line placed on the map", async ({ page }) => {
		await page.setViewportSize({ width: 1280, height: 800 });
		await signInFreshRider(page, "retempo");
		const { session } = await importFixture(page);
		await page.goto(`/laps?track=${encodeURIComponent(session.track)}&date=${session.date}`);
		await expect(page.getByTestId("lap-table")).toBeVisible();
		const shown = page.getByTestId("timing-shown");
		const before = await shown.innerText();
		expect(["Voltas marcadas no arquivo", "Cronometradas pela linha de chegada"]).toContain(before);

		// The line offered first: the lines the laps are timed with now, else a 30 m one.
		const initial = (await (await page.request.get(`/api/sessions/${session.id}`)).json()) as {
			timing: { lines: { startFinish: { a: LatLonPoint; b: LatLonPoint } } | null };
		};
		const offered = initial.timing.lines
			? metresBetween(initial.timing.lines.startFinish.a, initial.timing.lines.startFinish.b)
			: 30;
		const timing = page.getByTestId("session-timing");
		await timing.getByRole("button", { name: "Recronometrar" }).click();
		await timing.getByLabel("Com uma linha posicionada no mapa").check();
		const overlay = page.getByTestId("line-editor-overlay");
		const line = page.getByTestId("line-start-finish");
		await expect(line).toBeVisible();

		// Place the line anew with two taps, where the proposed one lay, a little wider.
		await timing.getByRole("button", { name: /Traçar de novo/ }).click();
		// Read after the click: pressing the button may have scrolled the page.
		const a = await endOf(overlay, line, "a");
		const b = await endOf(overlay, line, "b");
		await page.mouse.click(a.x - (b.x - a.x) * 0.2, a.y - (b.y - a.y) * 0.2);
		await expect(page.getByTestId("line-editor-pending")).toBeVisible();
		await page.mouse.click(b.x + (b.x - a.x) * 0.2, b.y + (b.y - a.y) * 0.2);
		await expect(page.getByTestId("line-editor-pending")).toHaveCount(0);
		const placedA = await line.getAttribute("data-a");
		// Then drag one end: the line follows.
		await dragEnd(page, await endOf(overlay, line, "b"), 6, 6);
		await expect(line).not.toHaveAttribute("data-b", placedA!);
		await expect(page.getByTestId("placed-line-crossings")).toHaveText(
			/cruza esta linha \d+ vezes: [1-9]\d* voltas?/,
		);
		await captureScreens(page, "retime-line", {
			ready: async (p) => {
				await expect(p.getByTestId("line-editor-canvas")).toHaveAttribute("data-renders", /\d/);
			},
		});

		await checkBothWidths(page, "[data-testid=session-timing]", "retime");
		await timing.getByRole("button", { name: "Recronometrar", exact: true }).last().click();
		await timing.getByRole("button", { name: "Confirmar" }).click();
		await expect(page.getByTestId("retime-done")).toContainText("Sessão recronometrada");
		await expect(shown).toHaveText("Cronometradas pela linha de chegada");
		await expect(page.getByTestId("lap-time").first()).toBeVisible();
		await captureScreens(page, "retime-done");

		// The server timed with the line placed here (40 % wider than the one offered, then one
		// end dragged a few pixels), not with the one offered.
		const detail = await page.request.get(`/api/sessions/${session.id}`);
		const { timing: stored } = (await detail.json()) as {
			timing: { shown: string; lines: { startFinish: { a: LatLonPoint; b: LatLonPoint } } | null };
		};
		expect(stored.shown).toBe("line");
		const length = metresBetween(stored.lines!.startFinish.a, stored.lines!.startFinish.b);
		expect(Math.abs(length - offered)).toBeGreaterThan(offered * 0.1);
		expect(length).toBeLessThan(offered * 2);

		// The analysis says the same.
		await page.goto(`/analytics?track=${encodeURIComponent(session.track)}&date=${session.date}`);
		await expect(page.getByTestId("timing-shown")).toHaveText(
			"Cronometradas pela linha de chegada",
		);
	});

	test("an admin edits a track's start/finish line on a session's map", async ({ page }) => {
		await page.setViewportSize({ width: 1280, height: 800 });
		await signInAs(page, ADMIN);
		const { session } = await importFixture(page);
		await page.goto("/adm");
		const row = page.getByTestId("adm-track").filter({ hasText: session.track });
		await expect(row).toBeVisible();
		await row.getByRole("link", { name: `Editar a pista ${session.track}` }).click();
		await expect(page).toHaveURL(/\/adm\/pistas\/[0-9a-f-]{36}$/);

		// No session chosen yet: one recorded there serves as the map.
		await page
			.getByRole("button", { name: /voltas$/ })
			.first()
			.click();
		await expect(page).toHaveURL(/sessao=/);
		const overlay = page.getByTestId("line-editor-overlay");
		const line = page.getByTestId("line-start-finish");
		await expect(line).toBeVisible();
		const direction = page.getByTestId("track-direction");
		await expect(direction).toContainText("Sentido:");

		const beforeB = await line.getAttribute("data-b");
		await dragEnd(page, await endOf(overlay, line, "b"), 10, 4);
		await expect(line).not.toHaveAttribute("data-b", beforeB!);
		const directionText = await direction.innerText();
		await page.getByRole("button", { name: "Inverter sentido" }).click();
		await expect(direction).not.toHaveText(directionText);
		await page.getByRole("button", { name: "Adicionar setor" }).click();
		await expect(page.getByTestId("line-sector-0")).toBeVisible();
		await captureScreens(page, "track-editor", {
			ready: async (p) => {
				await expect(p.getByTestId("line-editor-canvas")).toHaveAttribute("data-renders", /\d/);
			},
		});
		await checkBothWidths(page, "main", "track editor");
		await page.getByRole("button", { name: "Salvar pista" }).click();
		await expect(page.getByTestId("track-saved")).toBeVisible();

		const listed = await page.request.get("/api/admin/tracks");
		const { tracks } = (await listed.json()) as {
			tracks: {
				name: string;
				linesSource: string;
				directionDeg: number | null;
				sectors: unknown[];
			}[];
		};
		const saved = tracks.find((t) => t.name === session.track)!;
		expect(saved.linesSource).toBe("admin");
		expect(saved.sectors).toHaveLength(1);
		expect(directionText).toContain(`${Math.round(((saved.directionDeg ?? 0) + 180) % 360)}°`);
	});
});
