import { parseArgs } from "node:util";
import type { Kysely } from "kysely";
import { UserEmail } from "../../../shared/api/admin";
import type { Database } from "../../db/schema";
import { AppError } from "../../errors";
import { CLI_ACTOR } from "../../services/audit-service";
import { createUserAdminService, type RoleChange } from "../../services/user-admin-service";
import type { CliIo } from "../io";

const USAGE = "uso: lapsix user add <email> [--admin|--no-admin] [--seller|--no-seller]\n";

function roleWords(user: { isAdmin: boolean; isSeller: boolean }): string {
	const roles = [user.isAdmin ? "administrador" : null, user.isSeller ? "revendedor" : null].filter(
		Boolean,
	);
	return roles.length === 0 ? "piloto" : roles.join(" e ");
}

function parseUserAddArgs(args: string[]): { email: string; roles: RoleChange } | string {
	let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
	try {
		parsed = parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true });
	} catch (error) {
		return `argumento inválido: ${(error as Error).message}`;
	}
	const { values, positionals } = parsed;
	if (positionals.length !== 1) return "informe exatamente um e-mail.";
	if (values.admin && values["no-admin"]) return "use --admin ou --no-admin, não os dois.";
	if (values.seller && values["no-seller"]) return "use --seller ou --no-seller, não os dois.";
	const email = UserEmail.safeParse(positionals[0]);
	if (!email.success) return `e-mail inválido: "${positionals[0]}".`;
	const roles: RoleChange = {};
	if (values.admin || values["no-admin"]) roles.isAdmin = Boolean(values.admin);
	if (values.seller || values["no-seller"]) roles.isSeller = Boolean(values.seller);
	return { email: email.data, roles };
}

const OPTIONS = {
	admin: { type: "boolean" },
	"no-admin": { type: "boolean" },
	seller: { type: "boolean" },
	"no-seller": { type: "boolean" },
} as const;

/**
 * `lapsix user add <email> [--admin] [--seller]`: creates the user, or changes the given flags of
 * an existing one (flags not given stay as they are). Exit 0 done, 1 refused, 2 bad arguments.
 */
export async function runUserAddCommand(
	args: string[],
	deps: { db: Kysely<Database> },
	io: Pick<CliIo, "stdout" | "stderr">,
): Promise<number> {
	const parsed = parseUserAddArgs(args);
	if (typeof parsed === "string") {
		io.stderr.write(`lapsix user add: ${parsed}\n${USAGE}`);
		return 2;
	}
	try {
		const { outcome, user } = await createUserAdminService(deps.db).upsertUser(
			CLI_ACTOR,
			parsed.email,
			parsed.roles,
		);
		const roles = roleWords(user);
		const messages = {
			created: `Usuário criado: ${user.email} (${roles}).`,
			updated: `Usuário atualizado: ${user.email} (agora ${roles}).`,
			unchanged: `Nada a mudar: ${user.email} já é ${roles}.`,
		};
		io.stdout.write(`${messages[outcome]}\n`);
		return 0;
	} catch (error) {
		if (error instanceof AppError && error.statusCode < 500) {
			io.stderr.write(`lapsix user add: ${error.message}\n`);
			return 1;
		}
		throw error;
	}
}
