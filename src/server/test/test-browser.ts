import { createServer } from "node:net";
import { createTestContext, type TestContext, type TestContextOptions } from "./harness";

/** A free loopback port: the app's PUBLIC_URL must be known before it is built. */
export async function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once("error", reject);
		server.listen(0, "127.0.0.1", () => {
			const address = server.address();
			server.close(() =>
				typeof address === "object" && address
					? resolve(address.port)
					: reject(new Error("no port")),
			);
		});
	});
}

/** A test app listening on loopback, so the relying party reaches the issuer over real HTTP. */
export async function createListeningContext(
	env: Record<string, string> = {},
	options: Omit<TestContextOptions, "env"> = {},
): Promise<TestContext & { baseUrl: string }> {
	const port = await freePort();
	const baseUrl = `http://127.0.0.1:${port}`;
	const ctx = await createTestContext({ ...options, env: { PUBLIC_URL: baseUrl, ...env } });
	await ctx.app.listen({ port, host: "127.0.0.1" });
	return Object.assign(ctx, { baseUrl });
}

export interface BrowserResponse {
	status: number;
	location: string | null;
	body: string;
	setCookies: string[];
	headers: Headers;
}

/**
 * Just enough of a browser for the sign-in flow: follows nothing by itself, keeps cookies by
 * name (paths ignored: every cookie goes to our one origin), and submits forms.
 */
export class TestBrowser {
	/** name -> value, for the app's origin (cookie paths kept apart in `paths`). */
	readonly cookies = new Map<string, string>();
	private readonly paths = new Map<string, string>();

	constructor(readonly baseUrl: string) {}

	/** The Cookie header for a path, as a browser would send it (path-matched). */
	cookieHeader(path = "/"): string {
		return [...this.cookies]
			.filter(([name]) => {
				const cookiePath = this.paths.get(name) ?? "/";
				return cookiePath === "/" || path === cookiePath || path.startsWith(`${cookiePath}/`);
			})
			.map(([name, value]) => `${name}=${value}`)
			.join("; ");
	}

	async request(
		url: string,
		init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
	): Promise<BrowserResponse> {
		const target = new URL(url, this.baseUrl);
		const headers: Record<string, string> = { ...init.headers };
		const cookie =
			target.origin === new URL(this.baseUrl).origin ? this.cookieHeader(target.pathname) : "";
		if (cookie !== "") headers.cookie = cookie;
		let body: string | undefined;
		if (init.form) {
			body = new URLSearchParams(init.form).toString();
			headers["content-type"] = "application/x-www-form-urlencoded";
			headers.origin ??= new URL(this.baseUrl).origin;
		}
		const response = await fetch(target, {
			method: init.method ?? (init.form ? "POST" : "GET"),
			headers,
			body,
			redirect: "manual",
		});
		const setCookies = response.headers.getSetCookie();
		for (const line of setCookies) {
			const [pair = "", ...attributes] = line.split(";");
			const eq = pair.indexOf("=");
			const name = pair.slice(0, eq).trim();
			const value = pair.slice(eq + 1).trim();
			const expired = attributes.some(
				(a) =>
					/^\s*max-age=0$/i.test(a) ||
					(/^\s*expires=/i.test(a) && Date.parse(a.split("=")[1] ?? "") < Date.now()),
			);
			const path =
				attributes
					.find((a) => /^\s*path=/i.test(a))
					?.split("=")[1]
					?.trim() ?? "/";
			if (expired || value === "") this.cookies.delete(name);
			else {
				this.cookies.set(name, value);
				this.paths.set(name, path);
			}
		}
		const location = response.headers.get("location");
		return {
			status: response.status,
			location: location === null ? null : new URL(location, target).href,
			body: await response.text(),
			setCookies,
			headers: response.headers,
		};
	}

	/** Follows redirects from `url` until a page (2xx/4xx/5xx) or a URL matching `stopAt`. */
	async follow(url: string, stopAt?: RegExp): Promise<{ url: string; response: BrowserResponse }> {
		let current = url;
		for (let hops = 0; hops < 10; hops += 1) {
			const response = await this.request(current);
			if (response.status < 300 || response.status >= 400 || !response.location)
				return { url: current, response };
			if (stopAt?.test(response.location)) return { url: response.location, response };
			current = response.location;
		}
		throw new Error(`too many redirects from ${url}`);
	}
}

/** The form action of the demo issuer's sign-in page. */
export function formAction(html: string): string {
	const match = /<form method="post" action="([^"]+)"/.exec(html);
	if (!match?.[1]) throw new Error("no sign-in form on the page");
	return match[1].replaceAll("&#38;", "&");
}

/**
 * Runs the whole demo sign-in up to the callback URL (not fetched): login, issuer page, e-mail.
 * Returns the callback URL the issuer sent the browser to.
 */
export async function signInUntilCallback(
	browser: TestBrowser,
	email: string,
	loginPath = "/auth/login?popup=1",
): Promise<string> {
	const page = await browser.follow(loginPath);
	if (page.response.status !== 200)
		throw new Error(
			`issuer page answered ${page.response.status}: ${page.response.body.slice(0, 300)}`,
		);
	const submitted = await browser.request(formAction(page.response.body), { form: { email } });
	if (!submitted.location)
		throw new Error(`e-mail form answered ${submitted.status}: ${submitted.body.slice(0, 300)}`);
	const callback = await browser.follow(submitted.location, /\/auth\/callback\?/);
	if (!callback.url.includes("/auth/callback?"))
		throw new Error(
			`issuer did not come back: ${callback.response.status} ${callback.response.body.slice(0, 300)}`,
		);
	return callback.url;
}
