import { useEffect, useState } from "react";

/**
 * Code loaded apart (a chunk of the build), fetched once and then at hand synchronously.
 *
 * Why not `React.lazy` + `Suspense`: React 19 holds back the content that replaces a Suspense
 * fallback until 300 ms after the fallback appeared, and `lazy` suspends on first render even
 * when its chunk arrived long before (each `import()` resolves in a later microtask). A view
 * opened by a click (the lap comparison) paid those 300 ms every time.
 */
export interface Chunk<T> {
	/** Starts the fetch (once; again after a failure) and resolves with the module. */
	load(): Promise<T>;
	/** The module once loaded, else undefined. */
	loaded(): T | undefined;
}

export function chunk<T>(importer: () => Promise<T>): Chunk<T> {
	let value: T | undefined;
	let pending: Promise<T> | null = null;
	return {
		load() {
			pending ??= importer().then(
				(module) => {
					value = module;
					return module;
				},
				(error: unknown) => {
					// A failed fetch (network, a deploy replacing the hashed files) may pass later.
					pending = null;
					throw error;
				},
			);
			return pending;
		},
		loaded: () => value,
	};
}

export type ChunkState<T> =
	| { kind: "ready"; module: T }
	| { kind: "loading" }
	| { kind: "error"; error: unknown; retry: () => void };

/** The chunk's module, rendered in the same commit when it is already loaded. */
export function useChunk<T>(source: Chunk<T>): ChunkState<T> {
	const [module, setModule] = useState<T | undefined>(source.loaded);
	const [failure, setFailure] = useState<{ error: unknown } | null>(null);
	const [attempt, setAttempt] = useState(0);
	useEffect(() => {
		if (attempt === 0 && source.loaded() !== undefined) return;
		let live = true;
		source.load().then(
			(loaded) => live && setModule(() => loaded),
			(error: unknown) => live && setFailure({ error }),
		);
		return () => {
			live = false;
		};
	}, [source, attempt]);
	if (module !== undefined) return { kind: "ready", module };
	if (failure) {
		return {
			kind: "error",
			error: failure.error,
			retry: () => {
				setFailure(null);
				setAttempt((n) => n + 1);
			},
		};
	}
	return { kind: "loading" };
}
