import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "../../shared/api/admin";
import {
	auditActionText,
	auditActorText,
	auditTargetText,
	cellText,
	flagText,
	loggerNameOptionLabel,
	loggerOwnerOptionLabel,
	personOptionLabel,
	sellerOptionLabel,
	stockOptionLabel,
} from "./labels";

describe("option labels", () => {
	it("shows a rider's e-mail with the pilot name, else the display name, else the e-mail", () => {
		expect(personOptionLabel({ email: "p@x", pilotName: "Paula", displayName: "P. P." })).toBe(
			"p@x — Paula",
		);
		expect(personOptionLabel({ email: "p@x", pilotName: " ", displayName: "Paula P" })).toBe(
			"p@x — Paula P",
		);
		expect(personOptionLabel({ email: "p@x", pilotName: "", displayName: null })).toBe("p@x");
	});

	it("names a seller, falling back to 'Unnamed'", () => {
		expect(sellerOptionLabel({ email: "v@x", displayName: "Victor" })).toBe("v@x — Victor");
		expect(sellerOptionLabel({ email: "v@x", displayName: null })).toBe("v@x — Unnamed");
	});

	it("lists loggers by name with 'Unnamed' as the fallback and the id alongside", () => {
		expect(loggerNameOptionLabel({ id: "A7F3", name: "Pista 1" })).toBe("Pista 1 (A7F3)");
		expect(loggerNameOptionLabel({ id: "A7F3", name: null })).toBe("Unnamed (A7F3)");
		expect(loggerNameOptionLabel({ id: "A7F3", name: "  " })).toBe("Unnamed (A7F3)");
	});

	it("says where a logger is on /adm and names stock loggers", () => {
		expect(loggerOwnerOptionLabel({ id: "1", ownerEmail: "p@x" })).toBe("1 — com p@x");
		expect(loggerOwnerOptionLabel({ id: "C900", ownerEmail: null })).toBe("C900 — em estoque");
		expect(stockOptionLabel({ id: "B210", name: null })).toBe("B210");
		expect(stockOptionLabel({ id: "B210", name: "Azul" })).toBe("B210 — Azul");
	});

	it("writes flags and empty cells readably", () => {
		expect(flagText(true)).toBe("Sim");
		expect(flagText(false)).toBe("Não");
		expect(cellText(null)).toBe("—");
		expect(cellText(" ")).toBe("—");
		expect(cellText("Casa")).toBe("Casa");
	});
});

describe("audit texts", () => {
	const emails: Record<string, string> = { u1: "paula@x", u2: "pedro@x" };
	const emailOf = (id: string) => emails[id];

	it("describes every management action in pt-BR and keeps unknown ones as they are", () => {
		expect(auditActionText("hardware.assign_owner")).toBe("Entregou logger a piloto");
		expect(auditActionText("user.set_seller")).toBe("Definiu revendedor do piloto");
		expect(auditActionText("session.ingest")).toBe("session.ingest");
		for (const action of AUDIT_ACTIONS) expect(auditActionText(action)).not.toBe(action);
	});

	it("names the session a read-only link was created or revoked for", () => {
		const entry = {
			action: "session.share",
			targetType: "session",
			targetId: "s-1",
			details: { shareId: "x", track: "Interlagos", date: "2025-03-02" },
		};
		expect(auditActionText("session.share")).toBe("Criou link de leitura da sessão");
		expect(auditTargetText(entry)).toBe("Sessão Interlagos · 2025-03-02");
		expect(auditTargetText({ ...entry, action: "session.revoke_share", details: {} })).toBe(
			"Sessão s-1",
		);
	});

	it("names the logger and the rider of an assignment", () => {
		const base = { action: "hardware.assign_owner", targetType: "hardware", targetId: "A7F3" };
		expect(auditTargetText({ ...base, details: { riderEmail: "novo@x" } }, emailOf)).toBe(
			"Logger A7F3 → novo@x",
		);
		expect(auditTargetText({ ...base, details: { after: { ownerId: "u2" } } }, emailOf)).toBe(
			"Logger A7F3 → pedro@x",
		);
		expect(auditTargetText({ ...base, details: null })).toBe("Logger A7F3 → piloto");
	});

	it("names sellers, names and roles", () => {
		expect(
			auditTargetText({
				action: "hardware.set_seller",
				targetType: "hardware",
				targetId: "C900",
				details: { after: { sellerId: null, sellerEmail: null } },
			}),
		).toBe("Logger C900 → sem revendedor");
		expect(
			auditTargetText({
				action: "hardware.rename",
				targetType: "hardware",
				targetId: "C900",
				details: { after: { name: "Reserva" } },
			}),
		).toBe("Logger C900 → Reserva");
		expect(
			auditTargetText(
				{
					action: "user.set_roles",
					targetType: "user",
					targetId: "u1",
					details: { after: { isAdmin: false, isSeller: true } },
				},
				emailOf,
			),
		).toBe("paula@x → revendedor");
		expect(
			auditTargetText({
				action: "user.set_roles",
				targetType: "user",
				targetId: "u9",
				details: { email: "z@x", after: { isAdmin: false, isSeller: false } },
			}),
		).toBe("z@x → sem papéis");
		expect(
			auditTargetText({
				action: "user.set_seller",
				targetType: "user",
				targetId: "u1",
				details: { email: "paula@x", after: { sellerEmail: "v@x" } },
			}),
		).toBe("paula@x → v@x");
		expect(
			auditTargetText({
				action: "user.create",
				targetType: "user",
				targetId: "u3",
				details: { after: { email: "nova@x" } },
			}),
		).toBe("nova@x");
	});

	it("falls back to the target for other actions", () => {
		expect(
			auditTargetText({
				action: "hardware.register",
				targetType: "hardware",
				targetId: "Z1",
				details: {},
			}),
		).toBe("Logger Z1");
		expect(
			auditTargetText({ action: "x.y", targetType: "user", targetId: "u1", details: {} }, emailOf),
		).toBe("paula@x");
		expect(
			auditTargetText({ action: "x.y", targetType: "track", targetId: "t", details: {} }),
		).toBe("track t");
	});

	it("names the actor", () => {
		expect(auditActorText("ana@x")).toBe("ana@x");
		expect(auditActorText("cli")).toBe("linha de comando");
		expect(auditActorText("demo")).toBe("dados de demonstração");
		expect(auditActorText("device:A7F3")).toBe("logger A7F3");
	});
});
