import type { FastifyInstance } from "fastify";
import { createAdminTrack, listAdminTracks, updateAdminTrack } from "../../../shared/api/tracks";
import { registerEndpoint } from "../../http/route";
import { createTrackService } from "../../services/track-service";

/** Tracks: names, start/finish and sector lines, lengths (admins only). */
export async function adminTrackRoutes(app: FastifyInstance) {
	const tracks = createTrackService(app.deps.db);

	registerEndpoint(app, listAdminTracks, "admin", async () => ({ tracks: await tracks.list() }));
	registerEndpoint(
		app,
		createAdminTrack,
		"admin",
		async ({ body, actor }) => ({
			track: await tracks.create(actor, body),
		}),
		{ successStatus: 201 },
	);
	registerEndpoint(app, updateAdminTrack, "admin", async ({ params, body, actor }) => ({
		track: await tracks.update(actor, params.trackId, body),
	}));
}
