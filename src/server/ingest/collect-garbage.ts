import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

let collect: (() => void) | null | undefined;

/**
 * A full garbage collection, now. After a large parse its file bytes and columns (hundreds of MB
 * for a 63 MB `gps.six`) are garbage, but V8 collects them only when it next needs room, which
 * may be in the middle of the next large parse (both then sit in memory) or never, if the server
 * goes quiet (RSS stays high). Collected here, the next parse starts on freed memory and the
 * large buffers go back to the system. The hook is V8's `gc`, exposed for a fresh context only;
 * if the runtime refuses it, this does nothing (memory is then freed as before, only later).
 */
export function collectGarbage(): void {
	if (collect === undefined) {
		try {
			setFlagsFromString("--expose-gc");
			collect = runInNewContext("gc") as () => void;
		} catch {
			collect = null;
		}
	}
	collect?.();
}
