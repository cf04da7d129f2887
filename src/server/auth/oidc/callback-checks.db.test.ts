import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeIssuer, goodClaims, startFakeIssuer } from "../../test/fake-issuer";
import { createListeningContext, TestBrowser } from "../../test/test-browser";
import { sessionCookieName } from "../session-plugin";

/**
 * The relying party against an issuer that misbehaves on purpose: every check of the callback
 * and of the ID token must end with no session and a clear page.
 */
describe("sign-in callback checks", () => {
	let issuer: FakeIssuer;
	let ctx: Awaited<ReturnType<typeof createListeningContext>>;

	beforeAll(async () => {
		issuer = await startFakeIssuer();
		ctx = await createListeningContext({
			OIDC_ISSUER_URL: issuer.url,
			OIDC_CLIENT_ID: issuer.clientId,
			OIDC_CLIENT_SECRET: issuer.clientSecret,
		});
	}, 90_000);
	afterAll(async () => {
		await ctx?.close();
		await issuer?.close();
	});
	beforeEach(() => {
		issuer.recipe = ({ nonce }) => ({ claims: goodClaims(issuer, nonce) });
	});

	async function sessionCount() {
		const row = await ctx.db
			.selectFrom("auth_sessions")
			.select((eb) => eb.fn.countAll<string>().as("n"))
			.executeTakeFirstOrThrow();
		return Number(row.n);
	}

	/** Starts a sign-in and returns the browser and the callback URL the issuer sent it to. */
	async function startSignIn(path = "/auth/login") {
		const browser = new TestBrowser(ctx.baseUrl);
		const { url } = await browser.follow(path, /\/auth\/callback\?/);
		expect(url).toContain("/auth/callback?");
		return { browser, callbackUrl: url };
	}

	async function expectRefused(browser: TestBrowser, url: string, status: number, text: RegExp) {
		const before = await sessionCount();
		const res = await browser.request(url);
		expect(res.status).toBe(status);
		expect(res.headers.get("content-type")).toContain("text/html");
		expect(res.body).toContain("Não foi possível entrar");
		expect(res.body).toMatch(text);
		expect(res.body).toContain('href="/login"');
		expect(res.body).toContain('data-login-result="error"');
		expect(
			res.setCookies.some(
				(c) =>
					c.startsWith(`${sessionCookieName(ctx.config)}=`) &&
					!/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c),
			),
		).toBe(false);
		expect(await sessionCount()).toBe(before);
		const me = await browser.request("/api/me");
		expect(me.status).toBe(401);
		return res;
	}

	it("accepts a good ID token (the control case), with PKCE and the client secret", async () => {
		const { browser, callbackUrl } = await startSignIn();
		const authorize = new URL(issuer.url);
		expect(authorize).toBeTruthy();
		const res = await browser.request(callbackUrl);
		expect(res.status).toBe(302);
		expect(res.location).toBe(`${ctx.baseUrl}/user`);
		const last = issuer.tokenRequests.at(-1);
		expect(last?.get("code_verifier")).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
		expect(last?.get("redirect_uri")).toBe(`${ctx.baseUrl}/auth/callback`);
		const me = await browser.request("/api/me");
		expect(me.status).toBe(200);
		expect(JSON.parse(me.body).user.email).toBe("fake.rider@example.com");
	});

	it("sends PKCE S256, state and nonce in the authorization request", async () => {
		const browser = new TestBrowser(ctx.baseUrl);
		const res = await browser.request("/auth/login");
		expect(res.status).toBe(302);
		const url = new URL(res.location ?? "");
		expect(url.origin + url.pathname).toBe(`${issuer.url}/authorize`);
		expect(url.searchParams.get("code_challenge_method")).toBe("S256");
		expect(url.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
		expect(url.searchParams.get("state")?.length).toBeGreaterThanOrEqual(40);
		expect(url.searchParams.get("nonce")?.length).toBeGreaterThanOrEqual(40);
		expect(url.searchParams.get("scope")).toBe("openid email profile");
		expect(url.searchParams.get("redirect_uri")).toBe(`${ctx.baseUrl}/auth/callback`);
		const cookie = res.setCookies.find((c) => c.startsWith("lapsix_login="));
		expect(cookie).toMatch(/HttpOnly/i);
		expect(cookie).toMatch(/SameSite=Lax/i);
		expect(cookie).toMatch(/Max-Age=600/i);
	});

	it("mints a new login cookie at every /auth/login, never one the browser planted", async () => {
		// The attacker starts a sign-in, keeps the callback URL and plants the login cookie in the
		// victim's browser; the victim then starts a sign-in of their own.
		const attacker = await startSignIn();
		const planted = attacker.browser.cookies.get("lapsix_login") ?? "";
		expect(planted).toMatch(/^[A-Za-z0-9_-]{43}$/);
		const victim = new TestBrowser(ctx.baseUrl);
		victim.cookies.set("lapsix_login", planted);
		const res = await victim.request("/auth/login");
		expect(res.status).toBe(302);
		const minted = victim.cookies.get("lapsix_login");
		expect(minted).toMatch(/^[A-Za-z0-9_-]{43}$/);
		expect(minted).not.toBe(planted);
		// So the attacker's callback no longer completes in the victim's browser.
		await expectRefused(victim, attacker.callbackUrl, 400, /outro navegador/);
	});

	it("refuses a wrong state", async () => {
		const { browser, callbackUrl } = await startSignIn();
		const url = new URL(callbackUrl);
		url.searchParams.set("state", "x".repeat(43));
		await expectRefused(browser, url.href, 400, /não é válida ou já foi usada/);
	});

	it("refuses a callback without state", async () => {
		const { browser, callbackUrl } = await startSignIn();
		const url = new URL(callbackUrl);
		url.searchParams.delete("state");
		await expectRefused(browser, url.href, 400, /não é válida ou já foi usada/);
	});

	it("refuses a replayed callback (the same URL twice)", async () => {
		const { browser, callbackUrl } = await startSignIn();
		const first = await browser.request(callbackUrl);
		expect(first.status).toBe(302);
		const fresh = new TestBrowser(ctx.baseUrl);
		for (const [name, value] of browser.cookies)
			if (name === "lapsix_login") fresh.cookies.set(name, value);
		await expectRefused(fresh, callbackUrl, 400, /já foi usada/);
	});

	it("refuses a callback opened in another browser than the one that started the sign-in", async () => {
		const { callbackUrl } = await startSignIn();
		await expectRefused(new TestBrowser(ctx.baseUrl), callbackUrl, 400, /outro navegador/);
	});

	it("refuses an ID token with the wrong nonce", async () => {
		issuer.recipe = () => ({ claims: goodClaims(issuer, "another-nonce-0123456789") });
		const { browser, callbackUrl } = await startSignIn();
		await expectRefused(browser, callbackUrl, 401, /confirmar a sua identidade/);
	});

	it("refuses an ID token with a bad signature", async () => {
		issuer.recipe = ({ nonce }) => ({ claims: goodClaims(issuer, nonce), foreignKey: true });
		const { browser, callbackUrl } = await startSignIn();
		await expectRefused(browser, callbackUrl, 401, /confirmar a sua identidade/);
	});

	it("refuses an unsigned ID token (alg none)", async () => {
		issuer.recipe = ({ nonce }) => ({ claims: goodClaims(issuer, nonce), header: { alg: "none" } });
		const { browser, callbackUrl } = await startSignIn();
		await expectRefused(browser, callbackUrl, 401, /confirmar a sua identidade/);
	});

	it("refuses an ID token for another audience", async () => {
		issuer.recipe = ({ nonce }) => ({ claims: goodClaims(issuer, nonce, { aud: "someone-else" }) });
		const { browser, callbackUrl } = await startSignIn();
		await expectRefused(browser, callbackUrl, 401, /confirmar a sua identidade/);
	});

	it("refuses an ID token of another issuer", async () => {
		issuer.recipe = ({ nonce }) => ({
			claims: goodClaims(issuer, nonce, { iss: "https://evil.example" }),
		});
		const { browser, callbackUrl } = await startSignIn();
		await expectRefused(browser, callbackUrl, 401, /confirmar a sua identidade/);
	});

	it("refuses an expired ID token", async () => {
		const past = Math.floor(Date.now() / 1000) - 3600;
		issuer.recipe = ({ nonce }) => ({
			claims: goodClaims(issuer, nonce, { iat: past - 600, exp: past }),
		});
		const { browser, callbackUrl } = await startSignIn();
		await expectRefused(browser, callbackUrl, 401, /confirmar a sua identidade/);
	});

	it("refuses an e-mail the issuer has not verified", async () => {
		issuer.recipe = ({ nonce }) => ({
			claims: goodClaims(issuer, nonce, { email: "unverified@example.com", email_verified: false }),
		});
		const { browser, callbackUrl } = await startSignIn();
		await expectRefused(browser, callbackUrl, 401, /não foi verificado/);
		const user = await ctx.db
			.selectFrom("users")
			.select("id")
			.where("email", "=", "unverified@example.com")
			.executeTakeFirst();
		expect(user).toBeUndefined();
	});

	it("refuses when the issuer answers with an error (sign-in cancelled)", async () => {
		const { browser, callbackUrl } = await startSignIn();
		const url = new URL(callbackUrl);
		url.searchParams.delete("code");
		url.searchParams.set("error", "access_denied");
		await expectRefused(browser, url.href, 401, /cancelado ou recusado/);
	});

	it("links a pre-created user by verified e-mail and refuses another subject for that e-mail", async () => {
		const pre = await ctx.createUser({ email: "precreated@example.com", is_seller: true });
		issuer.recipe = ({ nonce }) => ({
			claims: goodClaims(issuer, nonce, {
				sub: "sub-original",
				email: "precreated@example.com",
				name: "Pre Criado",
			}),
		});
		const first = await startSignIn();
		expect((await first.browser.request(first.callbackUrl)).status).toBe(302);
		const linked = await ctx.db
			.selectFrom("users")
			.selectAll()
			.where("id", "=", pre.id)
			.executeTakeFirstOrThrow();
		expect(linked).toMatchObject({
			oidc_issuer: issuer.url,
			oidc_subject: "sub-original",
			display_name: "Pre Criado",
			is_seller: true,
		});

		issuer.recipe = ({ nonce }) => ({
			claims: goodClaims(issuer, nonce, { sub: "sub-attacker", email: "precreated@example.com" }),
		});
		const second = await startSignIn();
		await expectRefused(second.browser, second.callbackUrl, 401, /já está ligado a outra conta/);
		const still = await ctx.db
			.selectFrom("users")
			.selectAll()
			.where("id", "=", pre.id)
			.executeTakeFirstOrThrow();
		expect(still.oidc_subject).toBe("sub-original");
	});
});
