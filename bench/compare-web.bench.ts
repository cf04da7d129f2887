/**
 * The lap comparison in the built app, in headless Chromium against the browser-test server
 * with the demo data (lap 3 of the 25 Hz Interlagos session against the session's best):
 * - from pressing "Comparar" to every chart and the map drawn (target < 300 ms), with the part
 *   spent waiting for the API (references, both laps' channels) and the part in the browser;
 * - the cursor moving across the charts: one move, the three charts' cursors, the readout and
 *   the map's markers updated and drawn (target < 16 ms a frame), against a baseline measured in
 *   the same run: the measurement's own work with no move (the pixel read back and the layout
 *   read that force the drawing), so the ratio says how much the move itself adds.
 *
 * Run alone: `npm run bench -- compare-web` (WEB_BENCH_PORT changes the port, default 3201).
 */
import { pathToFileURL } from "node:url";
import { type Browser, chromium } from "@playwright/test";
import { ensureWebClientBuilt, startE2eServer } from "./web/server";
import { type FrameStats, signIn, stats } from "./web.bench";

const RIDER = "piloto1@lapsix.example";
const OPEN_TARGET_MS = 300;
const FRAME_TARGET_MS = 16;
const PAGE = "/analytics?track=Interlagos&date=2025-03-15&lap=3";

export interface CompareWebResult {
	openMs: FrameStats;
	apiMs: FrameStats;
	browserMs: FrameStats;
	/** Of which the comparison itself (corners of the track, delta, sectors, corners). */
	computeMs: FrameStats;
	cursorFrameMs: FrameStats;
	/** The same timing with no move: what the measurement itself costs. */
	baselineMs: FrameStats;
	cornerRows: number;
}

export async function runCompareWebBenchmark(
	options: { port?: number; runs?: number } = {},
): Promise<CompareWebResult> {
	const port = options.port ?? Number(process.env.WEB_BENCH_PORT ?? 3201);
	const runs = options.runs ?? 8;
	ensureWebClientBuilt();
	const server = await startE2eServer(port);
	let browser: Browser | null = null;
	try {
		browser = await chromium.launch({
			executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
			args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
		});
		const context = await browser.newContext({
			viewport: { width: 1280, height: 900 },
			deviceScaleFactor: 1,
		});
		await context.addInitScript("window.__name = (fn) => fn");
		const page = await context.newPage();
		await signIn(page, server.baseUrl, RIDER);
		const open: number[] = [];
		const api: number[] = [];
		const browserSide: number[] = [];
		const compute: number[] = [];
		for (let run = 0; run < runs; run++) {
			// A fresh page each run: nothing in the query client, the code from the HTTP cache.
			await page.goto(`${server.baseUrl}${PAGE}`);
			await page.getByTestId("compare-toggle").waitFor({ state: "attached" });
			await page.locator(".analytics-lap canvas").first().waitFor();
			const measured = await page.evaluate(async () => {
				const toggle = document.querySelector<HTMLInputElement>("[data-testid=compare-toggle]")!;
				const start = performance.now();
				toggle.click();
				await new Promise<void>((resolve) => {
					const check = () => {
						const view = document.querySelector<HTMLElement>("[data-testid=compare-view]");
						const map = document.querySelector<HTMLCanvasElement>("[data-testid=compare-map]");
						if (view?.dataset.ready === "true" && Number(map?.dataset.renders ?? 0) > 0) resolve();
						else requestAnimationFrame(check);
					};
					check();
				});
				// Until the frame with the charts is painted.
				await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
				const total = performance.now() - start;
				const requests = performance
					.getEntriesByType("resource")
					.filter(
						(e) => e.startTime >= start && /\/api\//.test(e.name),
					) as PerformanceResourceTiming[];
				// The requests overlap: the time the page waited on the API is their union.
				const spans = requests
					.map((r) => [r.startTime, r.responseEnd] as const)
					.sort((a, b) => a[0] - b[0]);
				let waited = 0;
				let until = start;
				for (const [from, to] of spans) {
					if (to <= until) continue;
					waited += to - Math.max(from, until);
					until = to;
				}
				const computed = performance
					.getEntriesByType("measure")
					.filter((e) => e.name.startsWith("lapsix:") && e.startTime >= start)
					.reduce((sum, e) => sum + e.duration, 0);
				return { total, waited, computed };
			});
			if (run > 0) {
				open.push(measured.total);
				api.push(measured.waited);
				browserSide.push(measured.total - measured.waited);
				compute.push(measured.computed);
			}
		}
		// The cursor: synthetic mouse moves across the speed chart, each timed until the charts,
		// the readout and the map's markers are updated and drawn (a pixel read back forces it).
		const cursor = await page.evaluate(() => {
			const over = document.querySelector<HTMLElement>(
				"[data-testid=compare-chart-speed] .u-over",
			)!;
			const markers = document.querySelector<HTMLCanvasElement>(
				"[data-testid=compare-map-markers]",
			)!;
			const view = document.querySelector<HTMLElement>("[data-testid=compare-view]")!;
			const rect = over.getBoundingClientRect();
			const times: number[] = [];
			const baseline: number[] = [];
			let moved = 0;
			const steps = 240;
			for (let i = 0; i < steps; i++) {
				const x = rect.left + ((i % 120) / 119) * (rect.width - 1);
				const before = view.dataset.cursor;
				const start = performance.now();
				over.dispatchEvent(
					new MouseEvent("mousemove", {
						clientX: x,
						clientY: rect.top + rect.height / 2,
						bubbles: true,
					}),
				);
				markers.getContext("2d")!.getImageData(0, 0, 1, 1);
				void view.offsetHeight;
				times.push(performance.now() - start);
				if (view.dataset.cursor !== before) moved++;
				const idle = performance.now();
				markers.getContext("2d")!.getImageData(0, 0, 1, 1);
				void view.offsetHeight;
				baseline.push(performance.now() - idle);
			}
			return { times, baseline, moved };
		});
		if (cursor.moved < 200)
			throw new Error(`the cursor moved on only ${cursor.moved} of 240 steps`);
		const cornerRows = await page.evaluate(
			() => document.querySelectorAll("[data-testid=compare-corners] tbody tr").length,
		);
		await context.close();
		const result: CompareWebResult = {
			openMs: stats(open),
			apiMs: stats(api),
			browserMs: stats(browserSide),
			computeMs: stats(compute),
			cursorFrameMs: stats(cursor.times.slice(20)),
			baselineMs: stats(cursor.baseline.slice(20)),
			cornerRows,
		};
		printCompareWeb(result);
		return result;
	} finally {
		await browser?.close();
		await server.stop();
	}
}

