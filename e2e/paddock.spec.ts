import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Browser, expect, type Page, type TestInfo, test } from "@playwright/test";
import { settle } from "./support/checks";
import { signInAs } from "./support/sign-in";

/**
 * The rider's paddock as people use it: state in the address, never a stale table, broken
 * sessions said plainly, hand-overs confirmed, one record per double click, phones, delivery.
 */

const RIDER = "piloto1@lapsix.example";
const RIDER2 = "piloto2@lapsix.example";
const ADMIN = "admin@lapsix.example";
const SELLER = "vendedor@lapsix.example";
const PORT = process.env.E2E_PORT ?? "3100";
const DATA_DIR = join(process.cwd(), ".tmp", `e2e-data-${PORT}`);

async function phone(browser: Browser, testInfo: TestInfo) {
	const { baseURL, locale, timezoneId } = testInfo.project.use;
	const context = await browser.newContext({
		baseURL,
		locale,
		timezoneId,
		viewport: { width: 360, height: 740 },
		hasTouch: true,
		isMobile: true,
	});
	return { context, page: await context.newPage() };
}

/**
 * Records, every frame, whether the session heading shows the session the selects show: what a
 * table, chart or map shows must never belong to another selection than the controls'.
 */
async function watchForStaleHeading(page: Page) {
	await page.evaluate(() => {
		const w = window as unknown as { __stale: string[] };
		w.__stale = [];
		const check = () => {
			const title = document.querySelector("[data-testid=session-title]")?.textContent ?? "";
			const track = document.querySelector<HTMLSelectElement>("form.picker select")?.value;
			if (title && track && !title.startsWith(`${track} ·`)) {
				w.__stale.push(`${track} ≠ ${title}`);
			}
			requestAnimationFrame(check);
		};
		requestAnimationFrame(check);
	});
}

const staleHeadings = (page: Page) =>
	page.evaluate(() => (window as unknown as { __stale: string[] }).__stale);

