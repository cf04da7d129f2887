import type { MatrixActor, MatrixRow } from "../test/access-matrix-types";

/** Access matrix of sign-in, the demo issuer, /api/me and "Meus Dados". */

const EVERYONE = (status: number): Record<MatrixActor, number> => ({
	anonymous: status,
	device: status,
	riderA: status,
	riderB: status,
	sellerS1: status,
	sellerS2: status,
	admin: status,
});

const SIGNED_IN: Record<MatrixActor, number> = {
	anonymous: 401,
	device: 401,
	riderA: 200,
	riderB: 200,
	sellerS1: 200,
	sellerS2: 200,
	admin: 200,
};

export const authRouteMatrix: MatrixRow[] = [
	// Sign-in: public. The login redirects to the issuer; a callback with an unknown state is refused.
	{ method: "GET", url: () => "/auth/login?popup=1", expected: EVERYONE(302) },
	{ method: "GET", url: () => "/auth/callback?code=x&state=unknown", expected: EVERYONE(400) },
	// Logout of whoever is signed in (nobody: still 204).
	{ method: "POST", url: () => "/auth/logout", expected: EVERYONE(204) },
	{ method: "GET", url: () => "/auth/popup-done.js", expected: EVERYONE(200) },
	{ method: "GET", url: () => "/auth/pages.css", expected: EVERYONE(200) },
	// The demo issuer: public by nature (it is the identity provider).
	{ method: "GET", url: () => "/oidc/.well-known/openid-configuration", expected: EVERYONE(200) },
	{ method: "POST", url: () => "/oidc/token", expected: EVERYONE(400) },
	{ method: "GET", url: () => "/oidc/avatar.svg", expected: EVERYONE(200) },
	{ method: "GET", url: () => "/oidc/interaction/no-such-interaction", expected: EVERYONE(400) },
	{
		method: "POST",
		url: () => "/oidc/interaction/no-such-interaction/login",
		body: () => ({ email: "someone@example.com" }),
		expected: EVERYONE(400),
	},
	// Who am I, and "Meus Dados": only for oneself (no id in the URL to try another's).
	{ method: "GET", url: () => "/api/me", expected: SIGNED_IN },
	{ method: "GET", url: () => "/api/me/profile", expected: SIGNED_IN },
	{
		method: "PUT",
		url: () => "/api/me/profile",
		body: () => ({
			wifiSsid: "Box",
			wifiPassword: "senha-da-box",
			pilotName: "Piloto",
			bikeNumber: "9",
		}),
		expected: SIGNED_IN,
	},
];
