/**
 * What a rider reads about a session that could not be read in full: one plain sentence
 * ("3 linhas do gps.six foram ignoradas.") and, one tap away, its report in the same plain
 * words. The parsers' reasons are precise but written for whoever debugs a file; these
 * functions turn the known ones into everyday Portuguese and keep any other as it is.
 */

export type SixFile = "lap.six" | "gps.six";

export interface HealthFacts {
	status: "received" | "processed" | "failed";
	/** Why the latest upload could not be read; null when it could. */
	error: string | null;
	ignoredLines: { lapSix: number; gpsSix: number };
}

export type SessionHealth =
	| { level: "ok" }
	/** Still waiting for its files to be read. */
	| { level: "pending"; text: string }
	/** Shown, but with lines left out or an older version on screen. */
	| { level: "partial"; text: string }
	/** Nothing to show: the files could not be read. */
	| { level: "broken"; text: string };

function linesOf(count: number, file: SixFile, first: boolean): string {
	const noun = count === 1 ? "linha" : "linhas";
	return first ? `${count} ${noun} do ${file}` : `${count} do ${file}`;
}

/** "3 linhas do gps.six foram ignoradas." / "1 linha do lap.six foi ignorada." / both. */
export function ignoredLinesText(ignored: { lapSix: number; gpsSix: number }): string | null {
	const parts: { count: number; file: SixFile }[] = [];
	if (ignored.gpsSix > 0) parts.push({ count: ignored.gpsSix, file: "gps.six" });
	if (ignored.lapSix > 0) parts.push({ count: ignored.lapSix, file: "lap.six" });
	if (parts.length === 0) return null;
	const total = ignored.gpsSix + ignored.lapSix;
	const verb = total === 1 ? "foi ignorada" : "foram ignoradas";
	const text = parts.map((p, i) => linesOf(p.count, p.file, i === 0)).join(" e ");
	return `${text} ${verb}.`;
}

/** The failure a stored `error` stands for, as a rider would say it. */
export function readableFailure(error: string): string {
	const unreadable = /^Não foi possível ler (lap\.six|gps\.six): nenhuma linha válida/.exec(error);
	if (unreadable) {
		return `Nenhuma linha do ${unreadable[1]} pôde ser lida: o arquivo parece danificado ou não foi gravado por um logger.`;
	}
	if (/^Nenhum arquivo da sessão foi encontrado/.test(error)) {
		return "Os arquivos desta sessão não foram encontrados no servidor.";
	}
	if (/^Erro ao ler os arquivos da sessão no armazenamento/.test(error)) {
		return "O servidor não conseguiu abrir os arquivos desta sessão. Eles serão lidos de novo quando o logger enviá-los outra vez.";
	}
	return "Os arquivos desta sessão não puderam ser lidos.";
}

export function sessionHealth(facts: HealthFacts): SessionHealth {
	if (facts.status === "failed") {
		return { level: "broken", text: readableFailure(facts.error ?? "") };
	}
	if (facts.status === "received" && facts.error === null) {
		return {
			level: "pending",
			text: "Os arquivos desta sessão chegaram e ainda estão sendo lidos. Recarregue em instantes.",
		};
	}
	const parts: string[] = [];
	if (facts.error !== null) {
		parts.push("O último envio desta sessão não pôde ser lido; você está vendo a versão anterior.");
	}
	const ignored = ignoredLinesText(facts.ignoredLines);
	if (ignored) parts.push(ignored);
	return parts.length > 0 ? { level: "partial", text: parts.join(" ") } : { level: "ok" };
}

// ---- The report, line by line ---------------------------------------------------------------

export interface IssueLike {
	/** `lap.six`, `gps.six`, or an imported file's name. */
	file: string;
	line: number;
	reason: string;
}

export interface ReadableIssue {
	file: string;
	line: number;
	/** What was wrong, in plain words. */
	text: string;
	/** A note about a lap (points left out of a path), not a line that was ignored. */
	note: boolean;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** One reason of the parsers in plain words (an unknown one is kept as it is). */
export function readableReason(reason: string): { text: string; note: boolean } {
	let m = /^esperados (\d+) campos.*, encontrados (\d+)$/.exec(reason);
	if (m)
		return {
			text: `linha incompleta ou danificada (${m[2]} campos em vez de ${m[1]})`,
			note: false,
		};
	if (/^posição: 0,0/.test(reason)) return { text: "sem sinal de GPS (posição 0,0)", note: false };
	m = /^(.+): campo vazio$/.exec(reason);
	if (m) return { text: `${m[1]} em branco`, note: false };
	m = /^(.+): esperado (?:número decimal|inteiro não negativo|0 ou 1).*, encontrado (".*")$/.exec(
		reason,
	);
	if (m) return { text: `${m[1]} ilegível: ${m[2]}`, note: false };
	m = /^(.+): (".*") fora do intervalo/.exec(reason);
	if (m) return { text: `${m[1]} impossível: ${m[2]}`, note: false };
	m = /^número da volta: volta (\d+) repetida, substituída pela linha (\d+)$/.exec(reason);
	if (m) return { text: `volta ${m[1]} repetida; vale a da linha ${m[2]}`, note: false };
	m = /^volta (\d+): cronometragem interrompida.*?, (\d+ pontos?) descartado/.exec(reason);
	if (m)
		return {
			text: `volta ${m[1]}: a cronometragem parou no meio; ${m[2]} ficaram fora do traçado`,
			note: true,
		};
	m = /^volta (\d+): não concluída.*?, (\d+ pontos?) fora das voltas/.exec(reason);
	if (m)
		return { text: `volta ${m[1]} não concluída; ${m[2]} ficaram fora das voltas`, note: true };
	m = /^volta (\d+): trajeto salvo sem linha correspondente em lap\.six$/.exec(reason);
	if (m) return { text: `volta ${m[1]}: há traçado, mas a volta não está no lap.six`, note: true };
	m = /^mais (\d+) problemas não listados$/.exec(reason);
	if (m) return { text: `e mais ${m[1]} linhas com problema, não listadas`, note: false };
	return { text: reason, note: /^volta \d+: /.test(reason) };
}

export function readableIssue(issue: IssueLike): ReadableIssue {
	const { text, note } = readableReason(issue.reason);
	return { file: issue.file, line: issue.line, text: capitalise(text), note };
}

/** The line a failed read names ("… (linha 1: esperados 10 campos, encontrados 3)."), if any. */
export function failureIssue(error: string): ReadableIssue | null {
	const m = /^Não foi possível ler (lap\.six|gps\.six): .*\(linha (\d+): (.*)\)\.$/.exec(error);
	if (!m) return null;
	return readableIssue({ file: m[1] as SixFile, line: Number(m[2]), reason: m[3]! });
}
