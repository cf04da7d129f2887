/**
 * The fixture files of `fixtures/six/` as text, for tests (read through Vite's raw import, so
 * the domain stays free of file I/O). CR bytes are kept as they are in the files.
 */
const files = import.meta.glob<string>("../../../fixtures/six/**/*.six", {
	query: "?raw",
	import: "default",
	eager: true,
});

export type FixtureFolder =
	| "normal"
	| "old-variant"
	| "crlf"
	| "blank-lines"
	| "invalid-coordinates"
	| "malformed"
	| "duplicate-laps"
	| "flag-zero"
	| "unfinished-last-lap"
	| "empty";

export function fixture(folder: FixtureFolder, file: "lap.six" | "gps.six"): string {
	const text = files[`../../../fixtures/six/${folder}/${file}`];
	if (text === undefined) throw new Error(`fixture ausente: ${folder}/${file}`);
	return text;
}

export const FIXTURE_FOLDERS: readonly FixtureFolder[] = [
	"normal",
	"old-variant",
	"crlf",
	"blank-lines",
	"invalid-coordinates",
	"malformed",
	"duplicate-laps",
	"flag-zero",
	"unfinished-last-lap",
	"empty",
];

export function hasFixture(folder: FixtureFolder, file: "lap.six" | "gps.six"): boolean {
	return files[`../../../fixtures/six/${folder}/${file}`] !== undefined;
}
