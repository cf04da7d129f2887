import { describe, expect, it } from "vitest";
import { CLI_ACTOR } from "../services/audit-service";
import { userActor } from "../test/actors";
import {
	ACCESS_RULES,
	Accounts,
	type Action,
	Assignment,
	authorize,
	can,
	HARDWARE_HAS_OWNER,
	ImportUpload,
	Logger,
	Loggers,
	LoggerUpload,
	NOT_MY_LOGGER,
	NOT_MY_RIDER,
	NOT_MY_STOCK,
	type Principal,
	Rider,
	Roles,
	readableSessions,
	Session,
	Share,
	type Subject,
	Tracks,
} from "./access";
import { ANONYMOUS, type DeviceActor } from "./actor";

/**
 * Every line of the access table, asked by the people it is about: an admin, the rider's seller
 * (S1), another seller (S2), the rider (A) and another rider (B, a client of S2). Each line must
 * have at least one case that allows and one that refuses; a refusal names its status and code.
 */

const ids = { admin: "adm", s1: "s1", s2: "s2", a: "rider-a", b: "rider-b" };
const actors = {
	admin: userActor({ id: ids.admin }, { isAdmin: true }),
	sellerS1: userActor({ id: ids.s1 }, { isSeller: true }),
	sellerS2: userActor({ id: ids.s2 }, { isSeller: true }),
	riderA: userActor({ id: ids.a }),
	riderB: userActor({ id: ids.b }),
};
type Who = keyof typeof actors;
const WHO = Object.keys(actors) as Who[];

/** "ok", or the refusal as status and code. */
type Outcome = "ok" | [number, string];
const NOT_ADMIN: Outcome = [403, "forbidden"];
const SESSION_HIDDEN: Outcome = [404, "session_not_found"];
const RIDER_HIDDEN: Outcome = [404, "rider_not_found"];

function outcomeOf(run: () => void): Outcome {
	try {
		run();
		return "ok";
	} catch (error) {
		const { statusCode, code } = error as { statusCode: number; code: string };
		return [statusCode, code];
	}
}

// Which table lines the cases below reached, allowing and refusing.
const allowed = new Set<string>();
const refused = new Set<string>();

function expectOutcome<T extends Subject["subject"]>(
	actor: Principal,
	action: Action<T>,
	thing: Subject<T>,
	expected: Outcome,
) {
	const outcome = outcomeOf(() => authorize(actor, action, thing));
	expect(outcome).toEqual(expected);
	expect(can(actor, action, thing)).toBe(expected === "ok");
	const line = `${actor.kind} ${action} ${thing.subject}`;
	(expected === "ok" ? allowed : refused).add(line);
}

/** One case: the same action on the same thing, by each of the five people. */
function everyone<T extends Subject["subject"]>(
	actions: Action<T> | Action<T>[],
	thing: Subject<T>,
	expected: Record<Who, Outcome>,
) {
	for (const action of Array.isArray(actions) ? actions : [actions]) {
		for (const who of WHO) {
			it(`${action} ${thing.subject}: ${who}`, () =>
				expectOutcome(actors[who], action, thing, expected[who]));
		}
	}
}

const onlyAdmin = (admin: Outcome = "ok"): Record<Who, Outcome> => ({
	admin,
	sellerS1: NOT_ADMIN,
	sellerS2: NOT_ADMIN,
	riderA: NOT_ADMIN,
	riderB: NOT_ADMIN,
});

const sessionOfA = Session({ riderId: ids.a, riderSellerId: ids.s1 });

