import { escapeHtml, POPUP_SCRIPT_PATH, renderPage } from "../html";
import type { SignInFailureReason } from "./relying-party";

/** What a person is told for each failure: what happened and what to do, never technical detail. */
const FAILURE_MESSAGES: Record<SignInFailureReason, string> = {
	issuer_unavailable: "O serviço de login não respondeu. Tente de novo em alguns minutos.",
	issuer_error: "O login foi cancelado ou recusado pelo provedor de identidade.",
	attempt_missing: "Esta tentativa de login não é válida ou já foi usada. Comece o login de novo.",
	attempt_expired: "A tentativa de login expirou (10 minutos). Comece o login de novo.",
	attempt_other_browser:
		"Esta tentativa de login foi iniciada em outro navegador. Comece o login de novo neste navegador.",
	callback_invalid: "A resposta do provedor de identidade está incompleta. Comece o login de novo.",
	token_rejected:
		"Não foi possível confirmar a sua identidade com o provedor. Comece o login de novo.",
	email_missing:
		"O provedor de identidade não informou o seu e-mail. Permita o acesso ao e-mail e tente de novo.",
	email_unverified:
		"O seu e-mail ainda não foi verificado pelo provedor de identidade. Verifique o e-mail e tente de novo.",
	identity_conflict:
		"Este e-mail já está ligado a outra conta do provedor de identidade. Entre com a conta original ou fale com o administrador.",
};

export function failureMessage(reason: SignInFailureReason): string {
	return FAILURE_MESSAGES[reason];
}

/** The page of a failed sign-in: the reason, a way back to /login, and the popup message (ok: false). */
export function renderSignInFailedPage(reason: SignInFailureReason): string {
	return renderPage({
		title: "Não foi possível entrar — lapsix",
		data: { "login-result": "error" },
		script: POPUP_SCRIPT_PATH,
		body: `<h1>Não foi possível entrar</h1>
<p class="error" role="alert">${escapeHtml(failureMessage(reason))}</p>
<a class="button" href="/login">Voltar para o login</a>
<button type="button" id="close-window" class="secondary" hidden>Fechar janela</button>`,
	});
}

/** The last page of the sign-in popup: tells the login page and closes. */
export function renderSignedInPopupPage(target: string): string {
	return renderPage({
		title: "Login concluído — lapsix",
		data: { "login-result": "ok", target },
		script: POPUP_SCRIPT_PATH,
		body: `<h1>Login concluído</h1>
<p>Você já pode fechar esta janela.</p>
<a class="button" href="${escapeHtml(target)}">Continuar</a>`,
	});
}
