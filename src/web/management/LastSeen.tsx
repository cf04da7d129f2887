import { formatAbsoluteTime, formatRelativeTime, NEVER_SEEN } from "./relative-time";

/** "Up": the last contact as a relative time, with the exact instant as a tooltip. */
export function LastSeen({ at, now }: { at: string | null; now: Date }) {
	if (!at) return <>{NEVER_SEEN}</>;
	return (
		<time dateTime={at} title={formatAbsoluteTime(at)}>
			{formatRelativeTime(at, now)}
		</time>
	);
}
