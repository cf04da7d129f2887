/**
 * One lock per key inside this process: callers of the same key run one after the other, in
 * arrival order; different keys do not wait for each other. Entries are dropped when idle.
 */
export class KeyedMutex {
	private readonly tails = new Map<string, Promise<void>>();

	async run<T>(key: string, task: () => Promise<T>): Promise<T> {
		const previous = this.tails.get(key) ?? Promise.resolve();
		let release!: () => void;
		const done = new Promise<void>((resolve) => {
			release = resolve;
		});
		const tail = previous.then(() => done);
		this.tails.set(key, tail);
		await previous;
		try {
			return await task();
		} finally {
			release();
			if (this.tails.get(key) === tail) this.tails.delete(key);
		}
	}
}
