import type { FastifyInstance } from "fastify";
import {
	assignSellerHardware,
	listSellerRiders,
	listSellerStock,
	rotateSellerHardwareKey,
} from "../../../shared/api/admin";
import { registerEndpoint } from "../../http/route";
import { createAssignmentService } from "../../services/assignment-service";
import { createHardwareService } from "../../services/hardware-service";

/** /seller: the seller's riders and stock. An admin here acts as a seller with their own. */
export async function sellerRoutes(app: FastifyInstance) {
	const assignments = createAssignmentService(app.deps.db);
	const hardware = createHardwareService(app.deps.db);

	registerEndpoint(app, listSellerRiders, "seller", async ({ actor }) => ({
		riders: (await assignments.sellerBoard(actor.user.id)).riders,
	}));

	registerEndpoint(app, listSellerStock, "seller", async ({ actor }) => ({
		stock: (await assignments.sellerBoard(actor.user.id)).stock,
	}));

	registerEndpoint(app, assignSellerHardware, "seller", async ({ params, body, actor }) =>
		assignments.assignHardwareAsSeller(actor, params.hardwareId, body.riderId),
	);

	registerEndpoint(app, rotateSellerHardwareKey, "seller", async ({ params, actor, reply }) => {
		// The key is in the body: no cache may keep it.
		reply.header("cache-control", "no-store");
		return hardware.rotateKeyAsSeller(actor, params.hardwareId);
	});
}
