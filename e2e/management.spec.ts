import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { captureScreens } from "./support/screenshots";
import { signInAs } from "./support/sign-in";

/**
 * The management screens (/adm, /seller, /seller-adm, /hardware) in a real browser against the
 * demo data. Every test puts back what it changes (or changes only data it made itself), because
 * all browser tests share one server.
 */

const ADMIN = "admin@lapsix.example";
const SELLER = "vendedor@lapsix.example";
const RIDER1 = "piloto1@lapsix.example";
const RIDER2 = "piloto2@lapsix.example";

interface UserRow {
	id: string;
	email: string;
	hardwareId: string | null;
	sellerId: string | null;
	sellerEmail: string | null;
}

/** Management API calls made with the page's own sign-in (cookie + CSRF token). */
async function apiOf(page: Page) {
	const me = await page.request.get("/api/me");
	expect(me.ok()).toBe(true);
	const { csrfToken } = (await me.json()) as { csrfToken: string };
	async function send(method: "PUT" | "POST" | "DELETE" | "PATCH", path: string, data?: unknown) {
		const response = await page.request.fetch(path, {
			method,
			headers: { "x-csrf-token": csrfToken },
			...(data === undefined ? {} : { data }),
		});
		expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
		return response.json();
	}
	async function users(): Promise<UserRow[]> {
		const response = await page.request.get("/api/admin/users");
		expect(response.ok()).toBe(true);
		return ((await response.json()) as { users: UserRow[] }).users;
	}
	async function user(email: string): Promise<UserRow> {
		const found = (await users()).find((candidate) => candidate.email === email);
		if (!found) throw new Error(`no user ${email}`);
		return found;
	}
	return { send, users, user };
}

function deviceConfig(request: APIRequestContext, key: string) {
	return request.get("/api/device/v1/config", { headers: { authorization: `Bearer ${key}` } });
}

/** Marks the page so a test can tell a full reload (the mark is gone) from an in-place update. */
async function markPage(page: Page) {
	await page.evaluate(() => {
		(window as unknown as { __noReload: boolean }).__noReload = true;
	});
}

async function expectNoReload(page: Page) {
	expect(
		await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload),
	).toBe(true);
}

async function optionValues(select: Locator): Promise<string[]> {
	return select
		.locator("option")
		.evaluateAll((options) =>
			options.map((option) => (option as HTMLOptionElement).value).filter((value) => value !== ""),
		);
}

