import type { FastifyRequest } from "fastify";
import type { DeviceActor } from "../auth/actor";
import { unauthorized } from "../errors";

/** The logger making the request; routes with policy "device" always have one. */
export function requireDeviceActor(request: FastifyRequest): DeviceActor {
	const actor = request.actor;
	if (actor.kind !== "device") {
		throw unauthorized("Chave do dispositivo ausente ou inválida.", "invalid_device_key");
	}
	return actor;
}
