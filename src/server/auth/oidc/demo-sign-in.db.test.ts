import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
	createListeningContext,
	formAction,
	signInUntilCallback,
	TestBrowser,
} from "../../test/test-browser";
import { CSRF_HEADER, sessionCookieName } from "../session-plugin";

describe("sign-in against the demo issuer", () => {
	let ctx: Awaited<ReturnType<typeof createListeningContext>>;
	beforeAll(async () => {
		ctx = await createListeningContext();
	}, 90_000);
	afterAll(() => ctx?.close());

	async function signedInBrowser(email: string) {
		const browser = new TestBrowser(ctx.baseUrl);
		const done = await browser.request(await signInUntilCallback(browser, email));
		expect(done.status).toBe(200);
		const me = await browser.request("/api/me");
		expect(me.status).toBe(200);
		return {
			browser,
			me: JSON.parse(me.body) as { user: { id: string; isAdmin: boolean }; csrfToken: string },
		};
	}

	it("serves discovery for its issuer and client", async () => {
		const res = await fetch(`${ctx.baseUrl}/oidc/.well-known/openid-configuration`);
		expect(res.status).toBe(200);
		const doc = await res.json();
		expect(doc.issuer).toBe(`${ctx.baseUrl}/oidc`);
		expect(doc.authorization_endpoint).toBe(`${ctx.baseUrl}/oidc/auth`);
		expect(doc.code_challenge_methods_supported).toContain("S256");
	});

	it("shows a pt-BR sign-in page with the demo accounts and no inline script or style", async () => {
		const browser = new TestBrowser(ctx.baseUrl);
		const page = await browser.follow("/auth/login?popup=1");
		expect(page.response.status).toBe(200);
		const html = page.response.body;
		expect(html).toContain("Modo de demonstração: não há senha; qualquer e-mail entra.");
		expect(html).toContain('<label for="email">E-mail</label>');
		expect(html).toContain(">Entrar</button>");
		for (const email of [
			"admin@lapsix.example",
			"vendedor@lapsix.example",
			"piloto1@lapsix.example",
			"piloto2@lapsix.example",
			"novo@lapsix.example",
		]) {
			expect(html).toContain(email);
		}
		expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
		expect(html).not.toMatch(/<style|style="/);
		expect(page.response.headers.get("content-security-policy")).toContain("script-src 'self'");
		expect(page.response.headers.get("cross-origin-opener-policy")).toBe("unsafe-none");
	});

	it("asks again for a valid e-mail", async () => {
		const browser = new TestBrowser(ctx.baseUrl);
		const page = await browser.follow("/auth/login?popup=1");
		const res = await browser.request(formAction(page.response.body), {
			form: { email: "não é e-mail" },
		});
		expect(res.status).toBe(400);
		expect(res.body).toContain("Informe um e-mail válido");
	});

	it("signs a new e-mail in as a new rider, in popup mode", async () => {
		const browser = new TestBrowser(ctx.baseUrl);
		const callbackUrl = await signInUntilCallback(browser, "Nova.Pilota@Example.com");
		const done = await browser.request(callbackUrl);
		expect(done.status).toBe(200);
		expect(done.body).toContain('data-login-result="ok"');
		expect(done.body).toContain('src="/auth/popup-done.js"');
		expect(done.headers.get("cross-origin-opener-policy")).toBe("unsafe-none");
		const sessionCookie = done.setCookies.find((c) =>
			c.startsWith(`${sessionCookieName(ctx.config)}=`),
		);
		expect(sessionCookie).toMatch(/HttpOnly/i);
		expect(sessionCookie).toMatch(/SameSite=Lax/i);

		const me = await browser.request("/api/me");
		expect(me.status).toBe(200);
		const body = JSON.parse(me.body);
		expect(body.user).toMatchObject({
			email: "nova.pilota@example.com",
			isAdmin: false,
			hardwareId: null,
			needsEnrollment: true,
			displayName: "Nova Pilota",
		});
		expect(body.user.photoUrl).toBe(`${ctx.baseUrl}/oidc/avatar.svg`);
		expect(typeof body.csrfToken).toBe("string");
		const row = await ctx.db
			.selectFrom("users")
			.selectAll()
			.where("email", "=", "nova.pilota@example.com")
			.executeTakeFirstOrThrow();
		expect(row.oidc_issuer).toBe(`${ctx.baseUrl}/oidc`);
		expect(row.oidc_subject).toMatch(/^demo\./);
		expect(row.wifi_ssid).toBe("");
		expect(row.hardware_id).toBeNull();
	});

	it("redirects to /user without popup, and links a pre-created record by e-mail", async () => {
		const pre = await ctx.createUser({
			email: "pre@lapsix.example",
			display_name: "Pré Cadastrado",
			is_admin: true,
		});
		const browser = new TestBrowser(ctx.baseUrl);
		const callbackUrl = await signInUntilCallback(browser, "pre@lapsix.example", "/auth/login");
		const res = await browser.request(callbackUrl);
		expect(res.status).toBe(302);
		expect(res.location).toBe(`${ctx.baseUrl}/user`);
		const me = JSON.parse((await browser.request("/api/me")).body);
		expect(me.user).toMatchObject({ id: pre.id, isAdmin: true, displayName: "Pré Cadastrado" });
	});

	it("issues a new session id at every sign-in", async () => {
		const a = await signedInBrowser("twice@example.com");
		const b = await signedInBrowser("twice@example.com");
		const name = sessionCookieName(ctx.config);
		expect(a.browser.cookies.get(name)).not.toBe(b.browser.cookies.get(name));
		expect(a.me.user.id).toBe(b.me.user.id);
	});

	it("ends the browser's previous session when someone signs in again", async () => {
		const { browser } = await signedInBrowser("first@example.com");
		const oldCookie = browser.cookieHeader();
		const done = await browser.request(await signInUntilCallback(browser, "second@example.com"));
		expect(done.status).toBe(200);
		expect(JSON.parse((await browser.request("/api/me")).body).user.email).toBe(
			"second@example.com",
		);
		expect((await fetch(`${ctx.baseUrl}/api/me`, { headers: { cookie: oldCookie } })).status).toBe(
			401,
		);
	});

	it("refuses the callback URL used a second time (code replay)", async () => {
		const browser = new TestBrowser(ctx.baseUrl);
		const callbackUrl = await signInUntilCallback(browser, "replay@example.com");
		const loginCookie = browser.cookies.get("lapsix_login") ?? "";
		expect((await browser.request(callbackUrl)).status).toBe(200);
		const attacker = new TestBrowser(ctx.baseUrl);
		attacker.cookies.set("lapsix_login", loginCookie);
		const again = await attacker.request(callbackUrl);
		expect(again.status).toBe(400);
		expect(again.body).toContain("já foi usada");
		expect(again.setCookies.some((c) => c.startsWith(`${sessionCookieName(ctx.config)}=`))).toBe(
			false,
		);
	});

	it("refuses an e-mail already bound to another subject of this issuer", async () => {
		const user = await ctx.createUser({ email: "taken@example.com" });
		await ctx.db
			.updateTable("users")
			.set({ oidc_issuer: `${ctx.baseUrl}/oidc`, oidc_subject: "someone-else" })
			.where("id", "=", user.id)
			.execute();
		const browser = new TestBrowser(ctx.baseUrl);
		const res = await browser.request(await signInUntilCallback(browser, "taken@example.com"));
		expect(res.status).toBe(401);
		expect(res.body).toContain("já está ligado a outra conta");
		expect((await browser.request("/api/me")).status).toBe(401);
	});

	it("applies a role change on the next request", async () => {
		const { browser, me } = await signedInBrowser("promoted@example.com");
		expect(me.user.isAdmin).toBe(false);
		await ctx.db
			.updateTable("users")
			.set({ is_admin: true })
			.where("id", "=", me.user.id)
			.execute();
		expect(JSON.parse((await browser.request("/api/me")).body).user.isAdmin).toBe(true);
		await ctx.db
			.updateTable("users")
			.set({ is_admin: false })
			.where("id", "=", me.user.id)
			.execute();
		expect(JSON.parse((await browser.request("/api/me")).body).user.isAdmin).toBe(false);
	});

	it("protects state-changing requests with the CSRF token and Origin", async () => {
		const { browser, me } = await signedInBrowser("csrf@example.com");
		const profile = {
			wifiSsid: "Box",
			wifiPassword: "segredo123",
			pilotName: "Cris",
			bikeNumber: "7",
		};
		const send = (headers: Record<string, string>) =>
			fetch(`${ctx.baseUrl}/api/me/profile`, {
				method: "PUT",
				headers: { "content-type": "application/json", cookie: browser.cookieHeader(), ...headers },
				body: JSON.stringify(profile),
			});
		expect((await send({ origin: ctx.baseUrl })).status).toBe(403);
		expect(
			(await send({ origin: "https://evil.example", [CSRF_HEADER]: me.csrfToken })).status,
		).toBe(403);
		expect((await send({ origin: ctx.baseUrl, [CSRF_HEADER]: "x".repeat(43) })).status).toBe(403);
		expect((await send({ origin: ctx.baseUrl, [CSRF_HEADER]: me.csrfToken })).status).toBe(200);
	});

	it("logs out: the server session is deleted and the old cookie no longer works", async () => {
		const { browser, me } = await signedInBrowser("logout@example.com");
		const cookie = browser.cookieHeader();
		const denied = await fetch(`${ctx.baseUrl}/auth/logout`, {
			method: "POST",
			headers: { cookie, origin: "https://evil.example" },
		});
		expect(denied.status).toBe(403);
		expect((await browser.request("/api/me")).status).toBe(200);
		const noToken = await fetch(`${ctx.baseUrl}/auth/logout`, {
			method: "POST",
			headers: { cookie },
		});
		expect(noToken.status).toBe(403);

		const res = await fetch(`${ctx.baseUrl}/auth/logout`, {
			method: "POST",
			headers: { cookie, origin: ctx.baseUrl },
		});
		expect(res.status).toBe(204);
		expect(
			res.headers.getSetCookie().some((c) => c.startsWith(`${sessionCookieName(ctx.config)}=;`)),
		).toBe(true);
		const sessions = await ctx.db
			.selectFrom("auth_sessions")
			.select("id_hash")
			.where("user_id", "=", me.user.id)
			.execute();
		expect(sessions).toHaveLength(0);
		const after = await fetch(`${ctx.baseUrl}/api/me`, { headers: { cookie } });
		expect(after.status).toBe(401);
	});

	it("limits sign-in attempts per address with a pt-BR 429", async () => {
		const statuses: number[] = [];
		for (let i = 0; i < 21; i += 1) {
			const res = await ctx.app.inject({
				url: "/auth/callback?state=x",
				remoteAddress: "10.20.30.40",
			});
			statuses.push(res.statusCode);
		}
		expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
		const limited = await ctx.app.inject({
			url: "/auth/callback?state=x",
			remoteAddress: "10.20.30.40",
		});
		expect(limited.statusCode).toBe(429);
		expect(limited.json().message).toContain("Muitas tentativas de login");
		const other = await ctx.app.inject({
			url: "/auth/callback?state=x",
			remoteAddress: "10.20.30.41",
		});
		expect(other.statusCode).toBe(400);
	});
});
