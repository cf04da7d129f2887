import { useCallback, useRef, useState } from "react";

/**
 * Runs a submission at most once at a time. A double click sends its second click before React
 * has re-rendered the button as disabled, so a `disabled={isPending}` alone lets two requests
 * out; the ref here refuses the second one synchronously.
 */
export function useSubmitOnce(): {
	busy: boolean;
	run: <T>(submit: () => Promise<T>) => Promise<T | undefined>;
} {
	const running = useRef(false);
	const [busy, setBusy] = useState(false);
	const run = useCallback(async <T>(submit: () => Promise<T>): Promise<T | undefined> => {
		if (running.current) return undefined;
		running.current = true;
		setBusy(true);
		try {
			return await submit();
		} finally {
			running.current = false;
			setBusy(false);
		}
	}, []);
	return { busy, run };
}
