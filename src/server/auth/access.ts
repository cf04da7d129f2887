/**
 * Who may do what to which thing: the app's one table of access rules, one line per rule.
 *
 * The route's policy (`policy.ts`) lets a kind of caller in (signed in, seller, admin, logger);
 * the services then ask this table about the thing at hand: `authorize(actor, "retime",
 * Session(row))` throws the rule's own refusal, `can(...)` answers yes or no. A refusal that
 * would tell a stranger that something exists (a session, a rider, a link, an upload) is a 404,
 * exactly like the answer for something that does not exist.
 *
 * No rule for an (actor, action, thing): refused. The command line is the operator of the
 * install: it may do what its commands do (add a user, register a logger).
 */
import { hasRole } from "../../shared/roles";
import { type AppError, conflict, forbidden, notFound, unauthorized } from "../errors";
import type { SessionScope } from "../repositories/lap-history-repository";
import type { Actor, CommandLineActor, DeviceActor, UserActor } from "./actor";

/** Anyone the table knows: a request's actor, or the command line. */
export type Principal = Actor | CommandLineActor;

// ---- The things rules are about, as the facts a rule needs ----------------------------------

interface Facts {
	/** A recorded session: its rider (null: a logger in stock recorded it) and their seller. */
	Session: { riderId: string | null; riderSellerId: string | null };
	/** A rider whose data is asked for (sessions, track pages) or written (imports). */
	Rider: { id: string; sellerId: string | null };
	/** A read-only link, by the session it opens. */
	Share: { riderId: string | null; riderSellerId: string | null };
	/** The loggers as a whole: registering, naming, keys, owners and sellers (the /adm screens). */
	Loggers: object;
	/** One logger: its seller (stock), its rider, and that rider's seller. */
	Logger: { sellerId: string | null; ownerId: string | null; ownerSellerId: string | null };
	/** A logger going to a rider. */
	Assignment: {
		rider: { id: string; sellerId: string | null };
		logger: { ownerId: string | null; sellerId: string | null };
	};
	/** User accounts: creating them, their seller, their sign-in sessions. */
	Accounts: object;
	/** A user's roles about to change (omitted flags stay as they are). */
	Roles: { userId: string; isAdmin: boolean; nextIsAdmin: boolean };
	/** The tracks: names, start/finish and sector lines. */
	Tracks: object;
	/** A resumable upload in progress, by the logger that created it (null: not recorded). */
	LoggerUpload: { hardwareId: string | null };
	/** A resumable import in progress, by the user who created it (null: not an import). */
	ImportUpload: { importedBy: string | null };
}

interface Actions {
	Session: "read" | "retime" | "export" | "share" | "seeShares";
	Rider: "read" | "import";
	Share: "revoke";
	Loggers: "register" | "rename" | "setSeller" | "assign" | "returnToStock" | "rotateKey";
	Logger: "rotateKeyAsSeller";
	Assignment: "assignAsSeller";
	Accounts: "create" | "setSeller" | "signOutEverywhere";
	Roles: "change";
	Tracks: "create" | "update";
	LoggerUpload: "resume";
	ImportUpload: "resume";
}

type SubjectType = keyof Facts;
export type Subject<T extends SubjectType = SubjectType> = {
	[K in T]: Facts[K] & { readonly subject: K };
}[T];
export type Action<T extends SubjectType> = Actions[T];

/** Makes the thing a rule is about (`Session(row)`) and names it in the table (`Session`). */
interface SubjectMaker<T extends SubjectType> {
	(facts: Facts[T]): Subject<T>;
	readonly type: T;
}

function subject<T extends SubjectType>(type: T): SubjectMaker<T> {
	const make = (facts: Facts[T]) => ({ ...facts, subject: type }) as Subject<T>;
	return Object.assign(make, { type });
}

export const Session = subject("Session");
export const Rider = subject("Rider");
export const Share = subject("Share");
export const Logger = subject("Logger");
export const Assignment = subject("Assignment");
export const Roles = subject("Roles");
export const LoggerUpload = subject("LoggerUpload");
export const ImportUpload = subject("ImportUpload");
/** The things with no facts of their own: rules about them depend on the actor alone. */
export const Loggers = subject("Loggers")({});
export const Accounts = subject("Accounts")({});
export const Tracks = subject("Tracks")({});

// ---- Refusals: statuses, codes and messages the API has always answered ----------------------

