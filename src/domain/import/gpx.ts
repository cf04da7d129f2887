import type { Recording } from "../recording/types";
import { decodeText, NUMBER_OK, numberStatus, quoteBytes, readNumber } from "./bytes";
import { capacityFor, FixesBuilder } from "./fixes-builder";
import {
	POINT_COURSE,
	POINT_ELE,
	POINT_ESTIMATED_LEAN,
	POINT_LAT,
	POINT_LEAN,
	POINT_LON,
	POINT_SPEED_MPS,
	POINT_TIME,
	PointTemplate,
	readPointFast,
} from "./gpx-fast";
import {
	GPX_10_NS,
	GPX_11_NS,
	LAPSIX_GPX_NS,
	NS_GPX,
	NS_GPX10,
	NS_LAPSIX,
	NS_OTHER,
	NS_TPX,
	namespaceId,
	TRACKPOINT_V1_NS,
	TRACKPOINT_V2_NS,
} from "./gpx-namespaces";
import { isoZoneMissing, readIsoTime } from "./iso-time";
import { dropImplausibleFixes } from "./plausibility";
import { ImportReport } from "./report";
import { bomLength } from "./text";
import {
	asciiBytes,
	decodeXmlText,
	XML_EOF,
	XML_ERROR,
	XML_START,
	XML_TEXT,
	XmlTokenizer,
} from "./xml-tokenizer";

export { GPX_10_NS, GPX_11_NS, LAPSIX_GPX_NS, TRACKPOINT_V1_NS, TRACKPOINT_V2_NS };

const N_GPX = asciiBytes("gpx");
const N_TRK = asciiBytes("trk");
const N_TRKSEG = asciiBytes("trkseg");
const N_TRKPT = asciiBytes("trkpt");
const N_ELE = asciiBytes("ele");
const N_TIME = asciiBytes("time");
const N_SPEED = asciiBytes("speed");
const N_COURSE = asciiBytes("course");
const N_LEAN = asciiBytes("lean");
const N_NAME = asciiBytes("name");
const N_METADATA = asciiBytes("metadata");
const N_RTEPT = asciiBytes("rtept");
const N_WPT = asciiBytes("wpt");
const A_LAT = asciiBytes("lat");
const A_LON = asciiBytes("lon");
const A_CREATOR = asciiBytes("creator");
const A_ESTIMATED = asciiBytes("estimated");

const FIELD_NONE = 0;
const FIELD_ELE = 1;
const FIELD_TIME = 2;
const FIELD_SPEED = 3;
const FIELD_COURSE = 4;
const FIELD_LEAN = 5;
const FIELD_NAME = 6;

/** Prefix bindings in scope: `xmlns:p="uri"` (prefix "" for the default namespace). */
interface Binding {
	depth: number;
	prefix: string;
	ns: number;
}

/**
 * GPX 1.1 (and 1.0) tracks: every `trkpt` with its time becomes a fix; `ele`, the speed and
 * course of Garmin's TrackPointExtension (v1 or v2) or GPX 1.0's own `speed`/`course`, and
 * lapsix's measured lean. Elements are matched by namespace URI and local name, whatever the
 * prefix. Segments and tracks are put in time order (a segment that starts earlier comes
 * first); a point whose time does not advance is dropped and reported. An estimated lean
 * (`estimated="true"`) is not a measurement: it is left out, and lapsix estimates it again
 * from the path. Routes and waypoints have no times of a ride: counted and set aside.
 */
