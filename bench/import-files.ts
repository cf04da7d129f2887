/**
 * Large recordings for the import benchmark, one per text format, all of the same drive
 * (`src/domain/import/test-drive.ts`): `seconds` at `hz`, as each format's writer lays it out.
 * A one-hour 25 Hz recording is about 90,000 fixes.
 */
import { START_MS, sampleAt } from "../src/domain/import/test-drive";

const f = (v: number, d: number) => v.toFixed(d);

function hhmmss(ms: number, decimals: number): string {
	const day = ms % 86_400_000;
	const h = Math.floor(day / 3_600_000);
	const m = Math.floor(day / 60_000) % 60;
	const s = (day % 60_000) / 1000;
	return `${String(h).padStart(2, "0")}${String(m).padStart(2, "0")}${s.toFixed(decimals).padStart(3 + decimals, "0")}`;
}

function build(rows: number, row: (i: number) => string, head = "", tail = ""): string {
	const chunks: string[] = [head];
	let chunk: string[] = [];
	for (let i = 0; i < rows; i++) {
		chunk.push(row(i));
		if (chunk.length === 10_000) {
			chunks.push(chunk.join(""));
			chunk = [];
		}
	}
	chunks.push(chunk.join(""), tail);
	return chunks.join("");
}

/** RaceChrono CSV v3 with its 26 columns (as the Tianma export), speeds in m/s. */
export function raceChronoFile(seconds: number, hz: number): string {
	const head = [
		"This file is created using RaceChrono Pro v9.1.3 ( http://racechrono.com/ ).",
		"Format,3",
		'Session title,"Oval"',
		"Session type,Lap timing",
		'Track name,"Oval"',
		"Driver name,",
		"Created,01/03/2025,14:00",
		"Note,",
		"",
		"timestamp,fragment_id,lap_number,elapsed_time,distance_traveled,altitude,altitude_precision,bearing,coordinate_precision,device_update_rate,fix_type,latitude,longitude,satellites,speed,combined_acc,device_update_rate,lateral_acc,lean_angle,longitudinal_acc,speed,accelerator_pos,engine_load,rpm,speed,throttle_pos",
		"unix time,,,s,m,m,DOP,deg,DOP,Hz,,deg,deg,sats,m/s,G,Hz,G,deg,G,m/s,%,%,rpm,m/s,%",
		",,,,,100: gps,100: gps,100: gps,100: gps,100: gps,100: gps,100: gps,100: gps,100: gps,100: gps,calc,calc,calc,calc,calc,calc,200: obd,200: obd,200: obd,200: obd,200: obd",
		"",
	].join("\n");
	return build(
		Math.floor(seconds * hz),
		(i) => {
			const t = (i * 1000) / hz;
			const s = sampleAt(t);
			const v = s.speedKmh / 3.6;
			return `${f(s.tMs / 1000, 3)},0,${s.lap},${f(t / 1000, 3)},${f(s.distanceM, 3)},780.5,2.0,${f(s.headingDeg, 2)},1.1,25.0,3.0,${f(s.lat, 7)},${f(s.lon, 7)},12.0,${f(v, 3)},${f(s.latAccG, 5)},20.0,${f(s.latAccG, 5)},${f(s.leanDeg, 5)},0.01234,${f(v, 4)},78.54075,21.53916,${f(6000 + (i % 3000), 5)},${f(v, 5)},64.99739\n`;
		},
		`${head}`,
	);
}

/** VBO as RaceChrono writes it: CRLF, sats first, minutes with west-positive long, 11 columns. */
export function vboFile(seconds: number, hz: number): string {
	const head = [
		"File created on 01/03/2025 at 14:00:00",
		"",
		"[header]",
		"satellites",
		"time",
		"latitude",
		"longitude",
		"velocity kmh",
		"heading",
		"height",
		"long accel g",
		"lat accel g",
		"lean_angle-calc",
		"device_update_rate",
		"",
		"[column names]",
		"sats time lat long velocity heading height longacc latacc lean_angle-calc device_update_rate",
		"",
		"[data]",
		"",
	].join("\r\n");
	const sg = (v: number, w: number, d: number) =>
		`${v < 0 ? "-" : "+"}${Math.abs(v).toFixed(d).padStart(w, "0")}`;
	return build(
		Math.floor(seconds * hz),
		(i) => {
			const s = sampleAt((i * 1000) / hz);
			return `016 ${hhmmss(s.tMs, 2)} ${sg(s.lat * 60, 11, 6)} ${sg(-s.lon * 60, 12, 6)} ${f(s.speedKmh, 3).padStart(7, "0")} ${f(s.headingDeg, 2).padStart(6, "0")} +00780.50 +000.012 ${sg(s.latAccG, 7, 3)} ${sg(s.leanDeg, 7, 3)} +025.000\r\n`;
		},
		head,
	);
}

