/** The texts of the management screens' options, cells and audit entries (pure, pt-BR). */

/** The spec's fallback for a logger or seller without a name. */
export const UNNAMED = "Unnamed";

interface PersonLike {
	email: string;
	displayName?: string | null;
	pilotName?: string;
}

/** A rider in a select: "paula@x — Paula Piloto" (pilot name first, else the display name). */
export function personOptionLabel(person: PersonLike): string {
	const name = (person.pilotName ?? "").trim() || (person.displayName ?? "").trim();
	return name ? `${person.email} — ${name}` : person.email;
}

/** A seller in a select: "vendedor@x — Victor Vendedor", falling back to "Unnamed". */
export function sellerOptionLabel(seller: { email: string; displayName: string | null }): string {
	return `${seller.email} — ${(seller.displayName ?? "").trim() || UNNAMED}`;
}

/** A logger on /hardware's first select: by name, falling back to "Unnamed", with its id. */
export function loggerNameOptionLabel(logger: { id: string; name: string | null }): string {
	return `${(logger.name ?? "").trim() || UNNAMED} (${logger.id})`;
}

/** A logger on /adm: its id and who has it now. */
export function loggerOwnerOptionLabel(logger: { id: string; ownerEmail: string | null }): string {
	return logger.ownerEmail
		? `${logger.id} — com ${logger.ownerEmail}`
		: `${logger.id} — em estoque`;
}

/** A logger of a seller's stock: its id and, when it has one, its name. */
export function stockOptionLabel(logger: { id: string; name: string | null }): string {
	const name = (logger.name ?? "").trim();
	return name ? `${logger.id} — ${name}` : logger.id;
}

export function flagText(flag: boolean): string {
	return flag ? "Sim" : "Não";
}

/** An empty cell shows a dash, never a blank that looks like a rendering fault. */
export function cellText(value: string | null | undefined): string {
	const text = (value ?? "").trim();
	return text === "" ? "—" : text;
}

// ---- Audit log -------------------------------------------------------------------------------

export interface AuditLike {
	action: string;
	targetType: string;
	targetId: string;
	details: unknown;
}

const ACTION_TEXT: Record<string, string> = {
	"hardware.assign_owner": "Entregou logger a piloto",
	"hardware.unassign_owner": "Devolveu logger ao estoque",
	"hardware.set_seller": "Definiu revendedor do logger",
	"hardware.register": "Cadastrou logger",
	"hardware.rotate_key": "Trocou a chave do logger",
	"hardware.rename": "Renomeou logger",
	"user.create": "Pré-cadastrou usuário",
	"user.set_roles": "Alterou papéis",
	"user.set_seller": "Definiu revendedor do piloto",
	"user.sign_out_everywhere": "Encerrou as sessões do usuário",
	"track.create": "Criou pista",
	"track.update": "Alterou pista",
	"session.retime": "Recronometrou as voltas da sessão",
	"session.import": "Importou sessão",
	"session.share": "Criou link de leitura da sessão",
	"session.revoke_share": "Revogou link de leitura da sessão",
};

export function auditActionText(action: string): string {
	return ACTION_TEXT[action] ?? action;
}

function record(value: unknown): Record<string, unknown> {
	return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}

function text(value: unknown): string | null {
	return typeof value === "string" && value.trim() !== "" ? value : null;
}

function rolesText(after: Record<string, unknown>): string {
	const roles: string[] = [];
	if (after.isAdmin === true) roles.push("admin");
	if (after.isSeller === true) roles.push("revendedor");
	return roles.length > 0 ? roles.join(" e ") : "sem papéis";
}

/**
 * "To whom" of an audit entry: the logger or user it touched and, where it says, the other end
 * ("Logger 1 → paula@x"). `emailOf` resolves user ids the entry does not spell out.
 */
export function auditTargetText(
	entry: AuditLike,
	emailOf: (userId: string) => string | undefined = () => undefined,
): string {
	const details = record(entry.details);
	const after = record(details.after);
	const userLabel = () => text(details.email) ?? emailOf(entry.targetId) ?? entry.targetId;
	switch (entry.action) {
		case "hardware.assign_owner": {
			const ownerId = text(after.ownerId);
			const rider = text(details.riderEmail) ?? (ownerId ? emailOf(ownerId) : undefined);
			return `Logger ${entry.targetId} → ${rider ?? "piloto"}`;
		}
		case "hardware.set_seller":
			return `Logger ${entry.targetId} → ${text(after.sellerEmail) ?? "sem revendedor"}`;
		case "hardware.rename":
			return `Logger ${entry.targetId} → ${text(after.name) ?? UNNAMED}`;
		case "user.create":
			return text(after.email) ?? userLabel();
		case "user.set_roles":
			return `${userLabel()} → ${rolesText(after)}`;
		case "user.set_seller":
			return `${userLabel()} → ${text(after.sellerEmail) ?? "sem revendedor"}`;
		case "session.share":
		case "session.revoke_share":
			return `Sessão ${text(details.track) ?? entry.targetId}${text(details.date) ? ` · ${text(details.date)}` : ""}`;
		default:
			if (entry.targetType === "hardware") return `Logger ${entry.targetId}`;
			if (entry.targetType === "user") return userLabel();
			return `${entry.targetType} ${entry.targetId}`;
	}
}

/** Who did it: an e-mail, the command line, the demo data or a logger. */
export function auditActorText(actorLabel: string): string {
	if (actorLabel === "cli") return "linha de comando";
	if (actorLabel === "demo") return "dados de demonstração";
	if (actorLabel.startsWith("device:")) return `logger ${actorLabel.slice("device:".length)}`;
	return actorLabel;
}