export function importGpx(
	bytes: Uint8Array,
	fileName: string,
	options: { fastPath?: boolean } = {},
): Recording {
	// Local copies: imported constants can cost a getter call per use in the loops.
	const OK = NUMBER_OK;
	const START = XML_START;
	const TEXT = XML_TEXT;
	const EOF = XML_EOF;
	const ERROR = XML_ERROR;
	const report = new ImportReport(fileName);
	const tokens = new XmlTokenizer(bytes, bomLength(bytes));
	const fixes = new FixesBuilder(
		{ lean: true, extra: ["headingDeg", "altitudeM"] },
		capacityFor(bytes.length, 200),
	);
	const heading = fixes.slot("headingDeg");
	const altitude = fixes.slot("altitudeM");
	const bindings: Binding[] = [];
	const segmentStarts: number[] = [];
	let device: string | null = null;
	let trackName: string | null = null;
	let metadataName: string | null = null;
	let sawGpx = false;
	let inMetadata = false;
	let trkDepth = -1;
	let pointDepth = -1;
	let pointOk = false;
	let pointLine = 0;
	let pointTime = Number.NaN;
	let field = FIELD_NONE;
	let fieldDepth = -1;
	let leanEstimated = false;
	let estimatedLeans = 0;
	let setAside = 0;
	let zoneMissingAt = 0;

	const resolve = (prefixStart: number, prefixEnd: number): number => {
		for (let i = bindings.length - 1; i >= 0; i--) {
			const b = bindings[i]!;
			if (b.prefix.length !== prefixEnd - prefixStart) continue;
			let same = true;
			for (let k = 0; k < b.prefix.length; k++) {
				if (bytes[prefixStart + k] !== b.prefix.charCodeAt(k)) {
					same = false;
					break;
				}
			}
			if (same) return b.ns;
		}
		return NS_OTHER;
	};

	/** Depth of the open trkseg (-1: none), and the name its trkpts are written with. */
	let segDepth = -1;
	let pointName: Uint8Array | null = null;
	const point = new Float64Array(8);
	let template: PointTemplate | null = null;
	// The hot paths read exactly what the tokens give (a property test compares both).
	const fastPath = options.fastPath !== false;
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	/** Line of byte `lineKnownAt` (the end of the last point the template read), or -1. */
	let lineKnownAt = -1;
	let lineKnown = 0;

	for (;;) {
		// The hot path: a whole trkpt of the common shape, read without tokens.
		if (fastPath && pointName !== null && pointDepth < 0 && tokens.depth === segDepth) {
			let q = tokens.pos;
			let lineEnds = 0;
			for (;;) {
				const b = bytes[q];
				if (b === 10) lineEnds++;
				else if (b !== 32 && b !== 13 && b !== 9) break;
				q++;
			}
			if (bytes[q] === 60 && startsWithName(bytes, q + 1, pointName)) {
				const matched: number = template ? template.match(bytes, view, q, point) : -1;
				let end: number = matched;
				if (end < 0) {
					end = readPointFast(bytes, q, resolve, point);
					template = end > 0 ? PointTemplate.ofLastPoint(bytes, q, end) : null;
				}
				const lat = point[POINT_LAT]!;
				const lon = point[POINT_LON]!;
				if (
					end > 0 &&
					lat >= -90 &&
					lat <= 90 &&
					lon >= -180 &&
					lon <= 180 &&
					(lat !== 0 || lon !== 0)
				) {
					const i = fixes.next();
					fixes.timeMs[i] = point[POINT_TIME]!;
					fixes.lat[i] = lat;
					fixes.lon[i] = lon;
					// After a point the template read, the line is counted here: no search for
					// line ends in the bytes it already compared.
					let line: number;
					if (lineKnownAt === tokens.pos) {
						line = lineKnown + lineEnds;
						tokens.setLineAt(q, line);
					} else line = tokens.lineAt(q);
					if (matched > 0) {
						lineKnownAt = end;
						lineKnown = line + template!.lineEnds;
					} else lineKnownAt = -1;
					fixes.line[i] = line;
					fixes.speedKmh[i] = point[POINT_SPEED_MPS]! * 3.6;
					fixes.leanDeg![i] = point[POINT_LEAN]!;
					fixes.extra[heading]![i] = point[POINT_COURSE]!;
					fixes.extra[altitude]![i] = point[POINT_ELE]!;
					estimatedLeans += point[POINT_ESTIMATED_LEAN]!;
					fixes.commit();
					tokens.pos = end;
					continue;
				}
			}
		}
		const token = tokens.next();
		if (token === EOF) break;
		if (token === ERROR) {
			report.reject(
				tokens.lineAt(tokens.tokenStart),
				`XML malformado: ${tokens.error}; o resto do arquivo foi ignorado`,
			);
			break;
		}
		if (token === START) {
			const depth = tokens.depth;
			// Namespace declarations of this element (rare: only then are strings made).
			for (let a = 0; a < tokens.attributeCount; a++) {
				const s = tokens.attrNameStart[a]!;
				const e = tokens.attrNameEnd[a]!;
				if (e - s < 5 || bytes[s] !== 120 || decodeText(bytes, s, s + 5) !== "xmlns") continue;
				if (e - s === 5 || bytes[s + 5] === 58) {
					bindings.push({
						depth,
						prefix: e - s === 5 ? "" : decodeText(bytes, s + 6, e),
						ns: namespaceId(
							decodeXmlText(bytes, tokens.attrValueStart[a]!, tokens.attrValueEnd[a]!),
						),
					});
				}
			}
			const ns = tokens.colon >= 0 ? resolve(tokens.nameStart, tokens.colon) : resolve(0, 0);
			const gpxNs = ns === NS_GPX || ns === NS_GPX10;
			if (pointDepth >= 0) {
				if (gpxNs && tokens.localNameIs(N_ELE)) field = FIELD_ELE;
				else if (gpxNs && tokens.localNameIs(N_TIME)) field = FIELD_TIME;
				else if ((ns === NS_TPX || gpxNs) && tokens.localNameIs(N_SPEED)) field = FIELD_SPEED;
				else if ((ns === NS_TPX || gpxNs) && tokens.localNameIs(N_COURSE)) field = FIELD_COURSE;
				else if (ns === NS_LAPSIX && tokens.localNameIs(N_LEAN)) {
					field = FIELD_LEAN;
					const at = tokens.attribute(A_ESTIMATED);
					leanEstimated =
						at >= 0 &&
						decodeText(bytes, tokens.attrValueStart[at]!, tokens.attrValueEnd[at]!).trim() ===
							"true";
				} else field = FIELD_NONE;
				fieldDepth = field === FIELD_NONE ? -1 : depth;
				continue;
			}
			if (!gpxNs) continue;
			if (tokens.localNameIs(N_TRKPT)) {
				if (depth === segDepth + 1) pointName = bytes.slice(tokens.nameStart, tokens.nameEnd);
				pointDepth = depth;
				pointLine = tokens.lineAt(tokens.tokenStart);
				pointTime = Number.NaN;
				const i = fixes.next();
				fixes.clearRow(i);
				const latAt = tokens.attribute(A_LAT);
				const lonAt = tokens.attribute(A_LON);
				const lat =
					latAt < 0
						? Number.NaN
						: readNumber(bytes, tokens.attrValueStart[latAt]!, tokens.attrValueEnd[latAt]!);
				const latOk = numberStatus() === OK;
				const lon =
					lonAt < 0
						? Number.NaN
						: readNumber(bytes, tokens.attrValueStart[lonAt]!, tokens.attrValueEnd[lonAt]!);
				const lonOk = numberStatus() === OK;
				pointOk =
					latAt >= 0 &&
					lonAt >= 0 &&
					latOk &&
					lonOk &&
					lat >= -90 &&
					lat <= 90 &&
					lon >= -180 &&
					lon <= 180;
				if (pointOk && lat === 0 && lon === 0) pointOk = false;
				if (!pointOk) {
					report.reject(pointLine, "trkpt sem lat/lon válidos: ponto ignorado");
				}
				fixes.lat[i] = lat;
				fixes.lon[i] = lon;
				fixes.line[i] = pointLine;
			} else if (tokens.localNameIs(N_TRKSEG)) {
				segDepth = depth;
				segmentStarts.push(fixes.length);
			} else if (tokens.localNameIs(N_TRK)) {
				trkDepth = depth;
				segmentStarts.push(fixes.length);
			} else if (tokens.localNameIs(N_NAME) && (inMetadata || depth === trkDepth + 1)) {
				field = FIELD_NAME;
				fieldDepth = depth;
			} else if (tokens.localNameIs(N_METADATA)) {
				inMetadata = true;
			} else if (tokens.localNameIs(N_RTEPT) || tokens.localNameIs(N_WPT)) {
				setAside++;
			} else if (tokens.localNameIs(N_GPX) && depth === 1) {
				sawGpx = true;
				const at = tokens.attribute(A_CREATOR);
				if (at >= 0)
					device =
						decodeXmlText(bytes, tokens.attrValueStart[at]!, tokens.attrValueEnd[at]!).trim() ||
						null;
			}
			continue;
		}
		if (token === TEXT) {
			if (field === FIELD_NONE) continue;
			const s = tokens.textStart;
			const e = tokens.textEnd;
			const i = fixes.length;
			if (field === FIELD_TIME) {
				pointTime = readIsoTime(bytes, s, e);
				if (Number.isNaN(pointTime)) {
					report.reject(tokens.lineAt(s), `time ilegível: ${quoteBytes(bytes, s, e)}`);
				} else if (isoZoneMissing() && zoneMissingAt === 0) zoneMissingAt = tokens.lineAt(s);
			} else if (field === FIELD_NAME) {
				const name = decodeXmlText(bytes, s, e).trim();
				if (name !== "") {
					if (inMetadata) metadataName ??= name;
					else trackName ??= name;
				}
			} else {
				const value = readNumber(bytes, s, e);
				if (numberStatus() !== OK) {
					report.reject(
						tokens.lineAt(s),
						`valor ilegível ${quoteBytes(bytes, s, e)}; ponto mantido sem ele`,
					);
				} else if (field === FIELD_ELE) fixes.extra[altitude]![i] = value;
				else if (field === FIELD_SPEED) fixes.speedKmh[i] = value * 3.6;
				else if (field === FIELD_COURSE) fixes.extra[heading]![i] = value;
				else if (field === FIELD_LEAN) {
					if (leanEstimated) estimatedLeans++;
					else fixes.leanDeg![i] = value;
				}
			}
			continue;
		}
		// END
		const depth = tokens.depth + 1;
		while (bindings.length > 0 && bindings[bindings.length - 1]!.depth === depth) bindings.pop();
		if (depth === fieldDepth) {
			field = FIELD_NONE;
			fieldDepth = -1;
		} else if (depth === pointDepth) {
			pointDepth = -1;
			if (!pointOk) continue;
			if (Number.isNaN(pointTime)) {
				report.reject(pointLine, "trkpt sem time válido: ponto ignorado");
				continue;
			}
			fixes.timeMs[fixes.length] = pointTime;
			fixes.commit();
		} else if (depth === segDepth) {
			segDepth = -1;
		} else if (depth === trkDepth) {
			trkDepth = -1;
		} else if (inMetadata && tokens.localNameIs(N_METADATA)) {
			inMetadata = false;
		}
	}

	if (!sawGpx) report.reject(0, "elemento <gpx> ausente: não é um arquivo GPX");
	if (zoneMissingAt > 0)
		report.notice(zoneMissingAt, "horários sem fuso (Z ou ±hh:mm): lidos como UTC");
	if (tokens.declaresEntities) {
		report.notice(0, "entidades declaradas no DOCTYPE não foram expandidas");
	}
	if (estimatedLeans > 0) {
		report.notice(
			0,
			`${estimatedLeans} inclinações estimadas (estimated="true") ignoradas: a inclinação é estimada de novo a partir do trajeto`,
		);
	}
	if (setAside > 0)
		report.notice(
			0,
			`${setAside} pontos de rota ou waypoints (sem percurso cronometrado) ignorados`,
		);
	orderSegments(fixes, segmentStarts, report);
	dropImplausibleFixes(fixes, report);
	return {
		source: { format: "gpx", device },
		dateKnown: true,
		trackName: trackName ?? metadataName,
		fixes: fixes.finish(),
		lapMarksMs: [],
		lines: null,
		report: report.finish(),
	};
}

