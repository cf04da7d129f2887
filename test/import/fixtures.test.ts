/**
 * The fixture corpus of `fixtures/import/`: the committed files are what the generator
 * writes (so the tests built from `test-files.ts` read the very same bytes), and what each
 * imports to, as a snapshot to read.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importRecording } from "../../src/domain/import/import-recording";
import { fixtureBytes, fixturePaths } from "../../src/domain/import/test-files";
import { summarise } from "../../src/domain/import/test-support";

const root = join(dirname(fileURLToPath(import.meta.url)), "../../fixtures/import");

describe("import fixtures", () => {
	for (const path of fixturePaths()) {
		it(`${path}: the committed file is the generator's, and imports as recorded`, () => {
			const onDisk = new Uint8Array(readFileSync(join(root, path)));
			expect(
				Buffer.compare(onDisk, fixtureBytes(path)),
				"npx tsx fixtures/import/generate.ts",
			).toBe(0);
			expect(summarise(importRecording(onDisk, path))).toMatchSnapshot();
		});
	}
});
