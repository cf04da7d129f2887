import { describe, expect, it } from "vitest";
import { exportToString } from "./export-session";
import { GPX_NAMESPACE, LAPSIX_GPX_NAMESPACE, TRACKPOINT_EXTENSION_NAMESPACE } from "./gpx";
import { lapOf, simulatedSession, smallSession } from "./test-fixtures";
import { child, descendants, outOfOrder, parseXml, type XmlElement } from "./test-xml-check";
import type { ExportSession } from "./types";

/** Child order of GPX 1.1's types (gpx.xsd), for the elements lapsix writes and the rest. */
const GPX_ORDER = ["metadata", "wpt", "rte", "trk", "extensions"];
const METADATA_ORDER = [
	"name",
	"desc",
	"author",
	"copyright",
	"link",
	"time",
	"keywords",
	"bounds",
	"extensions",
];
const TRK_ORDER = ["name", "cmt", "desc", "src", "link", "number", "type", "extensions", "trkseg"];
const TRKSEG_ORDER = ["trkpt", "extensions"];
const WPT_ORDER = [
	"ele",
	"time",
	"magvar",
	"geoidheight",
	"name",
	"cmt",
	"desc",
	"src",
	"link",
	"sym",
	"type",
	"fix",
	"sat",
	"hdop",
	"vdop",
	"pdop",
	"ageofdgpsdata",
	"dgpsid",
	"extensions",
];
/** TrackPointExtension v2's sequence. */
const TPX_ORDER = [
	"atemp",
	"wtemp",
	"depth",
	"hr",
	"cad",
	"speed",
	"course",
	"bearing",
	"Extensions",
];
const ISO_UTC_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

const names = (element: XmlElement) => element.children.map((c) => c.local);

/** Checks a GPX document against GPX 1.1's structure and types; returns its track points. */
function checkGpx(text: string): {
	root: XmlElement;
	points: XmlElement[];
	segments: XmlElement[];
} {
	const root = parseXml(text);
	expect(root.local).toBe("gpx");
	expect(root.namespace).toBe(GPX_NAMESPACE);
	expect(root.attributes.version).toBe("1.1");
	expect(root.attributes.creator).toBeTruthy();
	expect(outOfOrder(names(root), GPX_ORDER, ["wpt", "rte", "trk"])).toBeNull();
	const metadata = child(root, "metadata");
	if (metadata) expect(outOfOrder(names(metadata), METADATA_ORDER, ["link"])).toBeNull();
	const segments: XmlElement[] = [];
	const points: XmlElement[] = [];
	for (const trk of root.children.filter((c) => c.local === "trk")) {
		expect(outOfOrder(names(trk), TRK_ORDER, ["link", "trkseg"])).toBeNull();
		for (const segment of trk.children.filter((c) => c.local === "trkseg")) {
			segments.push(segment);
			expect(outOfOrder(names(segment), TRKSEG_ORDER, ["trkpt"])).toBeNull();
			for (const point of segment.children.filter((c) => c.local === "trkpt")) {
				points.push(point);
				expect(outOfOrder(names(point), WPT_ORDER, ["link"])).toBeNull();
				const lat = Number(point.attributes.lat);
				const lon = Number(point.attributes.lon);
				expect(point.attributes.lat).toMatch(DECIMAL);
				expect(point.attributes.lon).toMatch(DECIMAL);
				expect(lat).toBeGreaterThanOrEqual(-90);
				expect(lat).toBeLessThanOrEqual(90);
				expect(lon).toBeGreaterThanOrEqual(-180);
				expect(lon).toBeLessThan(180);
				for (const element of point.children) {
					if (element.local === "ele") expect(element.text).toMatch(DECIMAL);
					if (element.local === "sat") expect(element.text).toMatch(/^\d+$/);
				}
				const tpx = descendants(point, "TrackPointExtension")[0];
				if (tpx) {
					expect(tpx.namespace).toBe(TRACKPOINT_EXTENSION_NAMESPACE);
					expect(outOfOrder(names(tpx), TPX_ORDER)).toBeNull();
					const speed = child(tpx, "speed");
					if (speed) expect(Number(speed.text)).toBeGreaterThanOrEqual(0);
					const course = child(tpx, "course");
					if (course) {
						expect(Number(course.text)).toBeGreaterThanOrEqual(0);
						expect(Number(course.text)).toBeLessThan(360);
					}
				}
			}
		}
	}
	return { root, points, segments };
}

