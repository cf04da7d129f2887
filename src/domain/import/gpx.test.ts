import { describe, expect, it } from "vitest";
import { importGpx, LAPSIX_GPX_NS } from "./gpx";
import { sampleAt } from "./test-drive";
import { fixtureBytes } from "./test-files";
import { bytesOf, strictlyIncreasing } from "./test-support";

const gpx = (inner: string, ns = 'xmlns="http://www.topografix.com/GPX/1/1"') =>
	bytesOf(
		`<?xml version="1.0"?>\n<gpx version="1.1" creator="t" ${ns}><trk><trkseg>\n${inner}\n</trkseg></trk></gpx>`,
	);

describe("importGpx", () => {
	it("reads trkpt position, time and ele", () => {
		const r = importGpx(
			gpx(
				'<trkpt lat="-23.5" lon="-46.6"><ele>780.5</ele><time>2025-03-01T14:00:00.200Z</time></trkpt>',
			),
			"a.gpx",
		);
		expect([
			r.fixes.lat[0],
			r.fixes.lon[0],
			r.fixes.timeMs[0],
			r.fixes.extra.altitudeM?.[0],
		]).toEqual([-23.5, -46.6, Date.UTC(2025, 2, 1, 14, 0, 0, 200), 780.5]);
		expect(r.fixes.speedKmh[0]).toBeNaN();
	});

	it("reads speed (m/s) and course of Garmin's TrackPointExtension v2 under its usual prefix", () => {
		const r = importGpx(fixtureBytes("gpx/garmin-v2.gpx"), "g.gpx");
		expect(r.fixes.speedKmh[3]).toBeCloseTo(72, 3);
		expect(r.fixes.extra.headingDeg?.[3]).toBeCloseTo(sampleAt(600).headingDeg, 1);
		expect([r.source.device, r.trackName]).toEqual(["Garmin Connect", "Treino & corrida"]);
	});

	it("matches elements by namespace URI and local name whatever the prefix (ns3, a prefixed GPX)", () => {
		const r = importGpx(fixtureBytes("gpx/other-prefixes.gpx"), "o.gpx");
		expect(r.fixes.length).toBe(101);
		expect(r.fixes.speedKmh[0]).toBeCloseTo(72, 3);
		const wrong = importGpx(
			gpx(
				'<trkpt lat="-23.5" lon="-46.6"><time>2025-03-01T14:00:00Z</time><extensions><x:TrackPointExtension xmlns:x="urn:other"><x:speed>9</x:speed></x:TrackPointExtension></extensions></trkpt>',
			),
			"w.gpx",
		);
		expect(wrong.fixes.speedKmh[0]).toBeNaN();
	});

	it("reads GPX 1.0's own speed and course elements (as gpsbabel writes)", () => {
		const r = importGpx(fixtureBytes("gpx/gpx10.gpx"), "v.gpx");
		expect(r.fixes.length).toBe(101);
		expect(r.fixes.speedKmh[0]).toBeCloseTo(72, 3);
		expect(r.fixes.extra.headingDeg?.[0]).toBeCloseTo(90, 3);
	});

	it(`reads measured lean of the lapsix namespace (${LAPSIX_GPX_NS}) and leaves estimated lean out`, () => {
		const r = importGpx(fixtureBytes("gpx/lapsix-lean.gpx"), "l.gpx");
		const lean = r.fixes.leanDeg!;
		const bend = [...r.fixes.timeMs].findIndex(
			(_, i) => i % 5 !== 4 && sampleAt(i * 200).leanDeg !== 0,
		);
		expect(lean[bend]).toBeCloseTo(sampleAt(bend * 200).leanDeg, 2);
		expect(lean[4]).toBeNaN();
		expect(r.report).toContainEqual(
			expect.objectContaining({
				kind: "notice",
				reason: expect.stringMatching(/^20 inclinações estimadas/),
			}),
		);
	});

	it("puts segments in time order and keeps times strictly increasing", () => {
		const r = importGpx(fixtureBytes("gpx/garmin-v2.gpx"), "g.gpx");
		expect(strictlyIncreasing(r.fixes.timeMs)).toBe(true);
		expect(r.fixes.timeMs[0]).toBe(sampleAt(0).tMs);
		expect(r.report).toContainEqual(
			expect.objectContaining({
				reason: "segmentos fora de ordem no arquivo: postos em ordem de horário",
			}),
		);
	});

	it("reports points without time or position, unreadable values, and a file cut short; expands no declared entity", () => {
		const r = importGpx(fixtureBytes("gpx/broken.gpx"), "b.gpx");
		expect(r.report.map((e) => `${e.line} ${e.kind} ${e.reason}`)).toEqual([
			"0 notice entidades declaradas no DOCTYPE não foram expandidas",
			"12 rejected trkpt sem time válido: ponto ignorado",
			"13 rejected trkpt sem lat/lon válidos: ponto ignorado",
			'14 rejected time ilegível: "yesterday"',
			"14 rejected trkpt sem time válido: ponto ignorado",
			"19 rejected time não avança em relação ao ponto anterior: ponto ignorado",
			'23 rejected valor ilegível "&lol2;"; ponto mantido sem ele',
			"29 rejected XML malformado: arquivo termina dentro de <time> (cortado?); o resto do arquivo foi ignorado",
		]);
		expect(r.fixes.length).toBe(4);
		expect(r.source.device).toBe("&lol2;");
	});

	it("says when the file has no gpx element", () => {
		const r = importGpx(bytesOf("<kml><Document/></kml>"), "k.kml");
		expect(r.report).toEqual([
			expect.objectContaining({
				kind: "rejected",
				reason: "elemento <gpx> ausente: não é um arquivo GPX",
			}),
		]);
	});

	it("sets routes and waypoints aside, with a count", () => {
		const r = importGpx(
			bytesOf(
				'<gpx xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="1" lon="1"/><rte><rtept lat="1" lon="2"/></rte></gpx>',
			),
			"r.gpx",
		);
		expect(r.fixes.length).toBe(0);
		expect(r.report).toEqual([
			expect.objectContaining({
				kind: "notice",
				reason: "2 pontos de rota ou waypoints (sem percurso cronometrado) ignorados",
			}),
		]);
	});
});
