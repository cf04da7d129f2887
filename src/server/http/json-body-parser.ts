import type { FastifyInstance } from "fastify";
import { AppError } from "../errors";

export const NUL_CHARACTER_CODE = "nul_character";

/** The path of the first string (value or key) holding U+0000, or null when there is none. */
export function findNulCharacter(value: unknown, path = ""): string | null {
	if (typeof value === "string") return value.includes("\u0000") ? path || "/" : null;
	if (Array.isArray(value)) {
		for (let i = 0; i < value.length; i += 1) {
			const found = findNulCharacter(value[i], `${path}/${i}`);
			if (found !== null) return found;
		}
		return null;
	}
	if (value !== null && typeof value === "object") {
		for (const [key, item] of Object.entries(value)) {
			if (key.includes("\u0000")) return `${path}/${key.replaceAll("\u0000", "\\u0000")}`;
			const found = findNulCharacter(item, `${path}/${key}`);
			if (found !== null) return found;
		}
	}
	return null;
}

/**
 * Every JSON body goes through here: Fastify's own parser (which refuses `__proto__` and
 * `constructor` poisoning), then a refusal of U+0000, which JSON allows as `\u0000` but
 * PostgreSQL text cannot store. Refused here, once, every JSON route answers 400 with a reason
 * instead of failing at the database with a 500.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
	const parseJson = app.getDefaultJsonParser("error", "error");
	app.removeContentTypeParser("application/json");
	app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
		parseJson(request, body.toString(), (error, parsed) => {
			if (error) return done(error, undefined);
			const where = findNulCharacter(parsed);
			if (where !== null) {
				return done(
					new AppError(
						400,
						NUL_CHARACTER_CODE,
						`O texto enviado contém um caractere nulo (\\u0000) em ${where}, que não pode ser guardado. Remova-o e envie de novo.`,
						{ path: where },
					),
					undefined,
				);
			}
			done(null, parsed);
		});
	});
}
