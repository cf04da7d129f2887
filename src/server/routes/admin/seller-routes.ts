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
import { auditActorOfRequest, userActorOf } from "./request-actor";

/** /seller: the seller's riders and stock. An admin here acts as a seller with their own. */
export async function sellerRoutes(app: FastifyInstance) {
	const assignments = createAssignmentService(app.deps.db);
	const hardware = createHardwareService(app.deps.db);

	registerEndpoint(app, listSellerRiders, "seller", async ({ request }) => ({
		riders: (await assignments.sellerBoard(userActorOf(request).user.id)).riders,
	}));

	registerEndpoint(app, listSellerStock, "seller", async ({ request }) => ({
		stock: (await assignments.sellerBoard(userActorOf(request).user.id)).stock,
	}));

	registerEndpoint(app, assignSellerHardware, "seller", async ({ params, body, request }) =>
		assignments.assignHardwareAsSeller(
			auditActorOfRequest(request),
			params.hardwareId,
			body.riderId,
		),
	);

	registerEndpoint(app, rotateSellerHardwareKey, "seller", async ({ params, request, reply }) => {
		// The key is in the body: no cache may keep it.
		reply.header("cache-control", "no-store");
		return hardware.rotateKeyAsSeller(auditActorOfRequest(request), params.hardwareId);
	});
}
