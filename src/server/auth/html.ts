/**
 * The few server-rendered pages of sign-in (the callback's result, the demo issuer's sign-in
 * page). The app's CSP allows only scripts and styles from our origin, so no inline script or
 * style: the page links PAGES_CSS_PATH and POPUP_SCRIPT_PATH and passes data in `data-`
 * attributes.
 */
export const PAGES_CSS_PATH = "/auth/pages.css";
export const POPUP_SCRIPT_PATH = "/auth/popup-done.js";

/** The message the sign-in popup posts to the login page (and on a BroadcastChannel of this name). */
export const LOGIN_MESSAGE_TYPE = "lapsix:login";
export const LOGIN_CHANNEL_NAME = "lapsix-login";

export function escapeHtml(text: string): string {
	return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface PageOptions {
	title: string;
	/** Already-escaped HTML of the page's main content. */
	body: string;
	/** `data-` attributes of <body> (values are escaped here). */
	data?: Record<string, string>;
	script?: string;
}

export function renderPage(options: PageOptions): string {
	const data = Object.entries(options.data ?? {})
		.map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
		.join("");
	const script = options.script
		? `\n<script src="${escapeHtml(options.script)}" defer></script>`
		: "";
	return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
<link rel="stylesheet" href="${PAGES_CSS_PATH}">${script}
</head>
<body${data}>
<main class="card">
${options.body}
</main>
</body>
</html>
`;
}

export const PAGES_CSS = `*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f4f6;color:#111827;padding:16px}
.card{width:100%;max-width:420px;background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(0,0,0,.08);padding:24px}
h1{font-size:1.35rem;margin:0 0 12px}
h2{font-size:1rem;margin:24px 0 8px}
p{line-height:1.45;margin:0 0 12px}
.notice{background:#fef3c7;border:1px solid #f59e0b;border-radius:8px;padding:10px 12px;font-size:.95rem}
.error{background:#fee2e2;border:1px solid #ef4444;border-radius:8px;padding:10px 12px}
label{display:block;font-weight:600;margin:12px 0 6px}
input[type=email]{width:100%;font-size:1rem;padding:10px 12px;border:1px solid #9ca3af;border-radius:8px}
button,.button{display:block;width:100%;margin-top:12px;padding:12px;font-size:1rem;font-weight:600;border:0;border-radius:8px;background:#d32f2f;color:#fff;cursor:pointer;text-align:center;text-decoration:none}
button:focus-visible,.button:focus-visible,input:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
ul.accounts{list-style:none;margin:0;padding:0}
ul.accounts form{margin:0}
button.account{background:#f9fafb;color:#111827;border:1px solid #d1d5db;text-align:left;font-weight:500;margin-top:8px}
button.account small{display:block;color:#4b5563;font-weight:400}
button.secondary{background:#4b5563}
[hidden]{display:none!important}
`;

/**
 * Runs on the callback's result page. In the sign-in popup: tells the login page (postMessage to
 * the opener, restricted to our origin, and a BroadcastChannel in case the opener link was lost)
 * and closes on success. Without an opener (same-window sign-in, or a lost link): goes on to the
 * app on success and leaves the error visible on failure.
 */
export const POPUP_SCRIPT = `(function () {
	var body = document.body;
	var ok = body.getAttribute("data-login-result") === "ok";
	var target = body.getAttribute("data-target") || "/user";
	var message = { type: "${LOGIN_MESSAGE_TYPE}", ok: ok };
	var opener = null;
	try { opener = window.opener && !window.opener.closed ? window.opener : null; } catch (e) { opener = null; }
	if (opener) {
		try { opener.postMessage(message, window.location.origin); } catch (e) { opener = null; }
	}
	try {
		var channel = new BroadcastChannel("${LOGIN_CHANNEL_NAME}");
		channel.postMessage(message);
		channel.close();
	} catch (e) {}
	var closeButton = document.getElementById("close-window");
	if (closeButton && opener) {
		closeButton.hidden = false;
		closeButton.addEventListener("click", function () { window.close(); });
	}
	if (ok) {
		if (opener) window.close();
		else window.location.replace(target);
	}
})();
`;
