/** Gzipped size of the JavaScript a browser fetches to show /login (built files in dist/web). */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser } from "@playwright/test";
import { ROOT } from "./server";

export interface BundleReport {
	files: { file: string; bytes: number; gzipBytes: number }[];
	totalGzipBytes: number;
}

export function gzipSizeOfBuiltFile(urlPath: string): { bytes: number; gzipBytes: number } {
	const content = readFileSync(join(ROOT, "dist/web", urlPath.replace(/^\//, "")));
	return { bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
}

/** Loads /login signed out and adds up every script it fetched, as gzip -9 would send it. */
export async function measureLoginJavaScript(
	browser: Browser,
	baseUrl: string,
): Promise<BundleReport> {
	const context = await browser.newContext();
	const page = await context.newPage();
	const scripts = new Set<string>();
	page.on("response", (response) => {
		const url = new URL(response.url());
		if (url.origin === new URL(baseUrl).origin && url.pathname.endsWith(".js"))
			scripts.add(url.pathname);
	});
	await page.goto(`${baseUrl}/login`);
	await page.getByRole("button", { name: "Login with Google" }).waitFor();
	await page.waitForLoadState("networkidle");
	await context.close();
	const files = [...scripts].sort().map((file) => ({ file, ...gzipSizeOfBuiltFile(file) }));
	return { files, totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}
