import { describe, expect, it } from "vitest";
import {
	failureIssue,
	ignoredLinesText,
	readableFailure,
	readableIssue,
	sessionHealth,
} from "./session-health";

const clean = { lapSix: 0, gpsSix: 0 };

describe("session health", () => {
	it("counts ignored lines in plain Portuguese, singular and plural", () => {
		expect(ignoredLinesText({ lapSix: 0, gpsSix: 3 })).toBe("3 linhas do gps.six foram ignoradas.");
		expect(ignoredLinesText({ lapSix: 1, gpsSix: 0 })).toBe("1 linha do lap.six foi ignorada.");
		expect(ignoredLinesText({ lapSix: 2, gpsSix: 1 })).toBe(
			"1 linha do gps.six e 2 do lap.six foram ignoradas.",
		);
		expect(ignoredLinesText(clean)).toBeNull();
	});

	it("says nothing about a clean session", () => {
		expect(sessionHealth({ status: "processed", error: null, ignoredLines: clean })).toEqual({
			level: "ok",
		});
	});

	it("calls a session with ignored lines partial", () => {
		expect(
			sessionHealth({ status: "processed", error: null, ignoredLines: { lapSix: 0, gpsSix: 3 } }),
		).toEqual({ level: "partial", text: "3 linhas do gps.six foram ignoradas." });
	});

	it("says when the newest upload failed and an older version is shown", () => {
		const health = sessionHealth({
			status: "processed",
			error:
				"Não foi possível ler gps.six: nenhuma linha válida (linha 1: esperados 10 campos, encontrados 3).",
			ignoredLines: clean,
		});
		expect(health.level).toBe("partial");
		expect(health).toHaveProperty("text", expect.stringContaining("versão anterior"));
	});

	it("explains a session that could not be read without the parser's words", () => {
		const error =
			"Não foi possível ler gps.six: nenhuma linha válida (linha 1: esperados 10 campos (ou 7 na variante antiga), encontrados 3).";
		const health = sessionHealth({ status: "failed", error, ignoredLines: clean });
		expect(health.level).toBe("broken");
		const text = (health as { text: string }).text;
		expect(text).toContain("gps.six");
		expect(text).not.toMatch(/esperados|encontrados|campos/);
		expect(failureIssue(error)).toEqual({
			file: "gps.six",
			line: 1,
			text: "Linha incompleta ou danificada (3 campos em vez de 10)",
			note: false,
		});
		expect(readableFailure("algo desconhecido")).toBe(
			"Os arquivos desta sessão não puderam ser lidos.",
		);
	});

	it("keeps a session that is still being read apart from a broken one", () => {
		expect(sessionHealth({ status: "received", error: null, ignoredLines: clean }).level).toBe(
			"pending",
		);
	});
});

describe("readable report lines", () => {
	const issue = (reason: string) => readableIssue({ file: "gps.six", line: 12, reason });

	it("rewords every reason the parsers give", () => {
		expect(issue("posição: 0,0 significa sem sinal de GPS").text).toBe(
			"Sem sinal de GPS (posição 0,0)",
		);
		expect(issue('velocidade: esperado número decimal (ex.: -23.55), encontrado "--.-"').text).toBe(
			'Velocidade ilegível: "--.-"',
		);
		expect(issue("satélites: campo vazio").text).toBe("Satélites em branco");
		expect(issue('latitude: "91.5" fora do intervalo (|lat| <= 90)').text).toBe(
			'Latitude impossível: "91.5"',
		);
		expect(issue('indicador de cronometragem: esperado 0 ou 1, encontrado "7"').text).toBe(
			'Indicador de cronometragem ilegível: "7"',
		);
		expect(issue("número da volta: volta 3 repetida, substituída pela linha 9").text).toBe(
			"Volta 3 repetida; vale a da linha 9",
		);
		expect(issue("mais 40 problemas não listados").text).toBe(
			"E mais 40 linhas com problema, não listadas",
		);
	});

	it("marks the notes about a lap apart from the ignored lines", () => {
		const note = issue(
			"volta 4: cronometragem interrompida (indicador 0), 30 pontos descartado(s)",
		);
		expect(note).toMatchObject({
			note: true,
			text: "Volta 4: a cronometragem parou no meio; 30 pontos ficaram fora do traçado",
		});
		expect(issue("volta 2: trajeto salvo sem linha correspondente em lap.six").note).toBe(true);
		expect(issue("algo novo que o leitor passou a dizer").text).toBe(
			"Algo novo que o leitor passou a dizer",
		);
	});
});