test.describe("state in the address", () => {
	test("a deep link to a lap restores it on reload, and Back/Forward walk the choices", async ({
		page,
	}) => {
		await signInAs(page, RIDER);
		await page.goto("/analytics?track=Interlagos&date=2025-03-15&lap=5");
		const check = async (track: string, iso: string, shown: string, lap: string) => {
			await expect(page.getByLabel("Pista:")).toHaveValue(track);
			await expect(page.getByLabel("Data:")).toHaveValue(iso);
			await expect(page.getByTestId("session-title")).toContainText(`${track} · ${shown}`);
			await expect(page.getByLabel("Volta:")).toHaveValue(lap);
			await expect(
				page.getByRole("heading", { name: `Volta ${lap}: velocidade e inclinação` }),
			).toBeVisible();
		};
		await check("Interlagos", "2025-03-15", "15/03/2025", "5");
		await page.reload();
		await check("Interlagos", "2025-03-15", "15/03/2025", "5");

		await watchForStaleHeading(page);
		await page.getByLabel("Pista:").selectOption("Granja Viana");
		// Another track shows its most recent date, on its best lap.
		await expect(page).toHaveURL(/track=Granja\+Viana&date=2025-04-20&lap=\d+/);
		const granjaLap = new URL(page.url()).searchParams.get("lap") ?? "";
		await check("Granja Viana", "2025-04-20", "20/04/2025", granjaLap);
		await page.getByLabel("Volta:").selectOption("3");
		await check("Granja Viana", "2025-04-20", "20/04/2025", "3");

		await page.goBack();
		await check("Granja Viana", "2025-04-20", "20/04/2025", granjaLap);
		await page.goBack();
		await check("Interlagos", "2025-03-15", "15/03/2025", "5");
		await page.goForward();
		await check("Granja Viana", "2025-04-20", "20/04/2025", granjaLap);
		expect(await staleHeadings(page)).toEqual([]);
	});

	test("/laps shows the session the selects show, never the previous one under a new name", async ({
		page,
	}) => {
		await signInAs(page, RIDER);
		// With nothing in the address, the most recent session is shown and named in the address.
		await page.goto("/laps");
		await expect(page).toHaveURL(/\/laps\?track=Granja\+Viana&date=2025-04-20$/);
		await expect(page.getByTestId("lap-time")).toHaveCount(60);
		await watchForStaleHeading(page);
		await page.getByLabel("Pista:").selectOption("Interlagos");
		await expect(page).toHaveURL(/track=Interlagos&date=2025-04-12/);
		await expect(page.getByTestId("session-title")).toContainText("Interlagos · 12/04/2025");
		await expect(page.getByTestId("lap-time")).toHaveCount(9);
		await page.getByLabel("Data:").selectOption("2025-03-15");
		await expect(page.getByTestId("lap-time")).toHaveCount(12);
		await page.reload();
		await expect(page.getByTestId("session-title")).toContainText("Interlagos · 15/03/2025");
		await expect(page.getByTestId("lap-time")).toHaveCount(12);
		await watchForStaleHeading(page);
		await page.goBack();
		await expect(page.getByTestId("session-title")).toContainText("Interlagos · 12/04/2025");
		await expect(page.getByTestId("lap-time")).toHaveCount(9);
		expect(await staleHeadings(page)).toEqual([]);

		// A link to a session that is not there says so (and offers the most recent one).
		await page.goto("/laps?track=Nenhuma&date=2025-01-01");
		await expect(page.getByRole("alert")).toContainText("Sessão não encontrada");
		await expect(page.getByTestId("lap-time")).toHaveCount(0);
	});

	test("home: a deep link opens the tree on its lap; the list leads to laps, analysis and map", async ({
		page,
	}) => {
		await signInAs(page, RIDER);
		await page.goto("/user?track=Interlagos&date=2025-03-15&lap=3");
		const viewer = page.getByTestId("user-viewer");
		await expect(viewer.getByRole("heading", { level: 2 })).toContainText("Volta 3 (");
		await expect(viewer.getByRole("heading", { level: 2 })).toContainText("Interlagos, 15/03/2025");
		await expect(page.getByRole("button", { name: /^3 — / })).toHaveAttribute(
			"aria-pressed",
			"true",
		);
		await page.reload();
		await expect(page.getByRole("button", { name: /^3 — / })).toHaveAttribute(
			"aria-pressed",
			"true",
		);
		await expect(page.getByTestId("track-canvas")).toHaveAttribute(
			"aria-label",
			/^Traçado da volta 3 em Interlagos, 15\/03\/2025: \d\d:\d\d\.\d{3}/,
		);

		// Newest first: Granja Viana 20/04, Interlagos 12/04, Interlagos 15/03.
		const rows = page.getByTestId("session-list").getByRole("listitem");
		await expect(rows).toHaveCount(3);
		await expect(rows.nth(0)).toContainText("Granja Viana");
		await expect(rows.nth(0)).toContainText("60 voltas");
		await expect(rows.nth(2)).toContainText("15/03/2025");
		await rows.nth(1).getByRole("link", { name: "Voltas de Interlagos, 12/04/2025" }).click();
		await expect(page).toHaveURL(/\/laps\?track=Interlagos&date=2025-04-12$/);
		await expect(page.getByTestId("lap-time")).toHaveCount(9);
		await page.goBack();
		await rows
			.nth(0)
			.getByRole("link", { name: /^Análise de Granja Viana/ })
			.click();
		await expect(page).toHaveURL(/\/analytics\?track=Granja\+Viana&date=2025-04-20&lap=\d+$/);
		await expect(page.getByTestId("chart-speed")).toBeVisible();
	});
});

