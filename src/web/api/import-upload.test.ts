import { describe, expect, it } from "vitest";
import { importErrorText } from "./import-upload";

describe("import error text", () => {
	it("says what went wrong without repeating the server", () => {
		expect(
			importErrorText(400, "import_unreadable", "formato não reconhecido: esperado RaceChrono"),
		).toBe("Formato não reconhecido: esperado RaceChrono");
		expect(importErrorText(400, "import_unreadable", "cabeçalho VBO sem colunas")).toBe(
			"Formato não reconhecido: cabeçalho VBO sem colunas",
		);
		expect(importErrorText(413, "payload_too_large", "O arquivo excede o limite.")).toBe(
			"Arquivo grande demais. O arquivo excede o limite.",
		);
		expect(importErrorText(507, "insufficient_storage", "x")).toMatch(/sem espaço/);
	});
});