/** Whether `bytes[at…]` is `name` followed by a byte that ends an element name. */
function startsWithName(bytes: Uint8Array, at: number, name: Uint8Array): boolean {
	for (let i = 0; i < name.length; i++) if (bytes[at + i] !== name[i]) return false;
	const b = bytes[at + name.length];
	return b === 32 || b === 62 || b === 47 || b === 10 || b === 13 || b === 9;
}

/**
 * Segments in time order (by their first point), then every point whose time does not
 * advance dropped and reported. Points keep their order inside a segment.
 */
function orderSegments(fixes: FixesBuilder, starts: number[], report: ImportReport): void {
	const n = fixes.length;
	const bounds = [...new Set([0, ...starts.filter((s) => s < n)])].sort((a, b) => a - b);
	const segments = bounds.map((s, k) => ({
		start: s,
		end: k + 1 < bounds.length ? bounds[k + 1]! : n,
	}));
	const order = segments
		.filter((s) => s.end > s.start)
		.map((s, k) => ({ ...s, k, first: fixes.timeMs[s.start]! }))
		.sort((a, b) => a.first - b.first || a.k - b.k);
	const inOrder = order.every((s, k) => k === 0 || s.start > order[k - 1]!.start);
	if (!inOrder) {
		report.notice(0, "segmentos fora de ordem no arquivo: postos em ordem de horário");
		const permutation = new Uint32Array(n);
		let w = 0;
		for (const s of order) for (let i = s.start; i < s.end; i++) permutation[w++] = i;
		permute(fixes, permutation);
	}
	const keep = new Uint8Array(n);
	let last = Number.NEGATIVE_INFINITY;
	let dropped = 0;
	for (let i = 0; i < n; i++) {
		const t = fixes.timeMs[i]!;
		if (t > last) {
			keep[i] = 1;
			last = t;
		} else {
			dropped++;
			report.reject(fixes.line[i]!, "time não avança em relação ao ponto anterior: ponto ignorado");
		}
	}
	if (dropped > 0) fixes.keepRows(keep);
}

function permute(fixes: FixesBuilder, order: Uint32Array): void {
	const apply64 = (a: Float64Array) => {
		const copy = a.slice(0, order.length);
		for (let i = 0; i < order.length; i++) a[i] = copy[order[i]!]!;
	};
	const apply32 = (a: Float32Array) => {
		const copy = a.slice(0, order.length);
		for (let i = 0; i < order.length; i++) a[i] = copy[order[i]!]!;
	};
	apply64(fixes.timeMs);
	apply64(fixes.lat);
	apply64(fixes.lon);
	apply32(fixes.speedKmh);
	if (fixes.leanDeg) apply32(fixes.leanDeg);
	if (fixes.distanceM) apply64(fixes.distanceM);
	for (const column of fixes.extra) apply32(column);
	const line = fixes.line.slice(0, order.length);
	for (let i = 0; i < order.length; i++) fixes.line[i] = line[order[i]!]!;
}