describe("a rider's sessions", () => {
	everyone(["read", "retime", "export", "seeShares"], sessionOfA, {
		admin: "ok",
		sellerS1: "ok",
		sellerS2: SESSION_HIDDEN,
		riderA: "ok",
		riderB: SESSION_HIDDEN,
	});
	describe("recorded by a logger in stock (no rider): admins only", () => {
		everyone("read", Session({ riderId: null, riderSellerId: null }), {
			...onlyAdmin(),
			sellerS1: SESSION_HIDDEN,
			sellerS2: SESSION_HIDDEN,
			riderA: SESSION_HIDDEN,
			riderB: SESSION_HIDDEN,
		});
	});
	it("not for a former seller (the flag removed), nor for a rider with no seller's seller", () => {
		expectOutcome(userActor({ id: ids.s1 }), "read", sessionOfA, SESSION_HIDDEN);
		const noSeller = Session({ riderId: ids.a, riderSellerId: null });
		expectOutcome(actors.sellerS1, "read", noSeller, SESSION_HIDDEN);
		expectOutcome(actors.riderA, "read", noSeller, "ok");
	});
	describe("shared by its rider only; those who may read it get 403, others 404", () => {
		const notRider: Outcome = [403, "not_session_rider"];
		everyone("share", sessionOfA, {
			admin: notRider,
			sellerS1: notRider,
			sellerS2: SESSION_HIDDEN,
			riderA: "ok",
			riderB: SESSION_HIDDEN,
		});
	});
	describe("a link revoked by whoever may read the session", () => {
		const hidden: Outcome = [404, "share_not_found"];
		everyone("revoke", Share({ riderId: ids.a, riderSellerId: ids.s1 }), {
			admin: "ok",
			sellerS1: "ok",
			sellerS2: hidden,
			riderA: "ok",
			riderB: hidden,
		});
	});
});

describe("a rider's data: track pages, session tree, imports", () => {
	everyone(["read", "import"], Rider({ id: ids.a, sellerId: ids.s1 }), {
		admin: "ok",
		sellerS1: "ok",
		sellerS2: RIDER_HIDDEN,
		riderA: "ok",
		riderB: RIDER_HIDDEN,
	});
});

describe("the loggers, accounts and tracks: admins (and the command line where it acts)", () => {
	everyone(
		["register", "rename", "setSeller", "assign", "returnToStock", "rotateKey"],
		Loggers,
		onlyAdmin(),
	);
	everyone(["create", "setSeller", "signOutEverywhere"], Accounts, onlyAdmin());
	everyone(["create", "update"], Tracks, onlyAdmin());
	it("the command line registers loggers and creates users, and nothing else", () => {
		expectOutcome(CLI_ACTOR, "register", Loggers, "ok");
		expectOutcome(CLI_ACTOR, "create", Accounts, "ok");
		expectOutcome(CLI_ACTOR, "rotateKey", Loggers, [403, "forbidden"]);
		expectOutcome(CLI_ACTOR, "read", sessionOfA, [403, "forbidden"]);
	});
});

describe("roles", () => {
	const riderToSeller = Roles({ userId: ids.a, isAdmin: false, nextIsAdmin: false });
	everyone("change", riderToSeller, onlyAdmin());
	it("an admin may not remove their own admin flag (409), but may change their seller flag", () => {
		const ownFlag = Roles({ userId: ids.admin, isAdmin: true, nextIsAdmin: false });
		expectOutcome(actors.admin, "change", ownFlag, [409, "own_admin_flag"]);
		const ownSeller = Roles({ userId: ids.admin, isAdmin: true, nextIsAdmin: true });
		expectOutcome(actors.admin, "change", ownSeller, "ok");
		const otherAdmin = Roles({ userId: "adm2", isAdmin: true, nextIsAdmin: false });
		expectOutcome(actors.admin, "change", otherAdmin, "ok");
		expectOutcome(CLI_ACTOR, "change", ownFlag, "ok");
		expectOutcome(CLI_ACTOR, "change", riderToSeller, "ok");
	});
});

