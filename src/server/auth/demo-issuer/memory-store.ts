import type { Adapter, AdapterFactory, AdapterPayload } from "oidc-provider";

interface Entry {
	payload: AdapterPayload;
	expiresAt: number;
}

/**
 * The demo issuer's state (interactions, its own sessions, codes, tokens) in memory: it lives a
 * few minutes per sign-in and may be lost on restart (a sign-in in progress is simply started
 * again). The signing key, which must survive restarts, is in DATA_DIR.
 */
export function createMemoryStore(now: () => number = Date.now): AdapterFactory {
	const entries = new Map<string, Entry>();
	let writes = 0;

	function sweep() {
		const at = now();
		for (const [key, entry] of entries) if (entry.expiresAt <= at) entries.delete(key);
	}

	function read(key: string): AdapterPayload | undefined {
		const entry = entries.get(key);
		if (!entry) return undefined;
		if (entry.expiresAt <= now()) {
			entries.delete(key);
			return undefined;
		}
		return entry.payload;
	}

	return (model: string): Adapter => {
		const key = (id: string) => `${model}:${id}`;
		const findBy = (field: "uid" | "userCode", value: string) => {
			for (const [k, entry] of entries) {
				if (k.startsWith(`${model}:`) && entry.payload[field] === value && entry.expiresAt > now())
					return entry.payload;
			}
			return undefined;
		};
		return {
			async upsert(id, payload, expiresIn) {
				writes += 1;
				if (writes % 100 === 0) sweep();
				entries.set(key(id), {
					payload: structuredClone(payload),
					expiresAt: now() + (expiresIn ?? 3600) * 1000,
				});
			},
			async find(id) {
				return read(key(id));
			},
			async findByUid(uid) {
				return findBy("uid", uid);
			},
			async findByUserCode(userCode) {
				return findBy("userCode", userCode);
			},
			async consume(id) {
				const payload = read(key(id));
				if (payload) payload.consumed = Math.floor(now() / 1000);
			},
			async destroy(id) {
				entries.delete(key(id));
			},
			async revokeByGrantId(grantId) {
				for (const [k, entry] of entries) if (entry.payload.grantId === grantId) entries.delete(k);
			},
		};
	};
}
