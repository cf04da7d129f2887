import { describe, expect, it } from "vitest";
import { exportToString } from "./export-session";
import { KML_NAMESPACE } from "./kml";
import { BAND_HYSTERESIS_KMH, speedBandsOf } from "./speed-bands";
import { lapOf, simulatedSession, smallSession } from "./test-fixtures";
import { child, descendants, outOfOrder, parseXml, type XmlElement } from "./test-xml-check";
import type { ExportSession } from "./types";

/** KML 2.2 child order of the elements lapsix writes (ogckml22.xsd). */
const FEATURE_ORDER = [
	"name",
	"open",
	"description",
	"TimeSpan",
	"styleUrl",
	"Style",
	"LineString",
	"Placemark",
	"Folder",
];
const LINESTRING_ORDER = ["extrude", "tessellate", "altitudeMode", "coordinates"];

function tuples(placemark: XmlElement): number[][] {
	const coordinates = descendants(placemark, "coordinates")[0]!.text.trim();
	return coordinates.split(/\s+/).map((tuple) => tuple.split(",").map(Number));
}

function checkKml(text: string): XmlElement {
	const root = parseXml(text);
	expect(root.local).toBe("kml");
	expect(root.namespace).toBe(KML_NAMESPACE);
	const document = child(root, "Document")!;
	const walk = (element: XmlElement) => {
		if (["Document", "Folder", "Placemark"].includes(element.local)) {
			expect(
				outOfOrder(
					element.children.map((c) => c.local),
					FEATURE_ORDER,
					["Style", "Placemark", "Folder"],
				),
			).toBeNull();
		}
		if (element.local === "LineString") {
			expect(
				outOfOrder(
					element.children.map((c) => c.local),
					LINESTRING_ORDER,
				),
			).toBeNull();
			const list = descendants(element, "coordinates")[0]!.text.trim().split(/\s+/);
			expect(list.length).toBeGreaterThanOrEqual(2);
			for (const tuple of list) expect(tuple).toMatch(/^-?\d+\.\d+,-?\d+\.\d+(,-?\d+\.\d+)?$/);
		}
		if (element.local === "color") expect(element.text).toMatch(/^[0-9a-f]{8}$/);
		element.children.forEach(walk);
	};
	walk(document);
	return root;
}

function lapFolders(root: XmlElement): XmlElement[] {
	return child(root, "Document")!.children.filter(
		(c) => c.local === "Folder" && child(c, "name")!.text.startsWith("Volta"),
	);
}

/** The KML folder of a lap of three points 100 ms apart, starting at `startMs`. */
function folderOfThreePointLap(startMs: number) {
	const lap = lapOf({
		number: 1,
		startMs,
		timeMs: [0, 100, 200],
		lat: [-23.5, -23.5001, -23.5002],
		lon: [-46.5, -46.5, -46.5],
		speedKmh: [10, 10, 10],
		leanDeg: [0, 0, 0],
	});
	const root = checkKml(exportToString({ ...smallSession(), laps: [lap] }, "kml"));
	return lapFolders(root)[0]!;
}