test.describe("sessions that could not be read in full", () => {
	function deviceKey(loggerId: string): string {
		const lines = readFileSync(join(DATA_DIR, "demo-device-keys.txt"), "utf8").split("\n");
		const key = lines.find((line) => line.startsWith(`${loggerId}\t`))?.split("\t")[1];
		if (!key) throw new Error(`no demo key for logger ${loggerId}`);
		return key;
	}

	test("say so in plain Portuguese, with the report one tap away", async ({ page }) => {
		// Logger 2 (Pedro's) uploads a gps.six that is not one: its session cannot be read.
		const body = Buffer.from("lixo\n1|2|3\n");
		const digest = createHash("sha256").update(body).digest("base64");
		const upload = await page.request.put("/api/device/v1/sessions/Quebrada/01012024/gps.six", {
			headers: {
				authorization: `Bearer ${deviceKey("2")}`,
				"content-digest": `sha-256=:${digest}:`,
				"content-type": "application/octet-stream",
			},
			data: body,
		});
		expect(upload.ok(), await upload.text()).toBe(true);

		await signInAs(page, RIDER2);
		for (const path of ["/laps", "/analytics", "/user"]) {
			await page.goto(`${path}?track=Quebrada&date=2024-01-01`);
			const health = page.getByTestId("session-health");
			await expect(health).toContainText("Esta sessão não pôde ser lida.");
			await expect(health).toContainText("Nenhuma linha do gps.six pôde ser lida");
			await expect(page.locator("main")).not.toContainText(/esperados|encontrados/);
			await expect(page.getByText("Selecione pista e data.")).toHaveCount(0);
		}
		await page.getByTestId("session-health").getByRole("button", { name: "Ver relatório" }).click();
		const report = page.getByTestId("session-report-dialog");
		await expect(report).toContainText("Linha 1 do gps.six:");
		await expect(report).toContainText("Linha incompleta ou danificada (1 campos em vez de 10)");
		await report.getByRole("button", { name: "Fechar" }).click();
		await expect(report).toBeHidden();

		// A session with damaged lines shows what it has and counts what it left out.
		await page.goto("/laps?track=Velocitta&date=2025-05-03");
		await expect(page.getByTestId("session-health")).toHaveText(
			/3 linhas do gps\.six foram ignoradas\./,
		);
		await expect(page.getByTestId("lap-time")).toHaveCount(8);
		await page.getByRole("button", { name: "Ver relatório" }).click();
		await expect(page.getByTestId("report-ignored").getByRole("listitem")).toHaveCount(3);
		await expect(page.getByTestId("session-report")).toContainText(
			"Sem sinal de GPS (posição 0,0)",
		);
	});
});

test.describe("consequences confirmed", () => {
	interface UserRow {
		id: string;
		email: string;
		hardwareId: string | null;
	}

	async function users(page: Page): Promise<UserRow[]> {
		const response = await page.request.get("/api/admin/users");
		return ((await response.json()) as { users: UserRow[] }).users;
	}

	test("a hand-over that takes a logger from someone asks first; cancelling changes nothing", async ({
		page,
		browser,
	}, testInfo) => {
		await signInAs(page, ADMIN);
		const before = await users(page);
		const auditBefore = await (await page.request.get("/api/admin/audit?limit=1")).json();
		const pedro = before.find((u) => u.email === RIDER2)!;

		await page.goto("/adm");
		const panel = page.locator("section", { hasText: "Entregar logger a um piloto" });
		await panel.getByTestId("adm-rider").selectOption(pedro.id);
		await panel.getByTestId("adm-hardware").selectOption("1");
		await panel.getByRole("button", { name: "Cadastrar" }).click();
		const dialog = page.getByRole("dialog", { name: `Entregar o logger 1 a ${RIDER2}?` });
		await expect(dialog).toBeVisible();
		await expect(dialog.getByTestId("handover-consequences").getByRole("listitem")).toHaveText([
			`${RIDER} deixa de ter o logger 1.`,
			`O logger 2, que está com ${RIDER2}, volta ao estoque.`,
		]);
		await dialog.getByRole("button", { name: "Cancelar" }).click();
		await expect(dialog).toBeHidden();
		await expect(panel.getByRole("button", { name: "Cadastrar" })).toBeEnabled();
		expect(await users(page)).toEqual(before);
		expect(await (await page.request.get("/api/admin/audit?limit=1")).json()).toEqual(auditBefore);

		// A seller's hand-over to a rider who has a logger says it goes back to stock.
		const { baseURL } = testInfo.project.use;
		const sellerContext = await browser.newContext({ baseURL });
		const seller = await sellerContext.newPage();
		await signInAs(seller, SELLER);
		await seller.goto("/seller");
		const paula = before.find((u) => u.email === RIDER)!;
		await seller.getByTestId("seller-rider").selectOption(paula.id);
		await seller.getByTestId("seller-stock").selectOption("A7F3");
		await seller.getByRole("button", { name: "Cadastrar" }).click();
		const sellerDialog = seller.getByRole("dialog");
		await expect(sellerDialog).toContainText(
			`O logger 1, que está com ${RIDER}, volta ao estoque.`,
		);
		await sellerDialog.getByRole("button", { name: "Cancelar" }).click();
		await expect(seller.getByTestId("seller-stock").locator('option[value="A7F3"]')).toHaveCount(1);
		expect(await users(page)).toEqual(before);
		await sellerContext.close();
	});

	test("a double click registers one logger and saves Meus Dados once", async ({ page }) => {
		await signInAs(page, ADMIN);
		const sent: string[] = [];
		page.on("request", (request) => {
			const path = new URL(request.url()).pathname;
			if (request.method() !== "GET") sent.push(`${request.method()} ${path}`);
		});
		const id = `DC${Date.now().toString(36).toUpperCase()}`;
		await page.goto("/hardware");
		await page.getByLabel("Código do logger").fill(id);
		await page.getByRole("button", { name: "Registrar logger" }).dblclick();
		await expect(page.getByTestId("device-key-box")).toContainText(`Chave do logger ${id}`);
		await expect(page.getByRole("alert")).toHaveCount(0);
		expect(sent.filter((s) => s === "POST /api/admin/hardware")).toHaveLength(1);

		sent.length = 0;
		await page.goto("/enroll");
		await expect(page.getByLabel("Wi-Fi")).toBeEditable();
		await page.getByLabel("Wi-Fi").fill("Box da Ana");
		await page.getByLabel("Senha", { exact: true }).fill("senha-da-ana");
		await page.getByLabel("Nome do piloto").fill("Ana");
		await page.getByLabel("Número da moto").fill("1");
		await page.getByRole("button", { name: "Salvar" }).dblclick();
		await expect(page).toHaveURL(/\/user(\?|$)/);
		expect(sent.filter((s) => s === "PUT /api/me/profile")).toHaveLength(1);
	});
});

