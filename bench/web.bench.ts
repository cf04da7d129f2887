/**
 * Web client benchmark (PERFORMANCE.md), in headless Chromium against the browser-test server
 * with the demo data:
 * - /laps: from choosing the session in "Pista:"/"Data:" to its lap table drawn (target < 200 ms);
 * - the track canvas: one drag-rotate frame of a 5,000-point lap (target < 8 ms) and of a
 *   90,000-point session (target < 16 ms), against a naive full redraw measured in the same run;
 * - the JavaScript /login downloads, gzipped (target < 150 KB).
 *
 * Run alone: `npx tsx bench/web.bench.ts` (builds the client, starts the server on port 3200;
 * WEB_BENCH_PORT changes it).
 */
import { pathToFileURL } from "node:url";
import { type Browser, chromium, type Page } from "@playwright/test";
import { measureLoginJavaScript } from "./web/login-bundle";
import {
	buildBenchWebClient,
	ensureWebClientBuilt,
	serveBenchClient,
	startE2eServer,
} from "./web/server";
import { syntheticLap, syntheticSession } from "./web/synthetic-paths";

export interface FrameStats {
	medianMs: number;
	p95Ms: number;
	samples: number;
}

export interface WebBenchResult {
	laps: {
		track: string;
		folder: string;
		lapCount: number;
		/** Choice to table painted. */
		loadMs: FrameStats;
		/** Of which the GET /api/sessions/:id request (server and network). */
		apiMs: FrameStats;
		/** The rest: the browser's work (parse, React render, layout, paint). */
		clientMs: FrameStats;
		targetMs: number;
	};
	canvas: {
		points: number;
		dragFrame: FrameStats;
		naiveFrame: FrameStats;
		sharpFrame: FrameStats;
		/** Naive frame / drag frame (how many times faster the drag frame is). */
		speedup: number;
		targetMs: number;
	}[];
	loginJs: { totalGzipKB: number; targetKB: number; files: { file: string; gzipKB: number }[] };
}

const RIDER = "piloto1@lapsix.example";
const LAPS_TARGET_MS = 200;
const LOGIN_JS_TARGET_KB = 150;

export function stats(samples: number[]): FrameStats {
	const sorted = [...samples].sort((a, b) => a - b);
	const at = (q: number) =>
		sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
	return { medianMs: round(at(0.5)), p95Ms: round(at(0.95)), samples: samples.length };
}

function round(value: number, digits = 2): number {
	const f = 10 ** digits;
	return Math.round(value * f) / f;
}

