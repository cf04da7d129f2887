import { describe, expect, it } from "vitest";
import { decimalReason, flagReason, quote, rangeReason, unsignedReason } from "./reasons";

describe("parse-report reasons", () => {
	it("quotes up to 40 characters, then cuts with an ellipsis", () => {
		expect(quote("a".repeat(40))).toBe(`"${"a".repeat(40)}"`);
		expect(quote("a".repeat(41))).toBe(`"${"a".repeat(40)}…"`);
	});

	it("says an empty field is empty, whatever was expected", () => {
		expect(decimalReason("lat", "")).toBe("lat: campo vazio");
		expect(unsignedReason("satélites", "")).toBe("satélites: campo vazio");
		expect(flagReason("flag", "")).toBe("flag: campo vazio");
	});

	it("names the field, the text and the rule", () => {
		expect(decimalReason("lat", "x")).toBe(
			'lat: esperado número decimal (ex.: -23.55), encontrado "x"',
		);
		expect(unsignedReason("n", "-1")).toBe('n: esperado inteiro não negativo, encontrado "-1"');
		expect(flagReason("flag", "2")).toBe('flag: esperado 0 ou 1, encontrado "2"');
		expect(rangeReason("mês", "13", "1..12")).toBe('mês: "13" fora do intervalo (1..12)');
	});
});
