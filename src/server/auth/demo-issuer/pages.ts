import { escapeHtml, renderPage } from "../html";
import { DEMO_ACCOUNTS } from "./accounts";

export const DEMO_NOTICE = "Modo de demonstração: não há senha; qualquer e-mail entra.";

/** The demo issuer's sign-in page: an e-mail field, "Entrar", and the demo accounts as buttons. */
export function renderDemoSignInPage(options: {
	action: string;
	email?: string;
	error?: string;
}): string {
	const action = escapeHtml(options.action);
	const accounts = DEMO_ACCOUNTS.map(
		(account) => `<li><form method="post" action="${action}">
<input type="hidden" name="email" value="${escapeHtml(account.email)}">
<button type="submit" class="account">${escapeHtml(account.name)} <small>${escapeHtml(account.email)} — ${escapeHtml(account.role)}</small></button>
</form></li>`,
	).join("\n");
	const error = options.error
		? `<p class="error" role="alert" id="email-error">${escapeHtml(options.error)}</p>`
		: "";
	return renderPage({
		title: "Entrar — lapsix (demonstração)",
		body: `<h1>Entrar no lapsix</h1>
<p class="notice">${escapeHtml(DEMO_NOTICE)}</p>
${error}<form method="post" action="${action}">
<label for="email">E-mail</label>
<input id="email" name="email" type="email" required autocomplete="email" autofocus maxlength="254" value="${escapeHtml(options.email ?? "")}"${options.error ? ' aria-invalid="true" aria-describedby="email-error"' : ""}>
<button type="submit">Entrar</button>
</form>
<h2>Contas de demonstração</h2>
<ul class="accounts">
${accounts}
</ul>`,
	});
}

export function renderDemoExpiredPage(): string {
	return renderPage({
		title: "Login expirado — lapsix (demonstração)",
		body: `<h1>Este login expirou</h1>
<p class="error" role="alert">A página de login ficou aberta tempo demais ou já foi usada. Comece o login de novo.</p>
<a class="button" href="/login">Voltar para o login</a>`,
	});
}

/** A neutral avatar for the demo accounts' `picture` claim. */
export const DEMO_AVATAR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64"><rect width="64" height="64" rx="32" fill="#d32f2f"/><circle cx="32" cy="25" r="11" fill="#fff"/><path d="M12 54c3-11 11-16 20-16s17 5 20 16" fill="#fff"/></svg>`;
