/**
 * A weighted semaphore over memory: each task weighs an estimate of the bytes it holds at its
 * peak, and tasks run together only while their weights fit the budget. A task heavier than the
 * whole budget still runs, alone (refusing it would refuse a valid file). Waiting tasks start in
 * arrival order: a light task never overtakes a heavy one waiting for room, which would starve it.
 */
export class MemoryBudget {
	private used = 0;
	private running = 0;
	private readonly queue: { weight: number; start: () => void }[] = [];

	constructor(readonly budgetBytes: number) {}

	async run<T>(weight: number, task: () => Promise<T>): Promise<T> {
		await this.acquire(weight);
		try {
			return await task();
		} finally {
			this.used -= weight;
			this.running -= 1;
			this.startWaiting();
		}
	}

	private fits(weight: number): boolean {
		return this.running === 0 || this.used + weight <= this.budgetBytes;
	}

	private acquire(weight: number): Promise<void> {
		if (this.queue.length === 0 && this.fits(weight)) {
			this.take(weight);
			return Promise.resolve();
		}
		return new Promise((resolve) => {
			this.queue.push({ weight, start: resolve });
		});
	}

	private take(weight: number): void {
		this.used += weight;
		this.running += 1;
	}

	private startWaiting(): void {
		while (this.queue.length > 0 && this.fits(this.queue[0]!.weight)) {
			const next = this.queue.shift()!;
			this.take(next.weight);
			next.start();
		}
	}
}
