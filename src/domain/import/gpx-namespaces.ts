/** The XML namespaces the GPX importer reads, by URI (prefixes vary: `gpxtpx`, `tpx`, `ns3`, …). */
export const GPX_11_NS = "http://www.topografix.com/GPX/1/1";
export const GPX_10_NS = "http://www.topografix.com/GPX/1/0";
export const TRACKPOINT_V1_NS = "http://www.garmin.com/xmlschemas/TrackPointExtension/v1";
export const TRACKPOINT_V2_NS = "http://www.garmin.com/xmlschemas/TrackPointExtension/v2";
/**
 * lapsix's own GPX extension: `<lapsix:lean estimated="false">-12.5</lapsix:lean>` inside a
 * `trkpt`'s `extensions`, degrees, positive to the right; `estimated="true"` when the lean was
 * estimated from the path rather than measured.
 */
export const LAPSIX_GPX_NS = "https://lapsix.app/xmlns/gpx/1";

export const NS_OTHER = 0;
export const NS_GPX = 1;
export const NS_GPX10 = 2;
export const NS_TPX = 3;
export const NS_LAPSIX = 4;

export function namespaceId(uri: string): number {
	switch (uri.trim()) {
		case GPX_11_NS:
			return NS_GPX;
		case GPX_10_NS:
			return NS_GPX10;
		case TRACKPOINT_V1_NS:
		case TRACKPOINT_V2_NS:
			return NS_TPX;
		case LAPSIX_GPX_NS:
			return NS_LAPSIX;
		default:
			return NS_OTHER;
	}
}
