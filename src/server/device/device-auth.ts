import type { FastifyRequest } from "fastify";
import type { Actor } from "../auth/actor";
import type { DeviceRepository } from "../repositories/device-repository";
import { hashDeviceKey, isWellFormedDeviceKey } from "./device-keys";

const BEARER = /^Bearer ([^\s]+)$/i;

/** The key of `Authorization: Bearer <key>`, or null when the header is absent or malformed. */
export function readBearerDeviceKey(header: string | undefined): string | null {
	if (header === undefined || header.length > 200) return null;
	const key = BEARER.exec(header.trim())?.[1];
	return key !== undefined && isWellFormedDeviceKey(key) ? key : null;
}

/**
 * Resolves a logger from its device key. A malformed header never reaches the database; a
 * well-formed key is looked up by its hash (a rotated key no longer matches any row).
 */
export function createDeviceAuthenticator(
	repository: Pick<DeviceRepository, "findHardwareIdByKeyHash">,
) {
	return async (request: FastifyRequest): Promise<Actor | null> => {
		const key = readBearerDeviceKey(request.headers.authorization);
		if (key === null) return null;
		const hardwareId = await repository.findHardwareIdByKeyHash(hashDeviceKey(key));
		return hardwareId === undefined ? null : { kind: "device", hardwareId };
	};
}