export async function signIn(page: Page, baseUrl: string, email: string): Promise<void> {
	await page.goto(`${baseUrl}/login`);
	const popupOpened = page.waitForEvent("popup");
	await page.getByRole("button", { name: "Login with Google" }).click();
	const popup = await popupOpened;
	await popup.getByLabel("E-mail").fill(email);
	await popup.getByRole("button", { name: "Entrar", exact: true }).click();
	await page.waitForURL(/\/(user|enroll)(\?|#|$)/, { timeout: 30_000 });
}

interface TreeResponse {
	tracks: {
		track: string;
		dates: { sessionId: string; date: string; folder: string; laps: unknown[] }[];
	}[];
}

async function benchLaps(page: Page, baseUrl: string, runs = 7): Promise<WebBenchResult["laps"]> {
	const tree = (await (
		await page.request.get(`${baseUrl}/api/sessions/tree`)
	).json()) as TreeResponse;
	let largest: {
		track: string;
		sessionId: string;
		date: string;
		folder: string;
		lapCount: number;
	} | null = null;
	for (const track of tree.tracks) {
		for (const date of track.dates) {
			if (!largest || date.laps.length > largest.lapCount) {
				largest = {
					track: track.track,
					sessionId: date.sessionId,
					date: date.date,
					folder: date.folder,
					lapCount: date.laps.length,
				};
			}
		}
	}
	if (!largest) throw new Error("the demo rider has no session");
	// The page starts on another session; the measured choice is the select that leads to the
	// largest one: "Data:" when its track has other dates, else "Pista:" (which shows the track's
	// most recent date).
	const sameTrack = tree.tracks.find((t) => t.track === largest.track)!.dates;
	const otherDate = sameTrack.find((d) => d.sessionId !== largest.sessionId);
	const start = otherDate
		? { track: largest.track, date: otherDate.date }
		: (() => {
				const other = tree.tracks.find((t) => t.track !== largest.track);
				if (!other) throw new Error("the bench needs a second session");
				return { track: other.track, date: other.dates[0]!.date };
			})();
	const mostRecentOfTrack = [...sameTrack].sort((a, b) => b.date.localeCompare(a.date))[0]!;
	if (!otherDate && mostRecentOfTrack.sessionId !== largest.sessionId)
		throw new Error("the largest session is not its track's most recent");
	const samples: number[] = [];
	const apiSamples: number[] = [];
	const clientSamples: number[] = [];
	for (let run = 0; run < runs; run++) {
		// A fresh page each run: nothing cached in the query client.
		const query = new URLSearchParams({ track: start.track, date: start.date });
		await page.goto(`${baseUrl}/laps?${query}`);
		await page.getByTestId("lap-table").waitFor();
		const { ms, apiMs } = await page.evaluate(
			async ({ expected, sessionId, label, value }) => {
				const labelElement = [...document.querySelectorAll("label")].find(
					(l) => l.textContent?.trim() === label,
				);
				const select = document.getElementById(labelElement?.htmlFor ?? "") as HTMLSelectElement;
				if (!select) throw new Error(`no ${label} select`);
				const start = performance.now();
				select.value = value;
				select.dispatchEvent(new Event("change", { bubbles: true }));
				await new Promise<void>((resolve) => {
					const check = () => {
						if (document.querySelectorAll("[data-testid=lap-table] tbody tr").length === expected)
							resolve();
						else requestAnimationFrame(check);
					};
					check();
				});
				// Until the frame with the table is painted.
				await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
				const total = performance.now() - start;
				const api = performance
					.getEntriesByType("resource")
					.filter((e) => e.name.endsWith(`/api/sessions/${sessionId}`) && e.startTime >= start)
					.map((e) => (e as PerformanceResourceTiming).responseEnd - e.startTime)[0];
				return { ms: total, apiMs: api ?? Number.NaN };
			},
			{
				expected: largest.lapCount,
				sessionId: largest.sessionId,
				label: otherDate ? "Data:" : "Pista:",
				value: otherDate ? largest.date : largest.track,
			},
		);
		// The first run warms up the page's code.
		if (run > 0) {
			samples.push(ms);
			apiSamples.push(apiMs);
			clientSamples.push(ms - apiMs);
		}
	}
	return {
		track: largest.track,
		folder: largest.folder,
		lapCount: largest.lapCount,
		loadMs: stats(samples),
		apiMs: stats(apiSamples),
		clientMs: stats(clientSamples),
		targetMs: LAPS_TARGET_MS,
	};
}

async function benchCanvas(page: Page, baseUrl: string): Promise<WebBenchResult["canvas"]> {
	// The hook is only in the bench build, served to this page in place of the production one.
	await serveBenchClient(page, baseUrl);
	await page.goto(`${baseUrl}/make`);
	await page.waitForFunction(() => window.__lapsixBench !== undefined);
	const cases = [
		{ paths: [syntheticLap(5000)], targetMs: 8, frames: 120, naive: 30 },
		{ paths: syntheticSession(18, 5000), targetMs: 16, frames: 120, naive: 10 },
	];
	const results: WebBenchResult["canvas"] = [];
	for (const c of cases) {
		const points = await page.evaluate((paths) => window.__lapsixBench!.setPaths(paths), c.paths);
		const measured = await page.evaluate(
			({ frames, naive }) => {
				const bench = window.__lapsixBench!;
				const sharp: number[] = [];
				for (let i = 0; i < 5; i++) sharp.push(bench.sharpFrame());
				const drag: number[] = [];
				for (let i = 0; i < 10; i++) bench.dragFrame(3);
				for (let i = 0; i < frames; i++) drag.push(bench.dragFrame(3));
				const naiveTimes: number[] = [];
				for (let i = 0; i < naive; i++) naiveTimes.push(bench.naiveFrame(3));
				return { drag, naiveTimes, sharp };
			},
			{ frames: c.frames, naive: c.naive },
		);
		const dragFrame = stats(measured.drag);
		const naiveFrame = stats(measured.naiveTimes);
		results.push({
			points,
			dragFrame,
			naiveFrame,
			sharpFrame: stats(measured.sharp),
			speedup: round(naiveFrame.medianMs / Math.max(dragFrame.medianMs, 0.01), 1),
			targetMs: c.targetMs,
		});
	}
	return results;
}

function verdict(ok: boolean): string {
	return ok ? "OK" : "ACIMA DA META";
}

export function printWebBenchmark(result: WebBenchResult): void {
	const lines: string[] = [];
	const l = result.laps;
	lines.push(
		`/laps escolha da sessão -> tabela: ${l.loadMs.medianMs} ms mediana, p95 ${l.loadMs.p95Ms} ms ` +
			`(${l.lapCount} voltas, ${l.track} ${l.folder}; meta < ${l.targetMs} ms) ${verdict(l.loadMs.p95Ms < l.targetMs)}`,
		`  dos quais GET /api/sessions/:id ${l.apiMs.medianMs} ms mediana; navegador (JSON, render, pintura) ${l.clientMs.medianMs} ms mediana, p95 ${l.clientMs.p95Ms} ms`,
	);
	for (const c of result.canvas) {
		lines.push(
			`canvas ${c.points} pontos: quadro de arrasto ${c.dragFrame.medianMs} ms mediana, p95 ${c.dragFrame.p95Ms} ms ` +
				`(meta < ${c.targetMs} ms) ${verdict(c.dragFrame.p95Ms < c.targetMs)}; redesenho ingênuo ${c.naiveFrame.medianMs} ms ` +
				`(${c.speedup}x mais lento); redesenho nítido ao soltar ${c.sharpFrame.medianMs} ms`,
		);
	}
	const j = result.loginJs;
	lines.push(
		`JavaScript inicial de /login: ${j.totalGzipKB} KB gzip (meta < ${j.targetKB} KB) ${verdict(j.totalGzipKB < j.targetKB)}`,
	);
	for (const f of j.files) lines.push(`  ${f.file}: ${f.gzipKB} KB`);
	process.stdout.write(`${lines.join("\n")}\n`);
}

export async function runWebBenchmark(
	options: { port?: number; build?: boolean } = {},
): Promise<WebBenchResult> {
	const port = options.port ?? Number(process.env.WEB_BENCH_PORT ?? 3200);
	if (options.build ?? true) {
		ensureWebClientBuilt();
		buildBenchWebClient();
	}
	const server = await startE2eServer(port);
	let browser: Browser | null = null;
	try {
		browser = await chromium.launch({
			executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
			args: [
				"--no-sandbox",
				"--disable-gpu",
				"--no-first-run",
				"--disable-background-networking",
				"--disable-sync",
			],
		});
		const bundle = await measureLoginJavaScript(browser, server.baseUrl);
		const context = await browser.newContext({
			viewport: { width: 1280, height: 900 },
			deviceScaleFactor: 1,
		});
		// tsx compiles with keepNames: functions passed to page.evaluate may call its `__name`.
		await context.addInitScript("window.__name = (fn) => fn");
		const page = await context.newPage();
		await signIn(page, server.baseUrl, RIDER);
		const laps = await benchLaps(page, server.baseUrl);
		const canvas = await benchCanvas(page, server.baseUrl);
		await context.close();
		const result: WebBenchResult = {
			laps,
			canvas,
			loginJs: {
				totalGzipKB: round(bundle.totalGzipBytes / 1024, 1),
				targetKB: LOGIN_JS_TARGET_KB,
				files: bundle.files.map((f) => ({ file: f.file, gzipKB: round(f.gzipBytes / 1024, 1) })),
			},
		};
		printWebBenchmark(result);
		return result;
	} finally {
		await browser?.close();
		await server.stop();
	}
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
	runWebBenchmark().catch((error: unknown) => {
		process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
		process.exitCode = 1;
	});
}