export const NOT_MY_RIDER = "Este piloto não é cliente da sua revenda.";
export const NOT_MY_STOCK = "Este logger não está no seu estoque.";
export const HARDWARE_HAS_OWNER = "Este logger já está com um piloto.";
export const NOT_MY_LOGGER =
	"Este logger não está no seu estoque nem com um piloto seu: peça ao administrador para trocar a chave.";

type Refusal = () => AppError;
const SESSION_HIDDEN: Refusal = () => notFound("Sessão não encontrada.", "session_not_found");
const RIDER_HIDDEN: Refusal = () => notFound("Piloto não encontrado.", "rider_not_found");
const SHARE_HIDDEN: Refusal = () => notFound("Link não encontrado.", "share_not_found");
const UPLOAD_HIDDEN: Refusal = () => notFound("Envio não encontrado.", "upload_not_found");
const ADMINS_ONLY: Refusal = () => forbidden("Apenas administradores podem fazer isso.");
const NOT_SESSION_RIDER: Refusal = () =>
	forbidden("Só o piloto da sessão pode compartilhá-la.", "not_session_rider");
const NOT_YOUR_RIDER: Refusal = () => forbidden(NOT_MY_RIDER, "not_your_rider");
const NOT_YOUR_STOCK: Refusal = () => forbidden(NOT_MY_STOCK, "not_your_stock");
const HAS_OWNER: Refusal = () => forbidden(HARDWARE_HAS_OWNER, "hardware_has_owner");
const NOT_YOUR_LOGGER: Refusal = () => forbidden(NOT_MY_LOGGER, "not_your_logger");
// Keeps the install from losing its last admin by accident: nobody demotes themselves.
const OWN_ADMIN_FLAG: Refusal = () =>
	conflict("Você não pode remover o seu próprio acesso de administrador.", "own_admin_flag");

// ---- The table's machinery -------------------------------------------------------------------

interface ActorKinds {
	user: UserActor;
	device: DeviceActor;
	commandLine: CommandLineActor;
}
type ActorKind = keyof ActorKinds;
const User = "user" satisfies ActorKind;
const Device = "device" satisfies ActorKind;
const CommandLine = "commandLine" satisfies ActorKind;

/** A rule says yes (true), no (false: the rule's refusal) or no with a reason of its own. */
type Verdict = boolean | Refusal;
type Rule<K extends ActorKind, T extends SubjectType> = (
	actor: ActorKinds[K],
	thing: Subject<T>,
) => Verdict;

interface Entry {
	rule: (actor: Principal, thing: { readonly subject: SubjectType }) => Verdict;
	refusal: Refusal;
}
const keyOf = (kind: string, action: string, type: string) => `${kind} ${action} ${type}`;

/** One line of the table: `kind` may do `actions` to `thing` when `rule` says so. */
function allow<K extends ActorKind, T extends SubjectType>(
	kind: K,
	actions: Actions[T] | readonly Actions[T][],
	thing: { readonly type: T } | Subject<T>,
	rule: Rule<K, T>,
	refusal: Refusal = ADMINS_ONLY,
): [string, Entry][] {
	const type = "type" in thing ? thing.type : thing.subject;
	// The key holds the actor's kind and the thing's type, so the rule only ever meets its own.
	const entry = { rule: rule as unknown as Entry["rule"], refusal };
	return (typeof actions === "string" ? [actions] : actions).map((action) => [
		keyOf(kind, action, type),
		entry,
	]);
}

function tableOf(...lines: [string, Entry][][]): ReadonlyMap<string, Entry> {
	const table = new Map<string, Entry>();
	for (const [key, entry] of lines.flat()) {
		if (table.has(key)) throw new Error(`Two access rules for ${key}`);
		table.set(key, entry);
	}
	return table;
}

// ---- The rules ---------------------------------------------------------------------------------

const always = () => true;
const isAdmin = (actor: UserActor) => actor.user.isAdmin;

/** A rider's data: the rider, the rider's seller (while a seller), admins; riderless: admins. */
function readsRiderData(actor: UserActor, riderId: string | null, sellerId: string | null) {
	const { user } = actor;
	if (user.isAdmin) return true;
	if (riderId === null) return false;
	if (user.id === riderId) return true;
	return user.isSeller && sellerId !== null && sellerId === user.id;
}
const readsSession = (actor: UserActor, s: Facts["Session"]) =>
	readsRiderData(actor, s.riderId, s.riderSellerId);

