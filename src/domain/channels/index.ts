export { type CutPoint, cutAt, lapChannelsBetween, lapChannelsOfRange } from "./build";
export type { DecodeErrorReason } from "./bytes";
export {
	decodeLapChannels,
	encodeLapChannels,
	LAP_CHANNELS_VERSION,
	LapChannelsDecodeError,
	lapChannelsVersion,
} from "./codec";
export { type DerivedColumns, deriveColumns } from "./derive";
export { estimateLean } from "./lean-estimate";
export type * from "./types";
