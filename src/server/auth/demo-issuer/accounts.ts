/** The demo issuer's accounts: any e-mail is one; its subject is the e-mail, encoded. */

const EMAIL_PATTERN =
	/^[^\s@<>()[\]\\,;:"]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function normalizeDemoEmail(input: string): string | null {
	const email = input.trim().toLowerCase();
	return email.length <= 254 && EMAIL_PATTERN.test(email) ? email : null;
}

/** Stable per e-mail, like a real issuer's `sub`, and reversible so the issuer needs no storage. */
export function demoSubjectFor(email: string): string {
	return `demo.${Buffer.from(email, "utf8").toString("base64url")}`;
}

export function emailOfDemoSubject(subject: string): string | null {
	if (!subject.startsWith("demo.")) return null;
	return normalizeDemoEmail(Buffer.from(subject.slice(5), "base64url").toString("utf8"));
}

/** "paula.piloto@x" -> "Paula Piloto": a readable name for e-mails nobody named. */
export function nameFromEmail(email: string): string {
	const local = email.split("@")[0] ?? email;
	const words = local.split(/[._+-]+/).filter(Boolean);
	return words.length === 0
		? local
		: words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
}

/** The accounts of the demo data, listed on the sign-in page even before the seed runs. */
export const DEMO_ACCOUNTS: ReadonlyArray<{ email: string; name: string; role: string }> = [
	{ email: "admin@lapsix.example", name: "Ana Administradora", role: "administradora" },
	{ email: "vendedor@lapsix.example", name: "Victor Vendedor", role: "revendedor" },
	{ email: "piloto1@lapsix.example", name: "Paula Piloto", role: "piloto, logger 1" },
	{ email: "piloto2@lapsix.example", name: "Pedro Piloto", role: "piloto, logger 2" },
	{ email: "novo@lapsix.example", name: "Nina Nova", role: "piloto sem Meus Dados" },
];