test.describe("phones", () => {
	test("tapping a lap brings its map into view; the lap table keeps its header and sectors in view", async ({
		browser,
	}, testInfo) => {
		const { context, page } = await phone(browser, testInfo);
		await signInAs(page, RIDER);
		await page.goto("/user");
		await settle(page);
		await page.evaluate(() => window.scrollTo(0, 0));
		await page.getByRole("button", { name: /^2 — / }).tap();
		const viewer = page.getByTestId("user-viewer");
		await expect(viewer.getByRole("heading", { level: 2 })).toContainText("Volta 2 (");
		// The lap's map is on screen: the page scrolled down to it.
		await expect(page.getByTestId("track-canvas")).toBeInViewport({ ratio: 0.95 });
		await expect(page.locator(".track-canvas__hint")).toContainText("dois dedos");

		await page.goto("/laps");
		await expect(page.getByTestId("lap-time")).toHaveCount(60);
		await page.evaluate(() => window.scrollTo(0, 2500));
		const header = page.locator(".lap-table thead");
		await expect.poll(async () => Math.round((await header.boundingBox())?.y ?? -1)).toBe(56);
		await expect(header.getByRole("button", { name: /^Tempo/ })).toBeInViewport();
		// Every sector of a lap in view is on screen, none off to the right.
		const sectorEdges = await page
			.locator(".lap-table tbody tr")
			.nth(20)
			.locator(".sector")
			.evaluateAll((sectors) => sectors.map((s) => s.getBoundingClientRect().right));
		expect(sectorEdges).toHaveLength(4);
		expect(Math.max(...sectorEdges)).toBeLessThanOrEqual(360);
		await context.close();
	});

	/** Canvas pixels (CSS units of the 800 x 600 drawing) with something drawn on them. */
	async function painted(page: Page) {
		return page.getByTestId("track-canvas").evaluate((element) => {
			const canvas = element as HTMLCanvasElement;
			const ctx = canvas.getContext("2d")!;
			const { data, width, height } = ctx.getImageData(0, 0, canvas.width, canvas.height);
			const scale = canvas.width / 800;
			let minX = Infinity;
			let minY = Infinity;
			let maxX = -Infinity;
			let maxY = -Infinity;
			let far = { x: 0, y: 0, d: -1 };
			for (let y = 0; y < height; y += 2) {
				for (let x = 0; x < width; x += 2) {
					if (data[(y * width + x) * 4 + 3]! === 0) continue;
					minX = Math.min(minX, x);
					maxX = Math.max(maxX, x);
					minY = Math.min(minY, y);
					maxY = Math.max(maxY, y);
					const d = Math.hypot(x - width / 2, y - height / 2);
					if (d > far.d) far = { x, y, d };
				}
			}
			return {
				box: { minX: minX / scale, minY: minY / scale, maxX: maxX / scale, maxY: maxY / scale },
				far: { x: far.x / scale, y: far.y / scale },
			};
		});
	}

	async function drawnAt(page: Page, x: number, y: number): Promise<boolean> {
		return page.getByTestId("track-canvas").evaluate(
			(element, at) => {
				const canvas = element as HTMLCanvasElement;
				const scale = canvas.width / 800;
				const r = Math.ceil(4 * scale);
				const { data } = canvas
					.getContext("2d")!
					.getImageData(Math.round(at.x * scale) - r, Math.round(at.y * scale) - r, 2 * r, 2 * r);
				for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) return true;
				return false;
			},
			{ x, y },
		);
	}

	test("turning keeps the whole path in frame; a pinch zooms about the fingers", async ({
		page,
	}) => {
		await signInAs(page, RIDER);
		await page.goto("/make");
		await settle(page);
		const canvas = page.getByTestId("track-canvas");
		for (const turns of [9, 9, 9]) {
			// Arrow keys turn 5° each: 45°, 90°, 135°.
			await canvas.focus();
			for (let i = 0; i < turns; i++) await page.keyboard.press("ArrowRight");
			await expect(canvas).toHaveAttribute("data-renders", /[1-9]/);
			await page.waitForTimeout(100);
			const { box } = await painted(page);
			expect(box.minX).toBeGreaterThan(2);
			expect(box.minY).toBeGreaterThan(2);
			expect(box.maxX).toBeLessThan(798);
			expect(box.maxY).toBeLessThan(598);
		}
		await page.getByRole("button", { name: "Restaurar vista" }).click();
		await page.waitForTimeout(100);

		// Two fingers on the point of the path farthest from the centre, spread to twice apart.
		const { far } = await painted(page);
		await canvas.evaluate((element, at) => {
			const canvas = element as HTMLCanvasElement;
			const rect = canvas.getBoundingClientRect();
			const k = rect.width / 800;
			const client = (x: number, y: number) => ({
				clientX: rect.left + x * k,
				clientY: rect.top + y * k,
			});
			const send = (type: string, id: number, x: number, y: number) =>
				canvas.dispatchEvent(
					new PointerEvent(type, {
						pointerId: id,
						pointerType: "touch",
						isPrimary: id === 1,
						bubbles: true,
						...client(x, y),
					}),
				);
			send("pointerdown", 1, at.x - 20, at.y);
			send("pointerdown", 2, at.x + 20, at.y);
			for (let step = 1; step <= 5; step++) {
				send("pointermove", 1, at.x - 20 - 4 * step, at.y);
				send("pointermove", 2, at.x + 20 + 4 * step, at.y);
			}
			send("pointerup", 1, at.x - 40, at.y);
			send("pointerup", 2, at.x + 40, at.y);
		}, far);
		await expect(page.locator(".track-canvas__zoom")).toHaveText("2,0×");
		await page.waitForTimeout(150);
		// The path that was under the fingers is still under them.
		expect(await drawnAt(page, far.x, far.y)).toBe(true);
	});
});