/**
 * The seller screen: a logger of the seller's stock (no owner) to the seller's own rider; a
 * logger the rider already has changes nothing. An admin there acts as a seller with their own.
 */
function sellerAssigns(actor: UserActor, { rider, logger }: Facts["Assignment"]): Verdict {
	const me = actor.user.id;
	if (!hasRole(actor.user, "seller") || rider.sellerId !== me) return NOT_YOUR_RIDER;
	if (logger.ownerId === rider.id) return true;
	if (logger.sellerId !== me) return NOT_YOUR_STOCK;
	return logger.ownerId === null || HAS_OWNER;
}

/** The seller screen: a new key for a logger of the seller's stock or of one of their riders. */
const sellerRekeys = (actor: UserActor, l: Facts["Logger"]) =>
	hasRole(actor.user, "seller") &&
	(l.ownerId === null ? l.sellerId === actor.user.id : l.ownerSellerId === actor.user.id);

const demotesSelf = (actor: UserActor, r: Facts["Roles"]) =>
	r.userId === actor.user.id && r.isAdmin && !r.nextIsAdmin;

// biome-ignore format: one line per rule
const table = tableOf(
	allow(User, ["read", "retime", "export", "seeShares"], Session, readsSession, SESSION_HIDDEN),
	allow(User, "share", Session, (a, s) => readsSession(a, s) && (s.riderId === a.user.id || NOT_SESSION_RIDER), SESSION_HIDDEN),
	allow(User, "revoke", Share, readsSession, SHARE_HIDDEN),
	allow(User, ["read", "import"], Rider, (a, r) => readsRiderData(a, r.id, r.sellerId), RIDER_HIDDEN),
	allow(User, ["register", "rename", "setSeller", "assign", "returnToStock", "rotateKey"], Loggers, isAdmin),
	allow(CommandLine, "register", Loggers, always),
	allow(User, "assignAsSeller", Assignment, sellerAssigns, NOT_YOUR_RIDER),
	allow(User, "rotateKeyAsSeller", Logger, sellerRekeys, NOT_YOUR_LOGGER),
	allow(User, ["create", "setSeller", "signOutEverywhere"], Accounts, isAdmin),
	allow(CommandLine, "create", Accounts, always),
	allow(User, "change", Roles, (a, r) => isAdmin(a) && (!demotesSelf(a, r) || OWN_ADMIN_FLAG)),
	allow(CommandLine, "change", Roles, always),
	allow(User, ["create", "update"], Tracks, isAdmin),
	allow(Device, "resume", LoggerUpload, (d, u) => u.hardwareId === d.hardwareId, UPLOAD_HIDDEN),
	allow(User, "resume", ImportUpload, (a, u) => u.importedBy === a.user.id, UPLOAD_HIDDEN)
);

/** The table's lines as "actor action thing", for the test that checks each has its cases. */
export const ACCESS_RULES: readonly string[] = [...table.keys()];

// ---- Asking the table --------------------------------------------------------------------------

function verdictOf(
	actor: Principal,
	action: string,
	thing: { readonly subject: SubjectType },
): Verdict {
	// No line names nobody or a metrics scraper: they are refused like any actor without a rule.
	const entry = table.get(keyOf(actor.kind, action, thing.subject));
	if (!entry) return false;
	const verdict = entry.rule(actor, thing);
	return verdict === false ? entry.refusal : verdict;
}

/** May the actor do this to this thing? */
export function can<T extends SubjectType>(
	actor: Principal,
	action: Actions[T],
	thing: Subject<T>,
): boolean {
	return verdictOf(actor, action, thing) === true;
}

/** As `can`, throwing the rule's refusal (401 for nobody, 403 where the table has no rule). */
export function authorize<T extends SubjectType>(
	actor: Principal,
	action: Actions[T],
	thing: Subject<T>,
): void {
	const verdict = verdictOf(actor, action, thing);
	if (verdict === true) return;
	if (typeof verdict === "function") throw verdict();
	throw actor.kind === "anonymous" ? unauthorized() : forbidden();
}

/**
 * The "read" rule of sessions as a filter over many of them (track pages, reference laps):
 * everybody's for an admin, a seller's own and their riders', a rider's own.
 */
export function readableSessions(actor: UserActor): SessionScope {
	const { user } = actor;
	if (user.isAdmin) return { kind: "all" };
	if (user.isSeller) return { kind: "riderOrSellerOf", userId: user.id };
	return { kind: "rider", riderId: user.id };
}