describe("KML export", () => {
	it("draws each lap as speed-coloured runs that join into the lap's whole path", () => {
		const session = simulatedSession({ laps: 2, hz: 10, circuit: "granja-viana" });
		const root = checkKml(exportToString(session, "kml"));
		const folders = lapFolders(root);
		expect(folders).toHaveLength(2);
		const styles = new Map(
			descendants(root, "Style").map((s) => [s.attributes.id!, descendants(s, "color")[0]!.text]),
		);
		const bands = speedBandsOf(session.laps);
		expect(bands.length).toBeGreaterThanOrEqual(3);
		folders.forEach((folder, k) => {
			const lap = session.laps[k]!;
			const runs = folder.children.filter((c) => c.local === "Placemark");
			expect(runs.length).toBeGreaterThan(3);
			// Runs share their boundary point: joined, they are the lap's points in order.
			const joined: number[][] = [];
			for (const run of runs) {
				const list = tuples(run);
				if (joined.length > 0) expect(list[0]).toEqual(joined.at(-1));
				joined.push(...(joined.length > 0 ? list.slice(1) : list));
			}
			expect(joined).toHaveLength(lap.channels.length);
			joined.forEach(([lon, lat, alt], i) => {
				expect(Math.abs(lon! - lap.channels.lon[i]!)).toBeLessThan(1e-7);
				expect(Math.abs(lat! - lap.channels.lat[i]!)).toBeLessThan(1e-7);
				expect(alt).toBeCloseTo(lap.channels.extra.altitudeM![i]!, 1);
			});
			// Each run's style is a band its speeds belong to (within the hysteresis).
			let index = 0;
			for (const run of runs) {
				const id = child(run, "styleUrl")!.text.slice(1);
				expect(styles.has(id)).toBe(true);
				const band = bands[Number(id.replace("speed-", ""))]!;
				const count = tuples(run).length;
				for (let i = index; i < index + count - 1; i++) {
					const v = lap.channels.speedKmh[i]!;
					expect(v).toBeGreaterThanOrEqual(band.fromKmh - BAND_HYSTERESIS_KMH - 1e-3);
					expect(v).toBeLessThan(band.toKmh + BAND_HYSTERESIS_KMH);
				}
				index += count - 1;
			}
		});
	});

	it("colours as KML writes colours (aabbggrr) and keeps a legend of every band", () => {
		const session = simulatedSession({ laps: 1, hz: 10, circuit: "granja-viana" });
		const root = checkKml(exportToString(session, "kml"));
		const bands = speedBandsOf(session.laps);
		const legend = child(child(root, "Document")!, "description")!.text;
		bands.forEach((band, k) => {
			const style = descendants(root, "Style").find((s) => s.attributes.id === `speed-${k}`)!;
			const kml = descendants(style, "color")[0]!.text;
			const css = band.cssColor.slice(1);
			expect(kml).toBe(`ff${css.slice(4, 6)}${css.slice(2, 4)}${css.slice(0, 2)}`);
			expect(legend).toContain(band.cssColor);
			expect(legend).toContain(`${band.fromKmh}`);
		});
		// Slow is blue, fast is red.
		expect(bands[0]!.cssColor).toBe("#313695");
		expect(bands.at(-1)!.cssColor).toBe("#d73027");
	});

	it("places the start/finish and sector lines", () => {
		const session = smallSession();
		const root = checkKml(exportToString(session, "kml"));
		const folder = child(root, "Document")!.children.find(
			(c) => child(c, "name")?.text === "Linhas da pista",
		)!;
		const placemarks = folder.children.filter((c) => c.local === "Placemark");
		expect(placemarks.map((p) => child(p, "name")!.text)).toEqual(["Largada/chegada", "Parcial 1"]);
		const { a, b } = session.lines!.startFinish;
		expect(tuples(placemarks[0]!)).toEqual([
			[a.lon, a.lat],
			[b.lon, b.lat],
		]);
	});

	it("has no lines folder when the session has no lines, and escapes hostile names", () => {
		const hostile = `<Placemark>&"'</name>`;
		const session: ExportSession = { ...smallSession(), trackName: hostile, lines: null };
		const root = checkKml(exportToString(session, "kml"));
		const document = child(root, "Document")!;
		expect(child(document, "name")!.text).toBe(`lapsix ${hostile} 2025-03-01`);
		expect(lapFolders(root)).toHaveLength(2);
		expect(document.children.filter((c) => c.local === "Folder")).toHaveLength(2);
		expect(document.text.trim()).toBe("");
	});

	it("draws no line for a lap of a single point and stays valid without laps", () => {
		const session = smallSession();
		const one = { ...session.laps[0]!, channels: { ...session.laps[0]!.channels, length: 1 } };
		const root = checkKml(exportToString({ ...session, laps: [one] }, "kml"));
		expect(descendants(lapFolders(root)[0]!, "Placemark")).toHaveLength(0);
		expect(descendants(lapFolders(root)[0]!, "TimeSpan")).toHaveLength(0);
		checkKml(exportToString({ ...session, laps: [] }, "kml"));
	});
	it("spans each lap's folder from its first to its last writable point, and draws only those", () => {
		const lap = lapOf({
			number: 1,
			startMs: Date.UTC(2025, 0, 1),
			timeMs: [0, 100, 200, 300, 400],
			lat: [Number.NaN, -23.5, -23.5001, -23.5002, 91],
			lon: [-46.5, -46.5, -46.5, -46.5, -46.5],
			speedKmh: [10, 10, 10, 10, 10],
			leanDeg: [0, 0, 0, 0, 0],
		});
		const root = checkKml(exportToString({ ...smallSession(), laps: [lap] }, "kml"));
		const folder = lapFolders(root)[0]!;
		const span = child(folder, "TimeSpan")!;
		expect(child(span, "begin")!.text).toBe("2025-01-01T00:00:00.100Z");
		expect(child(span, "end")!.text).toBe("2025-01-01T00:00:00.300Z");
		const drawn = descendants(folder, "Placemark").flatMap(tuples);
		expect(drawn.map(([, lat]) => lat)).toEqual([-23.5, -23.5001, -23.5002]);
	});

	it("ends a lap running past year 9999 at its last writable instant", () => {
		const last = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
		const folder = folderOfThreePointLap(last - 150);
		expect(child(child(folder, "TimeSpan")!, "end")!.text).toBe("9999-12-31T23:59:59.949Z");
		expect(descendants(folder, "Placemark").flatMap(tuples)).toHaveLength(2);
	});

	it("draws every point of a lap that starts just after the first writable instant (year 1)", () => {
		const folder = folderOfThreePointLap(new Date("0001-01-01T00:00:00.150Z").getTime());
		expect(child(child(folder, "TimeSpan")!, "begin")!.text).toBe("0001-01-01T00:00:00.150Z");
		expect(descendants(folder, "Placemark").flatMap(tuples)).toHaveLength(3);
	});

	it("writes no TimeSpan for a lap without writable points, nor a lap time it does not know", () => {
		const small = smallSession();
		const nowhere = lapOf({
			number: 1,
			startMs: Date.UTC(2025, 0, 1),
			timeMs: [0, 100],
			lat: [Number.NaN, Number.NaN],
			lon: [-46.5, -46.5],
			speedKmh: [10, 10],
			leanDeg: [0, 0],
		});
		const untimed = { ...small.laps[1]!, timeMs: Number.NaN };
		const root = checkKml(exportToString({ ...small, laps: [nowhere, untimed] }, "kml"));
		const [first, second] = lapFolders(root) as [XmlElement, XmlElement];
		expect(child(first, "TimeSpan")).toBeUndefined();
		expect(child(second, "name")!.text).toBe("Volta 2");
	});
});
