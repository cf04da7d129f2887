/**
 * The import fixtures (`fixtures/import/<format>/`), as the functions that write them from the
 * synthetic drive of `test-drive.ts`: one file per dialect of every format and one per kind
 * of broken line. `fixtures/import/generate.ts` writes them to disk; tests build them here
 * (no file I/O in the domain) or read the files.
 */
import { crossingsMs, pointNearLine, type Sample, START_MS, sampleAt } from "./test-drive";

const FILES = new Map<string, () => string | Uint8Array>();

function define(path: string, producer: () => string | Uint8Array): void {
	FILES.set(path, producer);
}

/** Paths of every fixture, `<format>/<name>`. */
export function fixturePaths(): string[] {
	return [...FILES.keys()];
}

/** The bytes of the fixture at `path`. */
export function fixtureBytes(path: string): Uint8Array {
	const producer = FILES.get(path);
	if (!producer) throw new Error(`fixture desconhecida: ${path}`);
	const content = producer();
	return typeof content === "string" ? new TextEncoder().encode(content) : content;
}

function times(seconds: number, hz: number): number[] {
	const out: number[] = [];
	for (let i = 0; i <= seconds * hz; i++) out.push(Math.round((i * 1000) / hz));
	return out;
}

const f = (v: number, d: number) => v.toFixed(d);

// ---- RaceChrono CSV v3 ------------------------------------------------------------------

function raceChrono(seconds: number, extraRows: (rows: string[]) => void, format = 3): string {
	const head = [
		"This file is created using RaceChrono Pro v9.1.3 ( http://racechrono.com/ ).",
		`Format,${format}`,
		'Session title,"Interlagos oval"',
		"Session type,Lap timing",
		'Track name,"Oval de teste"',
		"Driver name,",
		"Created,01/03/2025,14:00",
		"Note,",
		"",
		"timestamp,fragment_id,lap_number,elapsed_time,distance_traveled,altitude,bearing,latitude,longitude,satellites,speed,lean_angle,lateral_acc,speed,rpm,speed",
		"unix time,,,s,m,m,deg,deg,deg,sats,m/s,deg,G,m/s,rpm,km/h",
		",,,,,100: gps,100: gps,100: gps,100: gps,100: gps,100: gps,calc,calc,calc,200: obd,200: obd",
	];
	const rows: string[] = [];
	const crossingList = crossingsMs(seconds);
	const crossings = new Set(crossingList);
	const grid = times(seconds, 5);
	const all = [...new Set([...grid, ...crossings])].sort((a, b) => a - b);
	let rpmTick = 0;
	for (const t of all) {
		const s = sampleAt(t);
		const onGrid = grid.includes(t);
		// rpm is sampled every other grid row: blank cells in between keep the last value.
		const rpm = onGrid && rpmTick++ % 2 === 0 ? f(6000 + (t % 7000) / 10, 0) : "";
		rows.push(
			[
				f(s.tMs / 1000, 3),
				"0",
				String(crossingList.filter((c) => c <= t).length),
				f(t / 1000, 3),
				f(s.distanceM, 3),
				"780.5",
				f(s.headingDeg, 2),
				f(s.lat, 7),
				f(s.lon, 7),
				"12",
				f(s.speedKmh / 3.6, 3),
				f(s.leanDeg, 3),
				f(s.latAccG, 4),
				f(s.speedKmh / 3.6 + 0.1, 3),
				rpm,
				f(s.speedKmh + 1, 2),
			].join(","),
		);
		// An OBD sample between GPS rows: no position, so not a fix.
		if (onGrid && t % 1000 === 0 && t > 0) {
			rows.push(
				[
					f((s.tMs + 100) / 1000, 3),
					"0",
					String(crossingList.filter((c) => c <= t + 100).length),
					"",
					"",
					"",
					"",
					"",
					"",
					"",
					"",
					"",
					"",
					"",
					"7000",
					"",
				].join(","),
			);
		}
	}
	extraRows(rows);
	return `${[...head, ...rows].join("\n")}\n`;
}