test.describe("delivery and keyboard", () => {
	test("files and JSON travel compressed; no source map is published", async ({ page }) => {
		const shell = await page.request.get("/login", { headers: { "accept-encoding": "br, gzip" } });
		expect(shell.headers()["content-encoding"]).toBe("br");
		const html = await shell.text();
		const script = /src="(\/assets\/index-[^"]+\.js)"/.exec(html)?.[1];
		expect(script).toBeTruthy();
		const js = await page.request.get(script!, { headers: { "accept-encoding": "br, gzip" } });
		expect(js.headers()["content-encoding"]).toBe("br");
		expect(await js.text()).not.toContain("sourceMappingURL");
		const map = await page.request.get(`${script}.map`);
		expect(map.headers()["content-type"]).not.toMatch(/json/);
		expect(await map.text()).not.toContain('"mappings"');

		await signInAs(page, RIDER);
		const tree = await page.request.get("/api/sessions/tree", {
			headers: { "accept-encoding": "br, gzip" },
		});
		expect(tree.headers()["content-encoding"]).toMatch(/^(br|gzip)$/);
	});

	test("a skip link comes first and jumps to the content", async ({ page }) => {
		await signInAs(page, RIDER);
		await page.goto("/laps");
		await settle(page);
		await page.keyboard.press("Tab");
		await expect(page.locator(":focus")).toHaveText("Pular para o conteúdo");
		await page.keyboard.press("Enter");
		await expect(page.locator(":focus")).toHaveAttribute("id", "conteudo");
		// From the content the next stop is its first control, not the header or the menu.
		await page.keyboard.press("Tab");
		await expect(page.locator(":focus")).toHaveAccessibleName("Pista:");
	});
});
