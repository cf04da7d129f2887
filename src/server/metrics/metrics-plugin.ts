import { createHash, timingSafeEqual } from "node:crypto";
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Actor } from "../auth/actor";
import {
	INGEST_CHANNEL,
	type IngestEvent,
	UPLOAD_CHANNEL,
	type UploadEvent,
} from "../ingest/ingest-events";
import { pendingIngestFigures } from "../repositories/metrics-repository";

/**
 * /metrics in Prometheus text format, for a scraper holding METRICS_TOKEN (policy "metrics":
 * `Authorization: Bearer <token>`; without the variable nobody may read it). On the app's own
 * port, so it works behind the same proxy and in containers; the token keeps it private.
 *
 * - lapsix_http_request_duration_seconds{method,route,status_code}: route is the pattern
 *   (`/api/sessions/:sessionId`), never the raw URL, so the number of series stays bounded;
 * - lapsix_ingest_duration_seconds{result}, lapsix_ingest_failures_total{result};
 * - lapsix_upload_bytes_total{file}, lapsix_uploads_total{file,changed};
 * - lapsix_db_pool_connections{state}, lapsix_db_pool_waiting;
 * - lapsix_queue_depth{queue}, lapsix_queue_oldest_age_seconds{queue}: see QueueFigures;
 * - Node's process metrics (process_*, nodejs_*).
 */

export interface QueueFigures {
	depth: number;
	/** Age of the oldest waiting item; null when nothing waits. */
	oldestAgeSeconds: number | null;
}

/**
 * The waiting work, per queue, read at each scrape. Today ingest runs in the upload request and
 * the only queue is the sessions pending an ingest (received before a crash, or failing); a job
 * queue gives its own figures here (one entry per queue name).
 */
export type QueueFiguresSource = () => Promise<Record<string, QueueFigures>>;

export interface MetricsPluginOptions {
	queues?: QueueFiguresSource;
}

const MONITOR: Actor = Object.freeze({ kind: "monitor" });

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest();

async function metrics(app: FastifyInstance, options: MetricsPluginOptions) {
	const { config, database } = app.deps;
	const registry = new Registry();
	collectDefaultMetrics({ register: registry });

	const httpDuration = new Histogram({
		name: "lapsix_http_request_duration_seconds",
		help: "Time to answer an HTTP request, by route pattern and status",
		labelNames: ["method", "route", "status_code"] as const,
		buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
		registers: [registry],
	});
	const ingestDuration = new Histogram({
		name: "lapsix_ingest_duration_seconds",
		help: "Time to ingest a session (parse, analyse, write a version), by result",
		labelNames: ["result"] as const,
		buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
		registers: [registry],
	});
	const ingestFailures = new Counter({
		name: "lapsix_ingest_failures_total",
		help: "Ingests that failed: files that could not be used (failed) or an error (error)",
		labelNames: ["result"] as const,
		registers: [registry],
	});
	const uploadBytes = new Counter({
		name: "lapsix_upload_bytes_total",
		help: "Bytes of logger files received and stored",
		labelNames: ["file"] as const,
		registers: [registry],
	});
	const uploads = new Counter({
		name: "lapsix_uploads_total",
		help: "Logger files received; changed=false for a repeated upload of the same bytes",
		labelNames: ["file", "changed"] as const,
		registers: [registry],
	});
	new Gauge({
		name: "lapsix_db_pool_connections",
		help: "Database connections: max, open and idle",
		labelNames: ["state"] as const,
		registers: [registry],
		collect() {
			const stats = database.poolStats?.();
			if (!stats) return;
			this.set({ state: "max" }, stats.max);
			this.set({ state: "open" }, stats.open);
			this.set({ state: "idle" }, stats.idle);
		},
	});
	new Gauge({
		name: "lapsix_db_pool_waiting",
		help: "Queries waiting for a database connection",
		registers: [registry],
		collect() {
			const stats = database.poolStats?.();
			if (stats) this.set(stats.waiting);
		},
	});

	const queues: QueueFiguresSource =
		options.queues ?? (async () => ({ ingest: await pendingIngestFigures(app.deps.db) }));
	// Both queue gauges are collected at once in a scrape: they share one reading per scrape.
	let reading: Promise<Record<string, QueueFigures>> | null = null;
	const readQueues = () => {
		reading ??= queues().catch((err: unknown) => {
			app.log.error({ err }, "metrics: queue figures unavailable");
			return {};
		});
		return reading;
	};
	new Gauge({
		name: "lapsix_queue_depth",
		help: "Work waiting, by queue (ingest: sessions whose files are not parsed yet)",
		labelNames: ["queue"] as const,
		registers: [registry],
		async collect() {
			const figures = await readQueues();
			this.reset();
			for (const [queue, value] of Object.entries(figures)) this.set({ queue }, value.depth);
		},
	});
	new Gauge({
		name: "lapsix_queue_oldest_age_seconds",
		help: "Age of the oldest waiting item, by queue (0 when none waits)",
		labelNames: ["queue"] as const,
		registers: [registry],
		async collect() {
			const figures = await readQueues();
			this.reset();
			for (const [queue, value] of Object.entries(figures))
				this.set({ queue }, value.oldestAgeSeconds ?? 0);
		},
	});

	const onIngest = (message: unknown) => {
		const event = message as IngestEvent;
		ingestDuration.observe({ result: event.result }, event.seconds);
		if (event.result === "failed" || event.result === "error")
			ingestFailures.inc({ result: event.result });
	};
	const onUpload = (message: unknown) => {
		const event = message as UploadEvent;
		uploads.inc({ file: event.file, changed: String(event.changed) });
		if (event.changed) uploadBytes.inc({ file: event.file }, event.bytes);
	};
	subscribe(INGEST_CHANNEL, onIngest);
	subscribe(UPLOAD_CHANNEL, onUpload);
	app.addHook("onClose", async () => {
		unsubscribe(INGEST_CHANNEL, onIngest);
		unsubscribe(UPLOAD_CHANNEL, onUpload);
	});

	app.addHook("onResponse", async (request, reply) => {
		httpDuration.observe(
			{
				method: request.method,
				route: request.routeOptions.url ?? "unmatched",
				status_code: String(reply.statusCode),
			},
			reply.elapsedTime / 1000,
		);
	});

	const expected = config.metricsToken ? sha256(config.metricsToken) : null;
	app.authenticators.metrics = async (request: FastifyRequest) => {
		const header = request.headers.authorization;
		if (!expected || typeof header !== "string") return null;
		const match = /^Bearer\s+(\S+)$/i.exec(header);
		if (!match?.[1]) return null;
		return timingSafeEqual(sha256(match[1]), expected) ? MONITOR : null;
	};

	app.get("/metrics", { config: { policy: "metrics" } }, async (_request, reply) => {
		reading = null;
		const text = await registry.metrics();
		return reply.header("cache-control", "no-store").type(registry.contentType).send(text);
	});
}

export const metricsPlugin = fp(metrics, { name: "metrics", dependencies: ["access-control"] });