define("racechrono/normal.csv", () => raceChrono(110, () => {}));
define(
	"racechrono/crlf-bom.csv",
	() =>
		new Uint8Array([
			0xef,
			0xbb,
			0xbf,
			...new TextEncoder().encode(raceChrono(20, () => {}).replaceAll("\n", "\r\n")),
		]),
);
define("racechrono/format-2.csv", () => raceChrono(5, () => {}, 2));
define("racechrono/broken.csv", () =>
	raceChrono(10, (rows) => {
		// Line numbers in the file: 12 header lines, then these rows in order.
		const good = rows[10]!;
		const cells = good.split(",");
		rows.splice(11, 0, good); // a row repeated byte for byte
		rows.splice(12, 0, cells.slice(0, 8).join(",")); // cut short
		rows.splice(13, 0, ["abc", ...cells.slice(1)].join(",")); // unreadable timestamp
		rows.splice(14, 0, [...cells.slice(0, 7), "north", ...cells.slice(8)].join(",")); // unreadable latitude
		rows.splice(15, 0, [cells[0], ...cells.slice(1, 7), "95.0", ...cells.slice(8)].join(",")); // out of range
		rows.splice(16, 0, [f(Number(cells[0]) - 5, 3), ...cells.slice(1)].join(",")); // time goes back
		const later = rows[20]!.split(",");
		later[10] = "fast";
		rows[20] = later.join(","); // unreadable speed: the fix is kept without it
		rows.splice(25, 0, ""); // a blank line
	}),
);

// ---- VBO ------------------------------------------------------------------------------------

const minutes = (deg: number) => deg * 60;
const signed = (v: number, width: number, d: number) =>
	`${v < 0 ? "-" : "+"}${Math.abs(v).toFixed(d).padStart(width, "0")}`;
function hhmmss(ms: number, decimals = 2): string {
	const day = ms % 86_400_000;
	const h = Math.floor(day / 3_600_000);
	const m = Math.floor(day / 60_000) % 60;
	const s = (day % 60_000) / 1000;
	return `${String(h).padStart(2, "0")}${String(m).padStart(2, "0")}${s.toFixed(decimals).padStart(3 + decimals, "0")}`;
}

function vboRaceChronoStyle(): string {
	const start = pointNearLine(0, 0);
	const ahead = pointNearLine(30, 0);
	const split1 = pointNearLine(250, 0);
	const split1b = pointNearLine(280, 0);
	const split2 = pointNearLine(600, 0);
	const split2b = pointNearLine(630, 0);
	const gate = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) =>
		`${signed(-minutes(a.lon), 10, 6)} ${signed(minutes(a.lat), 10, 6)} ${signed(-minutes(b.lon), 10, 6)} ${signed(minutes(b.lat), 10, 6)}`;
	const lines = [
		"File created on 01/03/2025 at 14:05:00",
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
		"latacc-calc g",
		"lean_angle-calc",
		"",
		"[comments]",
		"Generated by RaceChrono v10.2.4",
		"http://racechrono.com/",
		"",
		"[session data]",
		"name Oval de teste",
		"",
		"[laptiming]",
		`Start   ${gate(start, ahead)} ¬ Start`,
		`Split   ${gate(split1, split1b)} ¬ 1°setor`,
		`Split   ${gate(split2, split2b)} ¬ 2°setor`,
		"",
		"[column names]",
		"sats time lat long velocity heading height longacc latacc latacc-calc lean_angle-calc",
		"",
		"[data]",
	];
	for (const t of times(110, 10)) {
		const s = sampleAt(t);
		lines.push(
			[
				"012",
				hhmmss(s.tMs),
				signed(minutes(s.lat), 11, 6),
				signed(-minutes(s.lon), 12, 6),
				f(s.speedKmh, 3).padStart(7, "0"),
				f(s.headingDeg, 2).padStart(6, "0"),
				signed(780.5, 8, 2),
				"+000.000",
				"+000.000",
				signed(s.latAccG, 7, 3),
				signed(s.leanDeg, 7, 3),
			].join(" "),
		);
	}
	return `${lines.join("\r\n")}\r\n`;
}
define("vbo/racechrono-style.vbo", () => vboRaceChronoStyle());

function latin1(text: string): Uint8Array {
	const out = new Uint8Array(text.length);
	for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0xff;
	return out;
}

