/**
 * Command-line options of the commands that read recordings. Hand-written rather than
 * `util.parseArgs`: that one refuses an option value starting with `-` (`--start-line
 * "-23.70,-46.69 …"`), and every track south of the equator or west of Greenwich has one.
 */

/** A failure the command reports in one line, with its exit code (1: input, 2: arguments). */
export class CliInputError extends Error {
	constructor(
		message: string,
		readonly exitCode: 1 | 2,
	) {
		super(message);
	}
}

export type OptionKinds = Record<string, "string" | "boolean">;

export interface ParsedOptions {
	values: Record<string, string | true | undefined>;
	positionals: string[];
}

/**
 * `--name value`, `--name=value` and `--flag`; `-` alone is a positional (standard input);
 * after `--` everything is positional. An option given twice keeps the last value.
 */
export function parseOptions(args: readonly string[], kinds: OptionKinds): ParsedOptions {
	const values: ParsedOptions["values"] = {};
	const positionals: string[] = [];
	for (let i = 0; i < args.length; i++) {
		const arg = args[i]!;
		if (arg === "--") {
			positionals.push(...args.slice(i + 1));
			break;
		}
		if (!arg.startsWith("--")) {
			positionals.push(arg);
			continue;
		}
		const eq = arg.indexOf("=");
		const name = arg.slice(2, eq < 0 ? undefined : eq);
		const kind = kinds[name];
		if (kind === undefined) throw new CliInputError(`opção desconhecida --${name}`, 2);
		if (kind === "boolean") {
			if (eq >= 0) throw new CliInputError(`a opção --${name} não leva valor`, 2);
			values[name] = true;
			continue;
		}
		if (eq >= 0) {
			values[name] = arg.slice(eq + 1);
			continue;
		}
		const next = args[i + 1];
		if (next === undefined) throw new CliInputError(`a opção --${name} precisa de um valor`, 2);
		values[name] = next;
		i++;
	}
	return { values, positionals };
}

/** A string option's value, or undefined. */
export function stringOption(parsed: ParsedOptions, name: string): string | undefined {
	const value = parsed.values[name];
	return typeof value === "string" ? value : undefined;
}