describe("the seller screen: loggers of their stock to their riders", () => {
	const riderA = { id: ids.a, sellerId: ids.s1 };
	const notMyRider: Outcome = [403, "not_your_rider"];
	const stockOf = (sellerId: string) => ({ ownerId: null, sellerId });
	describe("S1's stock to S1's rider: S1 only (an admin there is a seller with no riders)", () => {
		everyone("assignAsSeller", Assignment({ rider: riderA, logger: stockOf(ids.s1) }), {
			admin: notMyRider,
			sellerS1: "ok",
			sellerS2: notMyRider,
			riderA: notMyRider,
			riderB: notMyRider,
		});
	});
	it("refuses another seller's stock and a logger another rider has, with their reasons", () => {
		const othersStock = Assignment({ rider: riderA, logger: stockOf(ids.s2) });
		expectOutcome(actors.sellerS1, "assignAsSeller", othersStock, [403, "not_your_stock"]);
		const withAnother = Assignment({ rider: riderA, logger: { ownerId: "x", sellerId: ids.s1 } });
		expectOutcome(actors.sellerS1, "assignAsSeller", withAnother, [403, "hardware_has_owner"]);
	});
	it("accepts the logger the rider already has, whoever sold it (nothing changes)", () => {
		const own = Assignment({ rider: riderA, logger: { ownerId: ids.a, sellerId: ids.s2 } });
		expectOutcome(actors.sellerS1, "assignAsSeller", own, "ok");
	});
	it("keeps the messages the seller screen shows", () => {
		const messageOf = (run: () => void) => {
			try {
				run();
			} catch (error) {
				return (error as Error).message;
			}
			return "allowed";
		};
		const s1 = actors.sellerS1;
		const assign = (logger: { ownerId: string | null; sellerId: string | null }) =>
			messageOf(() => authorize(s1, "assignAsSeller", Assignment({ rider: riderA, logger })));
		expect(assign(stockOf(ids.s2))).toBe(NOT_MY_STOCK);
		expect(assign({ ownerId: "x", sellerId: ids.s1 })).toBe(HARDWARE_HAS_OWNER);
		expect(
			messageOf(() =>
				authorize(
					actors.sellerS2,
					"assignAsSeller",
					Assignment({ rider: riderA, logger: stockOf(ids.s2) }),
				),
			),
		).toBe(NOT_MY_RIDER);
		const othersStock = Logger({ ...stockOf(ids.s2), ownerSellerId: null });
		expect(messageOf(() => authorize(s1, "rotateKeyAsSeller", othersStock))).toBe(NOT_MY_LOGGER);
	});

	const notMyLogger: Outcome = [403, "not_your_logger"];
	describe("a new key for a logger of S1's stock: S1 only", () => {
		everyone("rotateKeyAsSeller", Logger({ ...stockOf(ids.s1), ownerSellerId: null }), {
			admin: notMyLogger,
			sellerS1: "ok",
			sellerS2: notMyLogger,
			riderA: notMyLogger,
			riderB: notMyLogger,
		});
	});
	it("a new key for the logger of S1's rider, though S2 sold it: S1, not S2", () => {
		const ofRiderA = Logger({ ownerId: ids.a, sellerId: ids.s2, ownerSellerId: ids.s1 });
		expectOutcome(actors.sellerS1, "rotateKeyAsSeller", ofRiderA, "ok");
		expectOutcome(actors.sellerS2, "rotateKeyAsSeller", ofRiderA, notMyLogger);
		expectOutcome(userActor({ id: ids.s1 }), "rotateKeyAsSeller", ofRiderA, notMyLogger);
	});
});

describe("a logger's resumable uploads", () => {
	const device: DeviceActor = { kind: "device", hardwareId: "HW-A" };
	it("only the logger that created the upload; another's, or one with no logger, is not found", () => {
		expectOutcome(device, "resume", LoggerUpload({ hardwareId: "HW-A" }), "ok");
		expectOutcome(device, "resume", LoggerUpload({ hardwareId: "HW-B" }), [
			404,
			"upload_not_found",
		]);
		expectOutcome(device, "resume", LoggerUpload({ hardwareId: null }), [404, "upload_not_found"]);
		expectOutcome(actors.admin, "resume", LoggerUpload({ hardwareId: "HW-A" }), [403, "forbidden"]);
	});
	it("a logger reads no session; nobody (no sign-in) does anything", () => {
		expectOutcome(device, "read", sessionOfA, [403, "forbidden"]);
		expectOutcome(ANONYMOUS, "read", sessionOfA, [401, "unauthorized"]);
		expectOutcome(ANONYMOUS, "register", Loggers, [401, "unauthorized"]);
	});
});

describe("a user's resumable imports", () => {
	it("only the user who created the upload; another's, or a logger's, is not found", () => {
		const ofA = ImportUpload({ importedBy: ids.a });
		expectOutcome(actors.riderA, "resume", ofA, "ok");
		expectOutcome(actors.riderB, "resume", ofA, [404, "upload_not_found"]);
		expectOutcome(actors.admin, "resume", ofA, [404, "upload_not_found"]);
		expectOutcome(actors.sellerS1, "resume", ofA, [404, "upload_not_found"]);
		expectOutcome(actors.riderA, "resume", ImportUpload({ importedBy: null }), [
			404,
			"upload_not_found",
		]);
	});
});