function vboRaceBoxStyle(): Uint8Array {
	const left = pointNearLine(0, 12);
	const right = pointNearLine(0, -12);
	const lines = [
		"File created on 01/03/2025 @ 14:00",
		"",
		"[header]",
		"time",
		"latitude",
		"longitude",
		"velocity kmh",
		"heading",
		"height",
		"LongAcc",
		"LatAcc",
		"satellites",
		"",
		"[comments]",
		"Generated by RaceBox",
		"UTC Date Started : 01/03/2025 14:00",
		"Venue : Oval de teste",
		"",
		"[laptiming]",
		`Start        ${signed(minutes(left.lat), 11, 5)} ${signed(-minutes(left.lon), 12, 5)} ${signed(minutes(right.lat), 11, 5)} ${signed(-minutes(right.lon), 12, 5)} \u00ac   Start / Finish`,
		"",
		"[column names]",
		"time lat lng velocity heading height LongAcc LatAcc sats",
		"",
		"[data]",
	];
	times(110, 25).forEach((t, i) => {
		const s = sampleAt(t);
		// sats with the brake flag (+64) on some rows and DGPS (+128) on others.
		const sats = 14 + (i % 50 === 7 ? 64 : 0) + (i % 50 === 9 ? 128 : 0);
		lines.push(
			[
				hhmmss(s.tMs),
				signed(minutes(s.lat), 11, 5),
				signed(-minutes(s.lon), 12, 5),
				f(s.speedKmh, 3).padStart(7, "0"),
				f(s.headingDeg, 2).padStart(6, "0"),
				signed(780.5, 8, 2),
				"-0.010",
				signed(s.latAccG, 5, 3),
				String(sats),
			].join(" "),
		);
	});
	return latin1(`${lines.join("\n")}\n`);
}
define("vbo/racebox-style.vbo", () => vboRaceBoxStyle());

function vboDegreesWithoutNames(): string {
	const lines = ["File created on 01/03/2025 @ 14:00", "", "[data]"];
	for (const t of times(30, 10)) {
		const s = sampleAt(t);
		lines.push(
			[
				"010",
				hhmmss(s.tMs),
				f(s.lat, 7),
				f(s.lon, 7),
				f(s.speedKmh, 2),
				f(s.headingDeg, 1),
				"780.5",
			].join(" "),
		);
	}
	return `${lines.join("\n")}\n`;
}
define("vbo/degrees-no-names.vbo", () => vboDegreesWithoutNames());

function vboShifted(): string {
	// The names declare a leading sats column the rows do not have.
	const lines = [
		"File created on 01/03/2025 @ 14:00",
		"",
		"[column names]",
		"sats time lat long velocity heading height",
		"",
		"[data]",
	];
	for (const t of times(30, 10)) {
		const s = sampleAt(t);
		lines.push(
			[
				hhmmss(s.tMs),
				signed(minutes(s.lat), 11, 5),
				signed(-minutes(s.lon), 12, 5),
				f(s.speedKmh, 3),
				f(s.headingDeg, 2),
				"+00780.50",
			].join(" "),
		);
	}
	return `${lines.join("\n")}\n`;
}
define("vbo/shifted-columns.vbo", () => vboShifted());

function vboBroken(): string {
	const lines = [
		"File created on 01/03/2025 @ 23:59",
		"",
		"[column names]",
		"sats time lat long velocity heading height",
		"",
		"[data]",
	];
	// Around midnight: 23:59:55 to 00:00:05 at 10 Hz, the day rolls over.
	const base = Date.UTC(2025, 2, 1, 23, 59, 55) - START_MS;
	const row = (t: number, override: Partial<Record<"speed" | "lat" | "time", string>> = {}) => {
		const s = sampleAt(base + t);
		return [
			"011",
			override.time ?? hhmmss(s.tMs),
			override.lat ?? signed(minutes(s.lat), 11, 5),
			signed(-minutes(s.lon), 12, 5),
			override.speed ?? f(s.speedKmh, 3),
			f(s.headingDeg, 2),
			"+00780.50",
		].join(" ");
	};
	for (const t of times(10, 10)) {
		if (t === 1000)
			lines.push(row(t, { speed: "612.000" })); // faster than 150 m/s
		else if (t === 2000)
			lines.push(row(t, { lat: signed(minutes(-23.69), 11, 5) })); // a 1 km spike
		else if (t === 3000)
			lines.push(row(t, { time: "23:59:58" })); // not HHMMSS.SS
		else if (t === 4000)
			lines.push("011 235959.00 +"); // cut short
		else if (t === 5100)
			lines.push(row(4900)); // time goes back
		else lines.push(row(t));
	}
	lines.push("", "[avifile]", "video.mp4");
	return `${lines.join("\n")}\n`;
}
define("vbo/broken.vbo", () => vboBroken());

