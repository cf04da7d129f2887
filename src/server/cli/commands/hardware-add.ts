import { parseArgs } from "node:util";
import type { Kysely } from "kysely";
import { HardwareId, HardwareName } from "../../../shared/api/admin";
import type { Database } from "../../db/schema";
import { AppError } from "../../errors";
import { CLI_ACTOR } from "../../services/audit-service";
import { createHardwareService } from "../../services/hardware-service";
import type { CliIo } from "../io";

const USAGE = "uso: lapsix hardware add <id> [--name NOME]\n";

const OPTIONS = { name: { type: "string" } } as const;

function parseHardwareAddArgs(args: string[]): { id: string; name: string | null } | string {
	let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
	try {
		parsed = parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true });
	} catch (error) {
		return `argumento inválido: ${(error as Error).message}`;
	}
	const { values, positionals } = parsed;
	if (positionals.length !== 1) return "informe exatamente um código de hardware.";
	const id = HardwareId.safeParse(positionals[0]);
	if (!id.success)
		return `código inválido "${positionals[0]}": use de 1 a 64 letras, números, '-' ou '_'.`;
	const name = HardwareName.safeParse(values.name ?? "");
	if (!name.success) return name.error.issues[0]?.message ?? "nome inválido.";
	return { id: id.data, name: name.data };
}

/**
 * `lapsix hardware add <id> [--name NOME]`: registers a logger and prints its device key, the
 * only time it is ever shown. Exit 0 done, 1 the id exists, 2 bad arguments.
 */
export async function runHardwareAddCommand(
	args: string[],
	deps: { db: Kysely<Database> },
	io: Pick<CliIo, "stdout" | "stderr">,
): Promise<number> {
	const parsed = parseHardwareAddArgs(args);
	if (typeof parsed === "string") {
		io.stderr.write(`lapsix hardware add: ${parsed}\n${USAGE}`);
		return 2;
	}
	try {
		const { hardware, deviceKey } = await createHardwareService(deps.db).registerHardware(
			CLI_ACTOR,
			parsed,
		);
		const label = hardware.name ? ` (${hardware.name})` : "";
		io.stdout.write(
			`Hardware registrado: ${hardware.id}${label}.\n` +
				`Chave do dispositivo: ${deviceKey}\n` +
				"Guarde esta chave agora: ela não será mostrada de novo.\n",
		);
		return 0;
	} catch (error) {
		if (error instanceof AppError && error.statusCode < 500) {
			io.stderr.write(`lapsix hardware add: ${error.message}\n`);
			return 1;
		}
		throw error;
	}
}
