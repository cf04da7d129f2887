import { parseArgs } from "node:util";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { createReprocessService, type ReprocessProgress } from "../../reprocess/reprocess-service";
import type { ObjectStorage } from "../../storage/object-storage";
import type { CliIo } from "../io";

export const REPROCESS_USAGE = "uso: lapsix reprocess [--restart]\n";

/** Words of one session's outcome in the progress lines. */
export function progressLine(p: ReprocessProgress): string {
	const outcome =
		p.result === "done"
			? "ok"
			: p.result === "skipped"
				? "mantida (mudou durante o processamento ou aguarda processamento)"
				: `falhou: ${p.result.failed}`;
	return `[${p.index}/${p.total}] sessão ${p.sessionId}: ${outcome}\n`;
}

/**
 * `lapsix reprocess`: derives every stored session again from its kept original files, with
 * a line per session. Run again after an interruption, it goes on where it stopped
 * (`--restart` starts over). Exit 0 when no session failed, 1 otherwise, 2 bad arguments.
 */
export async function runReprocessCommand(
	args: string[],
	deps: { db: Kysely<Database>; storage: ObjectStorage },
	io: Pick<CliIo, "stdout" | "stderr">,
): Promise<number> {
	let restart = false;
	try {
		const parsed = parseArgs({
			args,
			options: { restart: { type: "boolean" } },
			allowPositionals: false,
			strict: true,
		});
		restart = parsed.values.restart === true;
	} catch (error) {
		io.stderr.write(`lapsix reprocess: ${(error as Error).message}\n${REPROCESS_USAGE}`);
		return 2;
	}
	const service = createReprocessService(deps);
	const summary = await service.reprocessAll({
		restart,
		onProgress: (p) => io.stdout.write(progressLine(p)),
	});
	if (summary.resumedFrom) {
		io.stdout.write(`Retomada a execução iniciada em ${summary.resumedFrom.toISOString()}.\n`);
	}
	io.stdout.write(
		`${summary.total} sessões: ${summary.done} reprocessadas, ${summary.skipped} mantidas, ${summary.failed} com falha.\n`,
	);
	return summary.failed > 0 ? 1 : 0;
}