// ---- NMEA -----------------------------------------------------------------------------------

function checksum(body: string): string {
	let x = 0;
	for (let i = 0; i < body.length; i++) x ^= body.charCodeAt(i);
	return x.toString(16).toUpperCase().padStart(2, "0");
}
const sentence = (body: string) => `$${body}*${checksum(body)}`;
function nmeaAngle(deg: number, degWidth: number): string {
	const a = Math.abs(deg);
	const d = Math.floor(a);
	return `${String(d).padStart(degWidth, "0")}${((a - d) * 60).toFixed(5).padStart(8, "0")}`;
}
function ddmmyy(ms: number): string {
	const d = new Date(ms);
	return `${String(d.getUTCDate()).padStart(2, "0")}${String(d.getUTCMonth() + 1).padStart(2, "0")}${String(d.getUTCFullYear() % 100).padStart(2, "0")}`;
}
function rmc(s: Sample, talker = "GP", status = "A", mode = "A"): string {
	return sentence(
		`${talker}RMC,${hhmmss(s.tMs, 3)},${status},${nmeaAngle(s.lat, 2)},${s.lat < 0 ? "S" : "N"},${nmeaAngle(s.lon, 3)},${s.lon < 0 ? "W" : "E"},${f(s.speedKmh / 1.852, 2)},${f(s.headingDeg, 2)},${ddmmyy(s.tMs)},,,${mode}`,
	);
}
function gga(s: Sample, talker = "GP", quality = 1): string {
	return sentence(
		`${talker}GGA,${hhmmss(s.tMs, 3)},${nmeaAngle(s.lat, 2)},${s.lat < 0 ? "S" : "N"},${nmeaAngle(s.lon, 3)},${s.lon < 0 ? "W" : "E"},${quality},11,0.9,780.5,M,-5.0,M,,`,
	);
}

define("nmea/normal.nmea", () => {
	const lines: string[] = [];
	for (const t of times(110, 10)) {
		const s = sampleAt(t);
		lines.push(gga(s), rmc(s));
		if (t % 1000 === 0) lines.push(sentence("GPGSA,A,3,01,02,03,04,05,06,07,08,,,,,1.5,0.9,1.2"));
	}
	return `${lines.join("\r\n")}\r\n`;
});
define("nmea/gn-talkers.nmea", () => {
	const lines: string[] = [];
	times(20, 10).forEach((t, i) => {
		const s = sampleAt(t);
		const talker = ["GN", "GL", "GA", "BD"][i % 4]!;
		lines.push(rmc(s, talker, "A", ""));
		if (i % 10 === 0) lines.push(gga(s, "GN"));
	});
	return `${lines.join("\n")}\n`;
});
define("nmea/gga-only.nmea", () => {
	const lines: string[] = [];
	for (const t of times(20, 5)) lines.push(gga(sampleAt(t)));
	return `${lines.join("\n")}\n`;
});
define("nmea/broken.nmea", () => {
	// Around midnight, with one broken sentence of each kind.
	const base = Date.UTC(2025, 2, 1, 23, 59, 58) - START_MS;
	const lines: string[] = [];
	for (const t of times(4, 5)) {
		const s = sampleAt(base + t);
		if (t === 200)
			lines.push(rmc(s).replace(/\*..$/, "*00")); // wrong checksum
		else if (t === 400)
			lines.push(rmc(s).slice(0, 30) + gga(s)); // cut short, another after it
		else if (t === 600)
			lines.push(rmc(s).slice(0, 40)); // cut short at the end of the line
		else if (t === 800)
			lines.push(rmc(s, "GP", "V")); // void fix
		else if (t === 1000) lines.push("garbage without a sentence");
		else if (t === 1200)
			lines.push(gga(s, "GP", 0)); // GGA without a fix, and no RMC
		else lines.push(rmc(s));
	}
	return `${lines.join("\n")}\n`;
});

// ---- GPX ------------------------------------------------------------------------------------