function checksum(body: string): string {
	let x = 0;
	for (let i = 0; i < body.length; i++) x ^= body.charCodeAt(i);
	return x.toString(16).toUpperCase().padStart(2, "0");
}

function nmeaAngle(deg: number, width: number): string {
	const a = Math.abs(deg);
	const d = Math.floor(a);
	return `${String(d).padStart(width, "0")}${((a - d) * 60).toFixed(5).padStart(8, "0")}`;
}

/** NMEA: an RMC every epoch, a GGA every fifth. */
export function nmeaFile(seconds: number, hz: number): string {
	return build(Math.floor(seconds * hz), (i) => {
		const s = sampleAt((i * 1000) / hz);
		const time = hhmmss(s.tMs, 3);
		const pos = `${nmeaAngle(s.lat, 2)},S,${nmeaAngle(s.lon, 3)},W`;
		const rmc = `GPRMC,${time},A,${pos},${f(s.speedKmh / 1.852, 2)},${f(s.headingDeg, 2)},010325,,,A`;
		let out = `$${rmc}*${checksum(rmc)}\r\n`;
		if (i % 5 === 0) {
			const gga = `GPGGA,${time},${pos},1,12,0.9,780.5,M,-5.0,M,,`;
			out = `$${gga}*${checksum(gga)}\r\n${out}`;
		}
		return out;
	});
}

/** GPX 1.1 with Garmin TrackPointExtension v2 speed and course. */
export function gpxFile(seconds: number, hz: number): string {
	const head =
		'<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="bench" xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2">\n  <trk>\n    <trkseg>\n';
	return build(
		Math.floor(seconds * hz),
		(i) => {
			const s = sampleAt((i * 1000) / hz);
			return `      <trkpt lat="${f(s.lat, 8)}" lon="${f(s.lon, 8)}"><ele>780.5</ele><time>${new Date(s.tMs).toISOString()}</time><extensions><gpxtpx:TrackPointExtension><gpxtpx:speed>${f(s.speedKmh / 3.6, 3)}</gpxtpx:speed><gpxtpx:course>${f(s.headingDeg, 1)}</gpxtpx:course></gpxtpx:TrackPointExtension></extensions></trkpt>\n`;
		},
		head,
		"    </trkseg>\n  </trk>\n</gpx>\n",
	);
}

/** TrackAddict: rows at `hz`, the GPS updating once a second, 20 columns as the STC log. */
export function trackAddictFile(seconds: number, hz: number): string {
	const head = [
		"# RaceRender Data: TrackAddict 4.3.5 on Android 9 [bench] (Mode: 0)",
		'"Time","UTC Time","Lap","Predicted Lap Time","Predicted vs Best Lap","GPS_Update","GPS_Delay","Latitude","Longitude","Altitude (m)","Altitude (ft)","Speed (Km/h)","Heading","Accuracy (m)","Accel X","Accel Y","Accel Z","Brake (calculated)","Barometric Pressure (kPa)","Pressure Altitude (m)"',
		"",
	].join("\n");
	let held = sampleAt(0);
	return build(
		Math.floor(seconds * hz),
		(i) => {
			const t = (i * 1000) / hz;
			const update = i % hz === 0;
			if (update) held = sampleAt(t);
			return `${f(t / 1000, 3)},${f((START_MS + t) / 1000, 3)},${held.lap},0,0,${update ? 1 : 0},0.000,${f(held.lat, 7)},${f(held.lon, 7)},91.1,299,${f(held.speedKmh, 1)},${f(held.headingDeg, 1)},6.0,${f(held.latAccG, 2)},-0.00,0.00,1,100.44,74.1\n`;
		},
		head,
	);
}
