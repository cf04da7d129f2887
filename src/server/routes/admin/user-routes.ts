import type { FastifyInstance } from "fastify";
import {
	createAdminUser,
	listAdminSellers,
	listAdminUsers,
	setAdminUserRoles,
	setAdminUserSeller,
	signOutAdminUserEverywhere,
} from "../../../shared/api/admin";
import { registerEndpoint } from "../../http/route";
import { createAssignmentService } from "../../services/assignment-service";
import { createUserAdminService } from "../../services/user-admin-service";

/** /adm and /seller-adm: users, sellers, roles, a rider's seller. */
export async function adminUserRoutes(app: FastifyInstance) {
	const users = createUserAdminService(app.deps.db);
	const assignments = createAssignmentService(app.deps.db);

	registerEndpoint(app, listAdminUsers, "admin", async () => ({ users: await users.listUsers() }));

	registerEndpoint(app, listAdminSellers, "admin", async () => ({
		sellers: await users.listSellers(),
	}));

	registerEndpoint(
		app,
		createAdminUser,
		"admin",
		async ({ body, actor }) => ({
			user: await users.createUser(actor, body.email, body),
		}),
		{ successStatus: 201 },
	);

	registerEndpoint(app, setAdminUserRoles, "admin", async ({ params, body, actor }) => ({
		user: await users.setRoles(actor, params.userId, body),
	}));

	registerEndpoint(app, signOutAdminUserEverywhere, "admin", async ({ params, actor }) => ({
		endedSessions: await users.signOutEverywhere(actor, params.userId),
	}));

	registerEndpoint(app, setAdminUserSeller, "admin", async ({ params, body, actor }) => ({
		user: await assignments.setRiderSeller(actor, params.userId, body.sellerId),
	}));
}