function timeOf(point: XmlElement): string {
	const time = child(point, "time");
	if (!time) throw new Error("a track point without <time>");
	return time.text;
}

describe("GPX export", () => {
	it("is GPX 1.1 with one track, one segment per lap and a time on every point", () => {
		const session = simulatedSession({ laps: 3, hz: 10, circuit: "granja-viana" });
		const { root, points, segments } = checkGpx(exportToString(session, "gpx"));
		expect(root.children.filter((c) => c.local === "trk")).toHaveLength(1);
		expect(segments).toHaveLength(3);
		const expected = session.laps.reduce((sum, lap) => sum + lap.channels.length, 0);
		expect(points).toHaveLength(expected);
		for (const point of points) expect(timeOf(point)).toMatch(ISO_UTC_MS);
		// Each segment is one lap, in order, its number in the segment's extensions.
		segments.forEach((segment, k) => {
			const lap = session.laps[k]!;
			const number = descendants(segment, "lap")[0]!;
			expect(number.namespace).toBe(LAPSIX_GPX_NAMESPACE);
			expect(Number(number.text)).toBe(lap.number);
			const segmentPoints = segment.children.filter((c) => c.local === "trkpt");
			expect(segmentPoints).toHaveLength(lap.channels.length);
			expect(Date.parse(timeOf(segmentPoints[0]!))).toBe(Math.round(lap.startMs));
			const lastTime = Date.parse(timeOf(segmentPoints.at(-1)!));
			expect(Math.abs(lastTime - (lap.startMs + lap.channels.timeMs.at(-1)!))).toBeLessThanOrEqual(
				0.5,
			);
		});
	});

	it("writes times, positions, speed, course, lean and altitude that read back within rounding", () => {
		const session = smallSession();
		const { points } = checkGpx(exportToString(session, "gpx"));
		const lap = session.laps[0]!;
		const c = lap.channels;
		for (let i = 0; i < c.length; i++) {
			const point = points[i]!;
			expect(Math.abs(Number(point.attributes.lat) - c.lat[i]!)).toBeLessThan(1e-7);
			expect(Math.abs(Number(point.attributes.lon) - c.lon[i]!)).toBeLessThan(1e-7);
			expect(
				Math.abs(Date.parse(timeOf(point)) - (lap.startMs + c.timeMs[i]!)),
			).toBeLessThanOrEqual(0.5);
			expect(Number(child(point, "ele")!.text)).toBeCloseTo(c.extra.altitudeM![i]!, 1);
			expect(Number(child(point, "sat")!.text)).toBe(c.extra.satellites![i]);
			const speed = descendants(point, "speed")[0]!;
			expect(Number(speed.text) * 3.6).toBeCloseTo(c.speedKmh[i]!, 1);
			const lean = descendants(point, "lean")[0]!;
			expect(lean.namespace).toBe(LAPSIX_GPX_NAMESPACE);
			expect(lean.attributes.estimated).toBe("false");
			expect(Number(lean.text)).toBeCloseTo(c.leanDeg[i]!, 1);
		}
		// A heading of 359.97° rounds to 0.0, never to 360.0 (outside the schema's range).
		expect(descendants(points[2]!, "course")[0]!.text).toBe("0.0");
	});

	it("leaves out what a point does not have, and marks estimated lean", () => {
		const session = smallSession();
		const estimated = {
			...session,
			laps: session.laps.map((lap) => ({
				...lap,
				channels: { ...lap.channels, leanEstimated: true },
			})),
		};
		const { points } = checkGpx(exportToString(estimated, "gpx"));
		const noSpeed = points[7]!; // lap 2, point 2: speed and altitude unknown
		expect(child(noSpeed, "ele")).toBeUndefined();
		expect(descendants(noSpeed, "speed")).toHaveLength(0);
		expect(descendants(noSpeed, "course")).toHaveLength(1);
		const noLean = points[8]!;
		expect(descendants(noLean, "lean")).toHaveLength(0);
		expect(descendants(points[0]!, "lean")[0]!.attributes.estimated).toBe("true");
	});

	it("escapes hostile names and leaves out characters XML forbids", () => {
		const hostile = `Pista <&"'> ]]> \u0001 =HYPERLINK("x")`;
		const session: ExportSession = {
			...smallSession(),
			trackName: hostile,
			source: { format: "gpx", device: `</src><script>&"` },
		};
		const { root } = checkGpx(exportToString(session, "gpx"));
		const trk = child(root, "trk")!;
		expect(child(trk, "name")!.text).toBe(hostile.replace("\u0001", "\ufffd"));
		expect(child(trk, "src")!.text).toBe(`GPX (</src><script>&")`);
	});

	it("skips points without a valid time or position", () => {
		const lap = lapOf({
			number: 1,
			startMs: Date.UTC(2025, 0, 1),
			timeMs: [0, 100, Number.NaN, 300, 400],
			lat: [-23.5, Number.NaN, -23.5, -23.5, 91],
			lon: [-46.5, -46.5, -46.5, -46.5, -46.5],
			speedKmh: [10, 10, 10, 10, 10],
			leanDeg: [0, 0, 0, 0, 0],
		});
		const session: ExportSession = { ...smallSession(), laps: [lap] };
		const { points } = checkGpx(exportToString(session, "gpx"));
		expect(points.map(timeOf)).toEqual(["2025-01-01T00:00:00.000Z", "2025-01-01T00:00:00.300Z"]);
	});

	it("writes a session whose recording had no date on its date, or on 1970-01-01, and says so", () => {
		const midnightBased = simulatedSession({
			laps: 1,
			hz: 10,
			dateKnown: false,
			date: null,
			circuit: "granja-viana",
		});
		const first = midnightBased.laps[0]!;
		const { root, points } = checkGpx(exportToString(midnightBased, "gpx"));
		expect(timeOf(points[0]!)).toBe(new Date(Math.round(first.startMs)).toISOString());
		expect(timeOf(points[0]!).startsWith("1970-01-01T13:")).toBe(true);
		expect(child(child(root, "metadata")!, "desc")!.text).toContain("1970-01-01");

		const dated = { ...midnightBased, date: "2024-11-30" };
		const datedPoints = checkGpx(exportToString(dated, "gpx")).points;
		expect(timeOf(datedPoints[0]!).startsWith("2024-11-30T13:")).toBe(true);
	});

	it("writes a valid file for a session without laps", () => {
		const { root, points } = checkGpx(exportToString({ ...smallSession(), laps: [] }, "gpx"));
		expect(points).toHaveLength(0);
		expect(child(root, "trk")).toBeDefined();
	});

	it("exports one lap alone", () => {
		const session = simulatedSession({ laps: 3, hz: 10, circuit: "granja-viana" });
		const { segments } = checkGpx(exportToString(session, "gpx", { lap: 2 }));
		expect(segments).toHaveLength(1);
		expect(descendants(segments[0]!, "lap")[0]!.text).toBe("2");
	});
	it("names the track 'Sessão' when the session has no track name, and trims a padded one", () => {
		const trkName = (session: ExportSession) =>
			child(child(checkGpx(exportToString(session, "gpx")).root, "trk")!, "name")!.text;
		expect(trkName({ ...smallSession(), trackName: null })).toBe("Sessão");
		expect(trkName({ ...smallSession(), trackName: "   " })).toBe("Sessão");
		expect(trkName({ ...smallSession(), trackName: "  Granja Viana  " })).toBe("Granja Viana");
	});

	it("writes no lap time for a lap whose time is unknown", () => {
		const small = smallSession();
		const session: ExportSession = {
			...small,
			laps: [{ ...small.laps[0]!, timeMs: Number.NaN }, small.laps[1]!],
		};
		const { segments } = checkGpx(exportToString(session, "gpx"));
		const extensions = child(segments[0]!, "extensions")!;
		expect(names(extensions)).toEqual(["lap"]);
		expect(extensions.text.trim()).toBe("");
		expect(descendants(segments[1]!, "lapTimeMs")[0]!.text).toBe("120");
	});

	it("writes no sat element for an unknown satellite count (a non-negative integer in GPX)", () => {
		const lap = lapOf({
			number: 1,
			startMs: Date.UTC(2025, 0, 1),
			timeMs: [0, 100, 200, 300],
			lat: [-23.5, -23.5001, -23.5002, -23.5003],
			lon: [-46.5, -46.5, -46.5, -46.5],
			speedKmh: [10, 10, 10, 10],
			leanDeg: [0, 0, 0, 0],
			extra: { satellites: [Number.NaN, -1, 0, 9] },
		});
		const { points } = checkGpx(exportToString({ ...smallSession(), laps: [lap] }, "gpx"));
		// No satellite in view is a count too.
		expect(points.map((p) => child(p, "sat")?.text ?? null)).toEqual([null, null, "0", "9"]);
	});

	it("writes extensions only for what a point has: none, speed alone, lean alone", () => {
		const lap = lapOf({
			number: 1,
			startMs: Date.UTC(2025, 0, 1),
			timeMs: [0, 100, 200],
			lat: [-23.5, -23.5, -23.5],
			lon: [-46.5, -46.5, -46.5],
			speedKmh: [Number.NaN, 12, Number.NaN],
			leanDeg: [Number.NaN, Number.NaN, 7],
		});
		// The lap never moves: no point has a course.
		const { points } = checkGpx(exportToString({ ...smallSession(), laps: [lap] }, "gpx"));
		expect(names(points[0]!)).not.toContain("extensions");
		expect(names(descendants(points[1]!, "TrackPointExtension")[0]!)).toEqual(["speed"]);
		expect(descendants(points[1]!, "lean")).toHaveLength(0);
		expect(descendants(points[2]!, "TrackPointExtension")).toHaveLength(0);
		expect(descendants(points[2]!, "lean")[0]!.text).toBe("7.0");
	});

	it("writes no TrackPointExtension for a point with neither speed nor course, only lean", () => {
		const lap = lapOf({
			number: 1,
			startMs: Date.UTC(2025, 0, 1),
			timeMs: [0, 100],
			lat: [-23.5, -23.5],
			lon: [-46.5, -46.5],
			speedKmh: [Number.NaN, 12],
			leanDeg: [5, 5],
		});
		const { points } = checkGpx(exportToString({ ...smallSession(), laps: [lap] }, "gpx"));
		expect(descendants(points[0]!, "TrackPointExtension")).toHaveLength(0);
		expect(descendants(points[0]!, "lean")[0]!.text).toBe("5.0");
		// The lap never moves: speed but no course.
		const tpx = descendants(points[1]!, "TrackPointExtension")[0]!;
		expect(names(tpx)).toEqual(["speed"]);
	});
	it("titles the file with track, date and lap, or placeholders for what is unknown", () => {
		const title = (session: ExportSession, lap?: number) =>
			child(child(checkGpx(exportToString(session, "gpx", { lap })).root, "metadata")!, "name")!
				.text;
		expect(title(smallSession())).toBe("lapsix Kartódromo Granja Viana 2025-03-01");
		expect(title(smallSession(), 2)).toBe("lapsix Kartódromo Granja Viana 2025-03-01 volta 2");
		expect(title({ ...smallSession(), trackName: " ", date: null })).toBe("lapsix Sessão sem data");
	});

	it("says in its description when every lap's lean was estimated from the path", () => {
		const small = smallSession();
		const estimated: ExportSession = {
			...small,
			laps: small.laps.map((lap) => ({
				...lap,
				channels: { ...lap.channels, leanEstimated: true },
			})),
		};
		const desc = child(
			child(checkGpx(exportToString(estimated, "gpx")).root, "metadata")!,
			"desc",
		)!;
		expect(desc.text).toContain("; inclinação estimada a partir do trajeto;");
	});
	it("writes a fix on the antimeridian at longitude -180 (GPX 1.1 longitudes are below 180)", () => {
		const lap = lapOf({
			number: 1,
			startMs: Date.UTC(2025, 0, 1),
			timeMs: [0, 100, 200],
			lat: [-16.5, -16.5, -16.5],
			lon: [179.9999, 180, 179.99999999],
			speedKmh: [10, 10, 10],
			leanDeg: [0, 0, 0],
		});
		const { points } = checkGpx(exportToString({ ...smallSession(), laps: [lap] }, "gpx"));
		expect(points.map((p) => p.attributes.lon)).toEqual([
			"179.9999000",
			"-180.0000000",
			"-180.0000000",
		]);
	});
});