/** Screenshots at desktop and phone width; at each width the page itself never scrolls sideways. */
async function screenshots(page: Page, name: string) {
	await captureScreens(page, name, {
		ready: async (shot) => {
			const { overflow, width } = await shot.evaluate(() => ({
				overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
				width: window.innerWidth,
			}));
			expect(overflow, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
		},
	});
}

const assignButton = (scope: Page | Locator) =>
	scope.getByRole("button", { name: /^(Cadastrar|Cadastrado!)$/ });

test.describe("management screens", () => {
	test("admin registers a logger, gives it to a rider on /adm and the logger's configuration follows", async ({
		page,
		request,
	}) => {
		await signInAs(page, ADMIN);
		const api = await apiOf(page);
		const pedro = await api.user(RIDER2);
		expect(pedro.hardwareId).toBe("2");
		const loggerId = `MG${Date.now().toString(36).toUpperCase()}`;

		try {
			// Register a logger: its key appears once, in the marked box, and can be copied.
			await page.goto("/hardware");
			await page.getByLabel("Código do logger").fill(loggerId);
			await page.getByLabel("Nome (opcional)").fill("Logger do teste");
			await page.getByRole("button", { name: "Registrar logger" }).click();
			const box = page.getByTestId("device-key-box");
			await expect(box).toContainText("não será mostrada de novo");
			const key = (await box.getByTestId("device-key").textContent())?.trim() ?? "";
			expect(key.length).toBeGreaterThanOrEqual(20);
			await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
			await box.getByRole("button", { name: "Copiar" }).click();
			await expect(box.getByRole("button", { name: "Copiado!" })).toBeVisible();
			expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
			await expect(page.getByTestId("hardware-table")).toContainText(loggerId);
			await screenshots(page, "hardware-key");

			// Nobody has it yet: the logger has no configuration to fetch.
			expect((await deviceConfig(request, key)).status()).toBe(404);

			// /adm: nothing happens until both selects have a value.
			await page.goto("/adm");
			const panel = page.locator("section", { hasText: "Entregar logger a um piloto" });
			await expect(assignButton(panel)).toBeDisabled();
			await panel.getByTestId("adm-rider").selectOption(pedro.id);
			await expect(assignButton(panel)).toBeDisabled();
			await panel.getByTestId("adm-hardware").selectOption(loggerId);
			await expect(assignButton(panel)).toBeEnabled();
			await markPage(page);
			await assignButton(panel).click();
			// Pedro's logger 2 goes back to stock: the screen says so and asks first.
			const confirm = page.getByRole("dialog");
			await expect(confirm).toContainText(`O logger 2, que está com ${RIDER2}, volta ao estoque.`);
			// A new key with the hand-over is offered, checked: the old key must not follow the logger.
			await expect(confirm.getByTestId("handover-rotate-key")).toBeChecked();
			await expect(confirm).toContainText("A chave antiga deixa de funcionar");
			await screenshots(page, "handover-rotate-key");
			await confirm.getByRole("button", { name: "Entregar" }).click();
			await expect(panel.getByRole("button", { name: "Cadastrado!" })).toBeVisible();
			const handedKey = (await page.getByTestId("device-key").textContent())?.trim() ?? "";
			expect(handedKey).not.toBe(key);
			expect((await deviceConfig(request, key)).status()).toBe(401);
			await screenshots(page, "handover-new-key");
			const pedroRow = page.getByTestId("adm-users-table").getByRole("row", { name: RIDER2 });
			await expect(pedroRow.locator('td[data-column="hardware"]')).toHaveText(loggerId);
			await expectNoReload(page);
			await expect(panel.getByRole("button", { name: "Cadastrar" })).toBeVisible({
				timeout: 5_000,
			});
			// The table shows the Wi-Fi name, never its password.
			await expect(pedroRow).toContainText("Equipe-Pedro");
			await expect(page.getByTestId("adm-users-table")).not.toContainText("pedro-wifi-2025");

			const config = await deviceConfig(request, handedKey);
			expect(config.status()).toBe(200);
			expect(await config.json()).toMatchObject({
				hardwareId: loggerId,
				wifiSsid: "Equipe-Pedro",
				wifiPassword: "pedro-wifi-2025",
				pilotName: "Pedro",
				bikeNumber: "8",
			});
			// Logger 2 went back to stock.
			const pedroNow = await api.user(RIDER2);
			expect(pedroNow.hardwareId).toBe(loggerId);

			// Rotating the key: confirm, the new key is shown once, the old one stops at once.
			await page.goto("/hardware");
			await page.getByRole("button", { name: `Trocar chave do logger ${loggerId}` }).click();
			const dialog = page.getByRole("dialog");
			await expect(dialog).toContainText("deixa de funcionar");
			await dialog.getByRole("button", { name: "Trocar chave" }).click();
			const newKey = (await page.getByTestId("device-key").textContent())?.trim() ?? "";
			expect(newKey).not.toBe("");
			expect(newKey).not.toBe(handedKey);
			expect((await deviceConfig(request, handedKey)).status()).toBe(401);
			expect((await deviceConfig(request, newKey)).status()).toBe(200);
			await page.getByRole("button", { name: "Já guardei a chave" }).click();
			await expect(page.getByTestId("device-key-box")).toHaveCount(0);

			// The audit log names who did what to whom.
			const audit = page.getByTestId("audit-table");
			await expect(audit).toContainText(`Logger ${loggerId} → ${RIDER2}`);
			await expect(audit).toContainText("Trocou a chave do logger");
			await expect(audit).toContainText(ADMIN);
		} finally {
			await api.send("PUT", "/api/admin/hardware/2/owner", { riderId: pedro.id });
		}
		expect((await api.user(RIDER2)).hardwareId).toBe("2");
	});

	test("seller gives a logger of his stock to his rider and the stock shrinks without a reload", async ({
		page,
		browser,
	}, testInfo) => {
		// A rider of the seller's with no logger yet, made for this test only.
		const adminContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
		const adminPage = await adminContext.newPage();
		await signInAs(adminPage, ADMIN);
		const admin = await apiOf(adminPage);
		const seller = await admin.user(SELLER);
		const email = `mg-${Date.now().toString(36)}@lapsix.example`;
		const created = (await admin.send("POST", "/api/admin/users", { email })) as {
			user: UserRow;
		};
		const riderId = created.user.id;
		await admin.send("PUT", `/api/admin/users/${riderId}/seller`, { sellerId: seller.id });

		try {
			await signInAs(page, SELLER);
			await page.goto("/seller");
			const stockSelect = page.getByTestId("seller-stock");
			await expect(stockSelect).toBeEnabled();
			const stockBefore = await optionValues(stockSelect);
			expect(stockBefore).toEqual(expect.arrayContaining(["A7F3", "B210"]));
			const given = stockBefore.includes("A7F3") ? "A7F3" : "B210";
			const stockTable = page.getByTestId("seller-stock-table");
			await expect(stockTable.locator("tbody tr")).toHaveCount(stockBefore.length);
			await expect(optionValues(page.getByTestId("seller-rider"))).resolves.toEqual(
				expect.arrayContaining([riderId]),
			);
			await screenshots(page, "seller");

			await expect(assignButton(page)).toBeDisabled();
			await page.getByTestId("seller-rider").selectOption(riderId);
			await expect(assignButton(page)).toBeDisabled();
			await stockSelect.selectOption(given);
			await markPage(page);
			await assignButton(page).click();
			// Nobody loses anything, but the hand-over offers a new key; here the seller declines it.
			const handOver = page.getByRole("dialog");
			await handOver.getByTestId("handover-rotate-key").uncheck();
			await handOver.getByRole("button", { name: "Entregar" }).click();
			await expect(page.getByRole("button", { name: "Cadastrado!" })).toBeVisible();
			await expect(page.getByTestId("device-key-box")).toHaveCount(0);
			await expect(stockTable.locator("tbody tr")).toHaveCount(stockBefore.length - 1);
			await expect(stockSelect.locator(`option[value="${given}"]`)).toHaveCount(0);
			const riderRow = page.getByTestId("seller-riders-table").getByRole("row", { name: email });
			await expect(riderRow.locator('td[data-column="hardware"]')).toHaveText(given);
			await expectNoReload(page);
			await expect(page.getByRole("alert")).toHaveCount(0);

			// The other logger leaves his stock while the screen still offers it: the server refuses
			// and the screen says why, in pt-BR, next to the button.
			const other = given === "A7F3" ? "B210" : "A7F3";
			await page.getByTestId("seller-rider").selectOption(riderId);
			await stockSelect.selectOption(other);
			await admin.send("PUT", `/api/admin/hardware/${other}/seller`, { sellerId: null });
			try {
				await assignButton(page).click();
				// The rider's logger would go back to stock: confirmed, then refused by the server.
				await page.getByRole("dialog").getByRole("button", { name: "Entregar" }).click();
				await expect(page.getByRole("alert")).toHaveText("Este logger não está no seu estoque.");
				await expect(riderRow.locator('td[data-column="hardware"]')).toHaveText(given);
			} finally {
				await admin.send("PUT", `/api/admin/hardware/${other}/seller`, { sellerId: seller.id });
			}
			await screenshots(page, "seller-error");
		} finally {
			await admin.send("DELETE", "/api/admin/hardware/A7F3/owner").catch(() => undefined);
			await admin.send("DELETE", "/api/admin/hardware/B210/owner").catch(() => undefined);
			await admin.send("PUT", `/api/admin/users/${riderId}/seller`, { sellerId: null });
			await adminContext.close();
		}
	});

	test("admin sets a rider's seller on /seller-adm", async ({ page }) => {
		await signInAs(page, ADMIN);
		const api = await apiOf(page);
		const pedro = await api.user(RIDER2);
		const seller = await api.user(SELLER);
		expect(pedro.sellerId).toBeNull();

		try {
			await page.goto("/seller-adm");
			const table = page.getByTestId("selleradm-table");
			await expect(table).toContainText(RIDER1);
			await expect(table).not.toContainText(RIDER2);
			await screenshots(page, "seller-adm");

			await expect(assignButton(page)).toBeDisabled();
			await page.getByTestId("selleradm-seller").selectOption(seller.id);
			await expect(assignButton(page)).toBeDisabled();
			await page.getByTestId("selleradm-rider").selectOption(pedro.id);
			await markPage(page);
			await assignButton(page).click();
			await expect(page.getByRole("button", { name: "Cadastrado!" })).toBeVisible();
			await expect(table.getByRole("row", { name: RIDER2 })).toContainText(SELLER);
			await expectNoReload(page);
			expect((await api.user(RIDER2)).sellerEmail).toBe(SELLER);
		} finally {
			await api.send("PUT", `/api/admin/users/${pedro.id}/seller`, { sellerId: null });
		}
	});

	test("/adm lists every user in a sortable table", async ({ page }) => {
		await signInAs(page, ADMIN);
		await page.goto("/adm");
		const table = page.getByTestId("adm-users-table");
		await expect(table).toContainText(RIDER1);
		for (const header of [
			"ID (e-mail)",
			"Hardware",
			"Adm",
			"Nome do piloto",
			"Nº da moto",
			"Revendedor",
			"Wi-Fi",
			"Revendedor do piloto",
		]) {
			await expect(table.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
		}
		await sortAndCheck(table, "Hardware", "hardware", compareText);
		await sortAndCheck(table, "Nº da moto", "bikeNumber", compareText);
		// Admins first ascending; the flag is never an empty value.
		await table.getByRole("columnheader", { name: "Adm", exact: true }).getByRole("button").click();
		await expect(table.locator('tbody tr td[data-column="adm"]').first()).toHaveText("Sim");
		await screenshots(page, "adm");
	});

	test("/hardware table sorts by each column both ways with empty values last", async ({
		page,
	}) => {
		await signInAs(page, ADMIN);
		await page.goto("/hardware");
		const table = page.getByTestId("hardware-table");
		await expect(table).toContainText("C900");
		await sortAndCheck(table, "ID", "id", compareText);
		// A new column starts ascending even after a descending one.
		await sortAndCheck(table, "Dono", "owner", compareText);
		// Demo data: every logger with a seller has the same one, and two have none.
		await sortAndCheck(table, "Revendedor", "seller", compareText, 1);
		await sortAndCheck(table, "Último contato", "up", compareTime);
		await sortAndCheck(table, "Versão", "version", compareText);
		// Demo data: logger 1 was seen 12 minutes ago, A7F3 never.
		await expect(
			table.getByRole("row", { name: /^1\b/ }).locator('td[data-column="up"]'),
		).toHaveText(/há \d+ minutos/);
		await expect(
			table.getByRole("row", { name: /A7F3/ }).locator('td[data-column="up"]'),
		).toHaveText("nunca");
		await screenshots(page, "hardware");
	});

	test("/hardware sets a logger's seller", async ({ page }) => {
		await signInAs(page, ADMIN);
		const api = await apiOf(page);
		const seller = await api.user(SELLER);
		try {
			await page.goto("/hardware");
			const panel = page.locator("section", { hasText: "Definir revendedor do logger" });
			await expect(panel.getByTestId("hardware-logger").locator('option[value="C900"]')).toHaveText(
				"Unnamed (C900)",
			);
			await panel.getByTestId("hardware-logger").selectOption("C900");
			await expect(assignButton(panel)).toBeDisabled();
			await panel.getByTestId("hardware-seller").selectOption(seller.id);
			await markPage(page);
			await assignButton(panel).click();
			await expect(panel.getByRole("button", { name: "Cadastrado!" })).toBeVisible();
			const row = page.getByTestId("hardware-table").getByRole("row", { name: /C900/ });
			await expect(row.locator('td[data-column="seller"]')).toHaveText(SELLER);
			await expectNoReload(page);
		} finally {
			await api.send("PUT", "/api/admin/hardware/C900/seller", { sellerId: null });
		}
	});

	test("a rider sees 'Sem permissão' on the management screens and the API refuses him", async ({
		page,
	}) => {
		await signInAs(page, RIDER1);
		for (const path of ["/adm", "/seller-adm", "/hardware", "/seller"]) {
			await page.goto(path);
			await expect(page.getByRole("heading", { name: "Sem permissão" })).toBeVisible();
			await expect(page.getByRole("combobox")).toHaveCount(0);
		}
		await screenshots(page, "adm-forbidden");
		for (const path of ["/api/admin/users", "/api/admin/hardware", "/api/seller/stock"]) {
			const response = await page.request.get(path);
			expect(response.status(), path).toBe(403);
			expect(((await response.json()) as { message: string }).message).not.toBe("");
		}
	});
});

// ---- Sorting checks -----------------------------------------------------------------------------

const collator = new Intl.Collator("pt-BR", { numeric: true, sensitivity: "base" });
const compareText = (a: string, b: string) => collator.compare(a, b);
const compareTime = (a: string, b: string) => Date.parse(a) - Date.parse(b);

/** A cell's sort value as the user reads it: "—" and "nunca" are empty; times by their instant. */
async function columnValues(table: Locator, column: string): Promise<string[]> {
	return table.locator(`tbody td[data-column="${column}"]`).evaluateAll((cells) =>
		cells.map((cell) => {
			const time = cell.querySelector("time");
			if (time) return time.dateTime;
			const first = (cell.firstChild?.textContent ?? "").trim();
			return first === "—" || first === "nunca" ? "" : first;
		}),
	);
}

function expectOrdered(
	values: string[],
	direction: "asc" | "desc",
	compare: (a: string, b: string) => number,
	label: string,
) {
	const firstEmpty = values.indexOf("");
	const filled = firstEmpty < 0 ? values : values.slice(0, firstEmpty);
	if (firstEmpty >= 0) {
		expect(values.slice(firstEmpty), `${label}: empty values last`).toEqual(
			values.slice(firstEmpty).map(() => ""),
		);
	}
	for (let i = 1; i < filled.length; i++) {
		const order = compare(filled[i - 1]!, filled[i]!);
		if (direction === "asc") expect(order, `${label}: ${filled.join(", ")}`).toBeLessThanOrEqual(0);
		else expect(order, `${label}: ${filled.join(", ")}`).toBeGreaterThanOrEqual(0);
	}
}

/** Clicks a header twice: ascending with ▲, then descending with ▼, empty values last both times. */
async function sortAndCheck(
	table: Locator,
	header: string,
	column: string,
	compare: (a: string, b: string) => number,
	minDistinct = 2,
) {
	const th = table.getByRole("columnheader", { name: header, exact: true });
	for (const direction of ["asc", "desc"] as const) {
		await th.getByRole("button").click();
		await expect(th).toHaveAttribute("aria-sort", direction === "asc" ? "ascending" : "descending");
		await expect(th).toContainText(direction === "asc" ? "▲" : "▼");
		const values = await columnValues(table, column);
		expect(
			new Set(values.filter((v) => v !== "")).size,
			`${header}: distinct values`,
		).toBeGreaterThanOrEqual(minDistinct);
		expectOrdered(values, direction, compare, `${header} ${direction}`);
	}
	// Only the active column carries the arrow.
	await expect(table.locator("thead th", { hasText: /[▲▼]/ })).toHaveCount(1);
}