const verdict = (ok: boolean) => (ok ? "OK" : "ACIMA DA META");

export function printCompareWeb(r: CompareWebResult): void {
	process.stdout.write(
		[
			`comparação "Comparar" -> gráficos e mapa desenhados (volta 3 x melhor, Interlagos 25 Hz): ` +
				`${r.openMs.medianMs} ms mediana, p95 ${r.openMs.p95Ms} ms (meta < ${OPEN_TARGET_MS} ms) ${verdict(r.openMs.p95Ms < OPEN_TARGET_MS)}`,
			`  esperando a API (referências, canais das duas voltas) ${r.apiMs.medianMs} ms mediana; navegador ${r.browserMs.medianMs} ms mediana, p95 ${r.browserMs.p95Ms} ms, dos quais o cálculo da comparação ${r.computeMs.medianMs} ms mediana`,
			`cursor nos gráficos (3 gráficos, leitura e marcadores do mapa): ${r.cursorFrameMs.medianMs} ms mediana, ` +
				`p95 ${r.cursorFrameMs.p95Ms} ms por quadro (meta < ${FRAME_TARGET_MS} ms) ${verdict(r.cursorFrameMs.p95Ms < FRAME_TARGET_MS)}`,
			`  linha de base (a mesma medição sem mover o cursor) ${r.baselineMs.medianMs} ms mediana: o movimento custa ${Math.round((r.cursorFrameMs.medianMs / Math.max(r.baselineMs.medianMs, 0.001)) * 10) / 10}x a base`,
			`  ${r.cornerRows} curvas na tabela`,
		].join("\n") + "\n",
	);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
	runCompareWebBenchmark().catch((error: unknown) => {
		process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
		process.exitCode = 1;
	});
}
