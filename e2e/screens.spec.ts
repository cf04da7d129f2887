import {
	type Browser,
	type BrowserContext,
	expect,
	type Page,
	type TestInfo,
	test,
} from "@playwright/test";
import {
	expectAccessible,
	expectNoSidewaysScroll,
	expectTouchTargets,
	settle,
} from "./support/checks";
import { SCREENSHOT_DIR } from "./support/screenshots";
import { signInAs } from "./support/sign-in";

/**
 * Every screen of every kind of user, at 1280 px (a laptop) and 360 px (a phone, touch): the
 * page never scrolls sideways, axe finds no serious or critical violation, a normal visit logs
 * no error in the console, every control is a 44 px target on the phone, and a screenshot of
 * each is left in test-results/screenshots for people to look at.
 */

interface Role {
	name: string;
	email: string | null;
	screens: string[];
}

const ROLES: Role[] = [
	{ name: "visitante", email: null, screens: ["/login"] },
	{
		name: "piloto",
		email: "piloto1@lapsix.example",
		screens: ["/user", "/laps", "/analytics", "/enroll", "/make"],
	},
	{ name: "revendedor", email: "vendedor@lapsix.example", screens: ["/user", "/seller", "/laps"] },
	{
		name: "admin",
		email: "admin@lapsix.example",
		screens: ["/user", "/adm", "/seller-adm", "/hardware", "/analytics"],
	},
	// A rider who has not filled Meus Dados: every screen leads to /enroll, which says why.
	{ name: "novo", email: "novo@lapsix.example", screens: ["/laps"] },
];

const WIDTHS = [
	{ width: 1280, height: 800, phone: false },
	{ width: 360, height: 740, phone: true },
] as const;

async function contextFor(
	browser: Browser,
	testInfo: TestInfo,
	size: (typeof WIDTHS)[number],
): Promise<BrowserContext> {
	const { baseURL, locale, timezoneId } = testInfo.project.use;
	return browser.newContext({
		baseURL,
		locale,
		timezoneId,
		viewport: { width: size.width, height: size.height },
		// The phone is a touch screen: coarse pointer, touch events, the hints speak of fingers.
		hasTouch: size.phone,
		isMobile: size.phone,
	});
}

/** Errors the browser logs while the page is used (failed requests included). */
function collectConsoleErrors(page: Page): string[] {
	const errors: string[] = [];
	page.on("console", (message) => {
		if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
	});
	page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
	return errors;
}

for (const role of ROLES) {
	for (const size of WIDTHS) {
		test(`screens of ${role.name} at ${size.width} px: no sideways scroll, accessible, no console error`, async ({
			browser,
		}, testInfo) => {
			test.setTimeout(150_000);
			const context = await contextFor(browser, testInfo, size);
			const page = await context.newPage();
			const errors = collectConsoleErrors(page);
			if (role.email) await signInAs(page, role.email);
			for (const screen of role.screens) {
				const label = `${role.name} ${screen} at ${size.width} px`;
				await page.goto(screen);
				if (role.name === "novo") {
					await expect(page).toHaveURL(/\/enroll$/);
					await expect(page.getByTestId("enroll-why")).toContainText("preencha Meus Dados");
				}
				await settle(page);
				await expectNoSidewaysScroll(page, label);
				await expectAccessible(page, label);
				if (size.phone) await expectTouchTargets(page, label);
				expect(await page.title(), `${label}: a title of its own`).toMatch(/^.+ · lapsix$/);
				await page.evaluate(() => window.scrollTo(0, 0));
				await page.screenshot({
					path: `${SCREENSHOT_DIR}/${role.name}${screen.replaceAll("/", "-")}-${size.width}.png`,
					fullPage: true,
					animations: "disabled",
				});
			}
			expect(errors, `${role.name} at ${size.width} px: console errors`).toEqual([]);
			await context.close();
		});
	}
}
