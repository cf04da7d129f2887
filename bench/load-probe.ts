/**
 * What the instances say about themselves during the load benchmark (LOAD_BENCH_PROBE=1): their
 * /metrics read every second, the worst reading of each figure kept. It explains a slow tail:
 * a stalled event loop, queries waiting for a database connection.
 */
export interface ProbeFigures {
	/** Worst event-loop delay p99 and max over the one-second windows, ms. */
	eventLoopP99Ms: number;
	eventLoopMaxMs: number;
	/** Most queries seen waiting for a connection of the main pool. */
	poolWaiting: number;
	samples: number;
}

const FIGURES: Record<string, (f: ProbeFigures, value: number) => void> = {
	nodejs_eventloop_lag_p99_seconds: (f, v) => {
		f.eventLoopP99Ms = Math.max(f.eventLoopP99Ms, Math.round(v * 1000));
	},
	nodejs_eventloop_lag_max_seconds: (f, v) => {
		f.eventLoopMaxMs = Math.max(f.eventLoopMaxMs, Math.round(v * 1000));
	},
	lapsix_db_pool_waiting: (f, v) => {
		f.poolWaiting = Math.max(f.poolWaiting, v);
	},
};

/** Reads every instance's /metrics each second until `until` resolves. */
export async function probeInstances(
	origins: string[],
	token: string,
	until: Promise<unknown>,
): Promise<ProbeFigures[]> {
	const figures = origins.map(() => ({
		eventLoopP99Ms: 0,
		eventLoopMaxMs: 0,
		poolWaiting: 0,
		samples: 0,
	}));
	let done = false;
	void until.finally(() => {
		done = true;
	});
	while (!done) {
		await new Promise((r) => setTimeout(r, 1000));
		await Promise.all(
			origins.map(async (origin, i) => {
				const res = await fetch(`${origin}/metrics`, {
					headers: { authorization: `Bearer ${token}` },
				}).catch(() => null);
				if (!res?.ok) return;
				const f = figures[i]!;
				f.samples += 1;
				for (const line of (await res.text()).split("\n")) {
					const [name, value] = line.split(" ");
					const take = name ? FIGURES[name] : undefined;
					if (take && value !== undefined) take(f, Number(value));
				}
			}),
		);
	}
	return figures;
}

/** CPU seconds used so far by the processes of the benchmark and by the rest of the machine. */
export interface CpuReading {
	byName: Record<string, number>;
	/** Every process of the machine (/proc/stat), for what the others took: not niced, niced. */
	machine: number;
	niced: number;
}

const TICKS_PER_SECOND = 100;

/** utime + stime of one process, in seconds (Linux /proc); 0 when it is gone. */
async function processCpu(pid: number): Promise<number> {
	const { readFile } = await import("node:fs/promises");
	const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
	const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
	return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / TICKS_PER_SECOND;
}

/** The PostgreSQL server's processes (postmaster and backends), summed. */
async function postgresCpu(): Promise<number> {
	const { readdir, readFile } = await import("node:fs/promises");
	let total = 0;
	for (const entry of await readdir("/proc").catch(() => [] as string[])) {
		if (!/^\d+$/.test(entry)) continue;
		const comm = await readFile(`/proc/${entry}/comm`, "utf8").catch(() => "");
		if (comm.trim() === "postgres") total += await processCpu(Number(entry));
	}
	return total;
}

/** CPU of the whole machine: what niced processes took (they yield to ours), and the rest. */
async function machineCpu(): Promise<{ machine: number; niced: number }> {
	const { readFile } = await import("node:fs/promises");
	const line = (await readFile("/proc/stat", "utf8").catch(() => "")).split("\n")[0] ?? "";
	const [, user, nice, system, , , irq, softirq] = line.split(/\s+/).map(Number);
	const busy = (user ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0);
	return { machine: busy / TICKS_PER_SECOND, niced: (nice ?? 0) / TICKS_PER_SECOND };
}

/** Linux only: a reading of the named processes, this process (the load driver) and PostgreSQL. */
export async function readCpu(processes: Record<string, number | undefined>): Promise<CpuReading> {
	const byName: Record<string, number> = {};
	for (const [name, pid] of Object.entries(processes))
		byName[name] = pid === undefined ? 0 : await processCpu(pid);
	byName["load driver"] = await processCpu(process.pid);
	byName.postgres = await postgresCpu();
	return { byName, ...(await machineCpu()) };
}

/** What each took between two readings, and the rest of the machine. */
export function cpuBetween(before: CpuReading, after: CpuReading): Record<string, number> {
	const used: Record<string, number> = {};
	let ours = 0;
	for (const [name, seconds] of Object.entries(after.byName)) {
		used[name] = Math.round((seconds - (before.byName[name] ?? 0)) * 10) / 10;
		ours += used[name]!;
	}
	used["other work on the machine"] = Math.round((after.machine - before.machine - ours) * 10) / 10;
	used["niced work (yields to ours)"] = Math.round((after.niced - before.niced) * 10) / 10;
	return used;
}

/**
 * LOAD_BENCH_PROBE=1: what the instances say (/metrics each second) and the CPU each process took
 * while `load` ran, as lines for the report.
 */
export async function probeLoad(
	origins: string[],
	token: string,
	processes: Record<string, number | undefined>,
	load: Promise<unknown>,
): Promise<string> {
	const before = await readCpu(processes);
	const figures = await probeInstances(origins, token, load);
	const used = cpuBetween(before, await readCpu(processes));
	const lines = figures.map(
		(f, i) =>
			`  instância ${i + 1}: atraso do event loop p99 até ${f.eventLoopP99Ms} ms, máx ${f.eventLoopMaxMs} ms; consultas esperando conexão até ${f.poolWaiting} (${f.samples} leituras)\n`,
	);
	const cpu = Object.entries(used)
		.map(([name, seconds]) => `${name} ${seconds}`)
		.join(", ");
	return `${lines.join("")}  CPU durante a carga (s): ${cpu}\n`;
}
