/** Who is making a request, as resolved from its cookie or device key. */
export interface SessionUser {
	id: string;
	email: string;
	displayName: string | null;
	photoUrl: string | null;
	isAdmin: boolean;
	isSeller: boolean;
	hardwareId: string | null;
	/** Must fill "Meus Dados" first (`needsEnrollment` of enrollment.ts). */
	needsEnrollment: boolean;
}

export type Actor =
	| { kind: "anonymous" }
	| { kind: "user"; user: SessionUser; authSessionId: string }
	| { kind: "device"; hardwareId: string }
	/** A metrics scraper holding METRICS_TOKEN: it may read /metrics and nothing else. */
	| { kind: "monitor" };

export type UserActor = Extract<Actor, { kind: "user" }>;
export type DeviceActor = Extract<Actor, { kind: "device" }>;

/**
 * The command line (`lapsix user add`, `lapsix hardware add`): the install's operator, not a
 * request's caller. Its audit rows read "cli".
 */
export interface CommandLineActor {
	kind: "commandLine";
	id: null;
	label: "cli";
}

export const ANONYMOUS: Actor = Object.freeze({ kind: "anonymous" });

export function actorLabel(actor: Actor): string {
	switch (actor.kind) {
		case "user":
			return actor.user.email;
		case "device":
			return `device:${actor.hardwareId}`;
		case "anonymous":
			return "anonymous";
		case "monitor":
			return "monitor";
	}
}