describe("reading a rider's data, case by case", () => {
	const rider = "rider";
	const seller = "seller";
	const cases: [string, Principal, string | null, string | null, boolean][] = [
		["anonymous", ANONYMOUS, rider, seller, false],
		["a logger", { kind: "device", hardwareId: "1" }, rider, seller, false],
		["the rider", userActor({ id: rider }), rider, seller, true],
		["the rider, no seller", userActor({ id: rider }), rider, null, true],
		["another rider", userActor({ id: "other" }), rider, seller, false],
		["the rider's seller", userActor({ id: seller }, { isSeller: true }), rider, seller, true],
		["another seller", userActor({ id: "s2" }, { isSeller: true }), rider, seller, false],
		[
			"a seller, rider without seller",
			userActor({ id: seller }, { isSeller: true }),
			rider,
			null,
			false,
		],
		["a former seller (flag removed)", userActor({ id: seller }), rider, seller, false],
		["an admin", userActor({ id: "adm" }, { isAdmin: true }), rider, seller, true],
		["an admin, no rider", userActor({ id: "adm" }, { isAdmin: true }), null, null, true],
		["a rider, no rider", userActor({ id: rider }), null, null, false],
		["a seller, no rider", userActor({ id: seller }, { isSeller: true }), null, seller, false],
	];
	it.each(cases)("%s", (_name, actor, riderId, riderSellerId, expected) => {
		expect(can(actor, "read", Session({ riderId, riderSellerId }))).toBe(expected);
	});
});

describe("readableSessions: the read rule as a filter", () => {
	const sessions = [
		{ riderId: ids.a, riderSellerId: ids.s1 },
		{ riderId: ids.b, riderSellerId: ids.s2 },
		{ riderId: ids.s1, riderSellerId: null },
		{ riderId: null, riderSellerId: null },
		// B still lists A as seller (A's seller flag was removed): A reads none of B's sessions.
		{ riderId: ids.b, riderSellerId: ids.a },
	];
	const keeps = (scope: ReturnType<typeof readableSessions>, s: (typeof sessions)[number]) => {
		switch (scope.kind) {
			case "all":
				return true;
			case "rider":
				return s.riderId === scope.riderId;
			case "riderOrSellerOf":
				return s.riderId === scope.userId || s.riderSellerId === scope.userId;
			default:
				throw new Error(`unknown scope ${JSON.stringify(scope)}`);
		}
	};
	it.each(WHO)("keeps exactly the sessions %s may read", (who) => {
		const actor = actors[who];
		const scope = readableSessions(actor);
		const kept = sessions.filter((s) => keeps(scope, s));
		expect(kept).toEqual(sessions.filter((s) => can(actor, "read", Session(s))));
	});
});

describe("each refusal says why, in Portuguese", () => {
	const messageOf = (run: () => void) => {
		try {
			run();
		} catch (error) {
			return (error as Error).message;
		}
		return "allowed";
	};
	it.each([
		["session", () => authorize(actors.riderB, "read", sessionOfA), "Sessão não encontrada."],
		[
			"rider",
			() => authorize(actors.riderB, "read", Rider({ id: ids.a, sellerId: ids.s1 })),
			"Piloto não encontrado.",
		],
		[
			"link",
			() => authorize(actors.riderB, "revoke", Share({ riderId: ids.a, riderSellerId: ids.s1 })),
			"Link não encontrado.",
		],
		[
			"upload",
			() => authorize(actors.riderB, "resume", ImportUpload({ importedBy: ids.a })),
			"Envio não encontrado.",
		],
		[
			"admins only",
			() => authorize(actors.sellerS1, "register", Loggers),
			"Apenas administradores podem fazer isso.",
		],
		[
			"share",
			() => authorize(actors.sellerS1, "share", sessionOfA),
			"Só o piloto da sessão pode compartilhá-la.",
		],
		[
			"own admin flag",
			() =>
				authorize(
					actors.admin,
					"change",
					Roles({ userId: ids.admin, isAdmin: true, nextIsAdmin: false }),
				),
			"Você não pode remover o seu próprio acesso de administrador.",
		],
	] as const)("%s", (_name, run, message) => {
		expect(messageOf(run)).toBe(message);
	});
});

it("asks every line of the table at least once allowing and once refusing", () => {
	const lines = [...ACCESS_RULES].sort();
	expect(lines.filter((line) => !allowed.has(line))).toEqual([]);
	// The command line's lines always allow: their refusal is the same action refused to a user.
	const refusedLine = (line: string) => line.replace(/^commandLine /, "user ");
	expect(lines.filter((line) => !refused.has(refusedLine(line)))).toEqual([]);
});
