import type { FastifyInstance } from "fastify";
import {
	assignAdminHardwareOwner,
	listAdminHardware,
	registerAdminHardware,
	renameAdminHardware,
	rotateAdminHardwareKey,
	setAdminHardwareSeller,
	unassignAdminHardwareOwner,
} from "../../../shared/api/admin";
import { registerEndpoint } from "../../http/route";
import { createAssignmentService } from "../../services/assignment-service";
import { createHardwareService } from "../../services/hardware-service";

/** /adm and /hardware: loggers, their keys, owners and sellers. */
export async function adminHardwareRoutes(app: FastifyInstance) {
	const hardware = createHardwareService(app.deps.db);
	const assignments = createAssignmentService(app.deps.db);

	registerEndpoint(app, listAdminHardware, "admin", async () => ({
		hardware: await hardware.listHardware(),
	}));

	registerEndpoint(
		app,
		registerAdminHardware,
		"admin",
		async ({ body, actor, reply }) => {
			// The key is in the body: no cache may keep it.
			reply.header("cache-control", "no-store");
			return hardware.registerHardware(actor, body);
		},
		{ successStatus: 201 },
	);

	registerEndpoint(app, rotateAdminHardwareKey, "admin", async ({ params, actor, reply }) => {
		reply.header("cache-control", "no-store");
		return hardware.rotateKey(actor, params.hardwareId);
	});

	registerEndpoint(app, renameAdminHardware, "admin", async ({ params, body, actor }) => ({
		hardware: await hardware.rename(actor, params.hardwareId, body.name),
	}));

	registerEndpoint(app, setAdminHardwareSeller, "admin", async ({ params, body, actor }) => ({
		hardware: await assignments.setHardwareSeller(actor, params.hardwareId, body.sellerId),
	}));

	registerEndpoint(app, assignAdminHardwareOwner, "admin", async ({ params, body, actor }) =>
		assignments.assignHardwareToRider(actor, params.hardwareId, body.riderId),
	);

	registerEndpoint(app, unassignAdminHardwareOwner, "admin", async ({ params, actor }) =>
		assignments.returnHardwareToStock(actor, params.hardwareId),
	);
}
