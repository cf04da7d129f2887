import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { queryKeys } from "../api/hooks";
import logoUrl from "../assets/logo.svg";
import { useDocumentTitle } from "../lib/use-document-title";
import "./login.css";

const POPUP_URL = "/auth/login?popup=1";
const POPUP_FEATURES = "width=480,height=640";
const POLL_MS = 400;
/** The popup also announces the result here, in case its link to this window was cut. */
const LOGIN_CHANNEL = "lapsix-login";

/** The sign-in popup's last page posts this to its opener before closing. */
interface LoginMessage {
	type: "lapsix:login";
	ok: boolean;
}

function isLoginMessage(data: unknown): data is LoginMessage {
	return (
		typeof data === "object" &&
		data !== null &&
		(data as { type?: unknown }).type === "lapsix:login"
	);
}

/** Readable text for the `?erro=` code the server puts on /login after a failed sign-in. */
function loginErrorText(code: string | null): string | null {
	if (!code) return null;
	if (code === "acesso_negado" || code === "access_denied")
		return "O acesso foi negado na conta Google.";
	if (code === "sessao_expirada") return "A tentativa de login expirou. Tente de novo.";
	return "Não foi possível entrar. Tente de novo.";
}

/**
 * A logo and one button. The button opens the sign-in popup; when the popup reports back or is
 * closed, the session is checked again and the user goes to /user, whose guard sends a failed
 * attempt back here. A blocked popup falls back to signing in in this window.
 */
export default function LoginPage() {
	const navigate = useNavigate();
	const queryClient = useQueryClient();
	const [params] = useSearchParams();
	const [waiting, setWaiting] = useState(false);
	const settledRef = useRef(false);
	const cleanupRef = useRef<() => void>(() => {});
	const error = loginErrorText(params.get("erro"));
	useDocumentTitle("Entrar");

	useEffect(() => () => cleanupRef.current(), []);

	const settle = () => {
		if (settledRef.current) return;
		settledRef.current = true;
		cleanupRef.current();
		setWaiting(false);
		void queryClient.invalidateQueries({ queryKey: queryKeys.me }).then(() => navigate("/user"));
	};

	const onLogin = () => {
		const popup = window.open(POPUP_URL, "lapsix-login", POPUP_FEATURES);
		if (!popup) {
			window.location.assign("/auth/login");
			return;
		}
		settledRef.current = false;
		setWaiting(true);
		cleanupRef.current();
		const onMessage = (event: MessageEvent) => {
			if (event.origin !== window.location.origin || !isLoginMessage(event.data)) return;
			settle();
		};
		const timer = window.setInterval(() => {
			if (popup.closed) settle();
		}, POLL_MS);
		window.addEventListener("message", onMessage);
		const channel = "BroadcastChannel" in window ? new BroadcastChannel(LOGIN_CHANNEL) : null;
		channel?.addEventListener("message", (event: MessageEvent) => {
			if (isLoginMessage(event.data)) settle();
		});
		cleanupRef.current = () => {
			window.removeEventListener("message", onMessage);
			window.clearInterval(timer);
			channel?.close();
		};
		popup.focus();
	};

	return (
		<main className="login">
			<div className="login__card">
				<h1 className="visually-hidden">Entrar no lapsix</h1>
				<img className="login__logo" src={logoUrl} alt="lapsix" width={240} height={80} />
				<p className="login__tagline">Tempos de volta e telemetria do seu logger GPS.</p>
				{error ? (
					<p className="state state--error login__error" role="alert">
						{error}
					</p>
				) : null}
				<form
					className="login__form"
					onSubmit={(event) => {
						event.preventDefault();
						onLogin();
					}}
				>
					<button type="submit" className="btn btn--primary btn--block login__button">
						Login with Google
					</button>
				</form>
				{waiting ? (
					<p className="login__waiting" role="status">
						<span className="spinner" aria-hidden="true" /> Conclua o login na janela aberta…
					</p>
				) : null}
			</div>
		</main>
	);
}