const iso = (ms: number) => new Date(ms).toISOString();
function trkpt(s: Sample, inner: string, indent = "      "): string {
	return `${indent}<trkpt lat="${f(s.lat, 8)}" lon="${f(s.lon, 8)}">\n${indent}  <ele>780.5</ele>\n${indent}  <time>${iso(s.tMs)}</time>\n${inner}${indent}</trkpt>`;
}
define("gpx/garmin-v2.gpx", () => {
	// Two segments written in reverse time order, Garmin TrackPointExtension v2 as "gpxtpx".
	const seg = (from: number, to: number) =>
		times(to - from, 5)
			.map((t) => {
				const s = sampleAt(from * 1000 + t);
				return trkpt(
					s,
					`        <extensions><gpxtpx:TrackPointExtension><gpxtpx:speed>${f(s.speedKmh / 3.6, 3)}</gpxtpx:speed><gpxtpx:course>${f(s.headingDeg, 1)}</gpxtpx:course></gpxtpx:TrackPointExtension></extensions>\n`,
				);
			})
			.join("\n");
	return `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="Garmin Connect" xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2">
  <metadata><name>Oval de teste</name><time>${iso(START_MS)}</time></metadata>
  <trk>
    <name>Treino &amp; corrida</name>
    <trkseg>
${seg(60, 110)}
    </trkseg>
    <trkseg>
${seg(0, 59.8)}
    </trkseg>
  </trk>
</gpx>
`;
});
define("gpx/other-prefixes.gpx", () => {
	// The same extension (v2) under another prefix, declared on the element; v1 under "tpx".
	const points = times(20, 5)
		.map((t) => {
			const s = sampleAt(t);
			return trkpt(
				s,
				`        <extensions>\n          <ns3:TrackPointExtension xmlns:ns3="http://www.garmin.com/xmlschemas/TrackPointExtension/v2"><ns3:speed>${f(s.speedKmh / 3.6, 3)}</ns3:speed></ns3:TrackPointExtension>\n          <tpx:TrackPointExtension><tpx:hr>150</tpx:hr></tpx:TrackPointExtension>\n        </extensions>\n`,
			);
		})
		.join("\n");
	return `<?xml version="1.0"?>
<!-- exported by a phone app -->
<g:gpx xmlns:g="http://www.topografix.com/GPX/1/1" xmlns:tpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1" version="1.1" creator="Phone">
  <g:trk><g:trkseg>
${points.replaceAll("<trkpt", "<g:trkpt").replaceAll("</trkpt>", "</g:trkpt>").replaceAll("<ele>", "<g:ele>").replaceAll("</ele>", "</g:ele>").replaceAll("<time>", "<g:time>").replaceAll("</time>", "</g:time>").replaceAll("<extensions>", "<g:extensions>").replaceAll("</extensions>", "</g:extensions>")}
  </g:trkseg></g:trk>
</g:gpx>
`;
});
define("gpx/gpx10.gpx", () => {
	// GPX 1.0 as gpsbabel writes it: speed and course as plain elements.
	const points = times(20, 5)
		.map((t) => {
			const s = sampleAt(t);
			return `<trkpt lat="${f(s.lat, 9)}" lon="${f(s.lon, 9)}">\n<time>${iso(s.tMs)}</time>\n<course>${f(s.headingDeg, 6)}</course>\n<speed>${f(s.speedKmh / 3.6, 6)}</speed>\n</trkpt>`;
		})
		.join("\n");
	return `<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.0" creator="GPSBabel - https://www.gpsbabel.org" xmlns="http://www.topografix.com/GPX/1/0">\n<trk>\n<trkseg>\n${points}\n</trkseg>\n</trk>\n</gpx>\n`;
});
define("gpx/lapsix-lean.gpx", () => {
	// lapsix's own extension: measured lean, and an estimated one on every fifth point.
	const points = times(20, 5)
		.map((t, i) => {
			const s = sampleAt(t);
			const estimated = i % 5 === 4;
			return trkpt(
				s,
				`        <extensions><lx:lean estimated="${estimated}">${f(s.leanDeg, 2)}</lx:lean></extensions>\n`,
			);
		})
		.join("\n");
	return `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="lapsix" xmlns="http://www.topografix.com/GPX/1/1" xmlns:lx="https://lapsix.app/xmlns/gpx/1">
  <trk><name>Oval de teste</name><trkseg>
${points}
  </trkseg></trk>
</gpx>
`;
});
define("gpx/broken.gpx", () => {
	const s = (t: number) => sampleAt(t);
	const good = (t: number) => trkpt(s(t), "");
	return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE gpx [
  <!ENTITY lol "lol">
  <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
]>
<gpx version="1.1" creator="&lol2;" xmlns="http://www.topografix.com/GPX/1/1">
  <trk><trkseg>
${good(0)}
      <trkpt lat="-23.7" lon="-46.7"><ele>1</ele></trkpt>
      <trkpt lat="north" lon="-46.7"><time>${iso(s(200).tMs)}</time></trkpt>
      <trkpt lat="-23.7" lon="-46.7"><time>yesterday</time></trkpt>
${good(400)}
${good(200)}
      <trkpt lat="-23.70010" lon="-46.70010"><time>${iso(s(600).tMs)}</time><ele>&lol2;</ele></trkpt>
${good(800)}
      <trkpt lat="-23.7" lon="-46.7"><time>${iso(s(900).tMs)}
`;
});

// ---- TrackAddict ----------------------------------------------------------------------------

function trackAddict(opts: { utc: boolean; mph: boolean }): string {
	const header = [
		"Time",
		...(opts.utc ? ["UTC Time"] : []),
		"Lap",
		"GPS_Update",
		"GPS_Delay",
		"Latitude",
		"Longitude",
		"Altitude (m)",
		opts.mph ? "Speed (MPH)" : "Speed (Km/h)",
		"Heading",
		"Accuracy (m)",
		"Accel X",
		"Accel Y",
		"Accel Z",
	];
	const lines = [
		"# RaceRender Data: TrackAddict 4.3.5 on Android 9 [test phone] (Mode: 0)",
		"# GPS: Android; Mode: Android",
		header.map((h) => `"${h}"`).join(","),
	];
	const crossings = crossingsMs(110);
	let lap = 0;
	let held = sampleAt(0);
	let nextCrossing = 0;
	for (const t of times(110, 20)) {
		// The GPS updates once a second; rows in between repeat its last fix.
		const update = t % 1000 === 0;
		if (update) held = sampleAt(t);
		if (nextCrossing < crossings.length && t >= crossings[nextCrossing]! + 300) {
			// The app notices the crossing a little later and writes the lap it just ended.
			const end = crossings[nextCrossing]!;
			const startOfLap = nextCrossing === 0 ? 0 : crossings[nextCrossing - 1]!;
			lines.push(`# Lap ${lap}: ${lapText(end - startOfLap)}`);
			if (nextCrossing === 1) lines.push("# Pit Lane Entry");
			lap++;
			nextCrossing++;
		}
		const speed = opts.mph ? held.speedKmh / 1.609344 : held.speedKmh;
		lines.push(
			[
				f(t / 1000, 3),
				...(opts.utc ? [f((START_MS + t) / 1000, 3)] : []),
				String(lap),
				update ? "1" : "0",
				"0.000",
				f(held.lat, 7),
				f(held.lon, 7),
				"780.5",
				f(speed, 1),
				f(held.headingDeg, 1),
				"5.0",
				f(held.latAccG, 2),
				"0.00",
				"0.00",
			].join(","),
		);
	}
	lines.push("# Session End");
	return `${lines.join("\n")}\n`;
}
function lapText(ms: number): string {
	const h = Math.floor(ms / 3_600_000);
	const m = Math.floor(ms / 60_000) % 60;
	const s = (ms % 60_000) / 1000;
	return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:${s.toFixed(3).padStart(6, "0")}`;
}
define("trackaddict/normal.csv", () => trackAddict({ utc: true, mph: false }));
define("trackaddict/mph-no-utc.csv", () => trackAddict({ utc: false, mph: true }));
define("trackaddict/broken.csv", () => {
	const text = trackAddict({ utc: true, mph: false }).split("\n").slice(0, 80);
	text.splice(10, 0, "1.000,1559734112.000,0,1"); // cut short
	text.splice(20, 0, "x,y,0,1,0.000,-23.7,-46.7,780.5,72.0,90.0,5.0,0.00,0.00,0.00"); // unreadable times
	text.splice(
		30,
		0,
		"9.000,1740837609.000,0,1,0.000,-95.0,-46.7,780.5,72.0,90.0,5.0,0.00,0.00,0.00",
	); // out of range
	text.splice(40, 0, "# a comment the importer does not know");
	return `${text.join("\n")}\n`;
});

// ---- RaceCapture ----------------------------------------------------------------------------

function raceCapture(seconds: number, broken: boolean): string {
	const header = [
		'"Interval"|"ms"|0|0|1',
		'"Utc"|"ms"|0|0|1',
		'"Battery"|"Volts"|0.0|50.0|1',
		'"AccelX"|"G"|-3.0|3.0|50',
		'"Latitude"|"Degrees"|-180.0|180.0|10',
		'"Longitude"|"Degrees"|-180.0|180.0|10',
		'"Speed"|"mph"|0.0|150.0|10',
		'"Altitude"|"ft"|0.0|4000.0|10',
		'"GPSSats"|""|0|20|10',
		'"LapCount"|""|0|0|10',
		'"RPM"|"rpm"|0|10000|25',
	].join(",");
	const lines = [header];
	const crossings = crossingsMs(seconds);
	for (let t = 0; t <= seconds * 1000; t += 20) {
		const gps = t % 100 === 0;
		const s = sampleAt(t);
		// No GPS time for the first half second: Utc 0, positions 0,0.
		const locked = t >= 500;
		const cells = [
			String(t + 1000),
			gps ? (locked ? String(Math.round(s.tMs)) : "0") : "",
			t % 1000 === 0 ? "12.9" : "",
			f(s.latAccG, 2),
			gps ? (locked ? f(s.lat, 7) : "0.0") : "",
			gps ? (locked ? f(s.lon, 7) : "0.0") : "",
			gps ? f(s.speedKmh / 1.609344, 2) : "",
			gps ? "2560.7" : "",
			gps ? "11" : "",
			gps ? String(crossings.filter((c) => c <= t).length) : "",
			t % 40 === 0 ? String(6000 + (t % 3000)) : "",
		];
		lines.push(cells.join(","));
	}
	if (broken) {
		lines.splice(40, 0, "1780,1740837600780,,0.1,north,-46.7,40,2560.7,11,0,"); // unreadable position
		lines.splice(60, 0, "2180,1740837601180,,0.1,95.0,-46.7,40,2560.7,11,0,"); // out of range
		lines.splice(80, 0, "1000,1740837600000,,0.1,-23.7,-46.7,40,2560.7,11,0,"); // time goes back
		lines.splice(100, 0, header); // a new header mid-file
	}
	return `${lines.join("\r\n")}\r\n`;
}

define("racecapture/normal.log", () => raceCapture(110, false));
define("racecapture/broken.log", () => raceCapture(4, true));

// ---- AiM CSV ----------------------------------------------------------------------------------

function aim(seconds: number, broken: boolean): string {
	const crossings = crossingsMs(seconds);
	const q = (cells: string[]) => cells.map((c) => `"${c}"`).join(",");
	const lines = [
		q(["Format", "AiM CSV File"]),
		q(["Venue", "Oval de teste"]),
		q(["Vehicle", "Kart"]),
		q(["User", "Piloto"]),
		q(["Data Source", "MyChron5 12345"]),
		q(["Comment", ""]),
		q(["Date", "Saturday, March 01, 2025"]),
		q(["Time", "11:00 AM"]),
		q(["Sample Rate", "20"]),
		q(["Duration", f(seconds, 3)]),
		q(["Segment", "Session"]),
		q(["Beacon Markers", ...crossings.map((c) => f(c / 1000, 3))]),
		"",
		q([
			"Time",
			"GPS Speed",
			"GPS Nsat",
			"GPS LatAcc",
			"GPS Heading",
			"GPS Altitude",
			"GPS Latitude",
			"GPS Longitude",
			"RPM",
		]),
		q(["s", "km/h", "#", "g", "deg", "m", "deg", "deg", "rpm"]),
		"",
	];
	for (let t = 0; t <= seconds * 1000; t += 50) {
		const s = sampleAt(t);
		lines.push(
			q([
				f(t / 1000, 3),
				f(s.speedKmh, 1),
				"12",
				f(s.latAccG, 2),
				f(s.headingDeg, 1),
				"780.5",
				f(s.lat, 8),
				f(s.lon, 8),
				String(6000 + (t % 3000)),
			]),
		);
	}
	if (broken) {
		lines.splice(20, 0, q(["x", "1", "1", "0", "0", "0", "-23.7", "-46.7", "0"]));
		lines.splice(30, 0, q(["0.100", "1", "1", "0", "0", "0", "-23.7", "-46.7", "0"]));
		lines.splice(40, 0, q(["9.000", "1", "1", "0", "0", "0", "", "", "0"]));
	}
	return `${lines.join("\n")}\n`;
}

define("aim/normal.csv", () => aim(110, false));
define("aim/broken.csv", () => aim(3, true));
