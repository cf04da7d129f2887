import { describe, expect, it } from "vitest";
import { detectFormat } from "./detect";
import { fixtureBytes, fixturePaths } from "./test-files";
import { bytesOf, latin1Bytes } from "./test-support";

describe("detectFormat", () => {
	it("recognises every fixture by its content, whatever its name", () => {
		for (const path of fixturePaths()) {
			const expected = path.split("/")[0];
			expect(detectFormat(fixtureBytes(path)), path).toBe(expected);
		}
	});

	it("recognises a lapsix logger's gps.six and lap.six (read elsewhere)", () => {
		expect(
			detectFormat(bytesOf("-23.7011000,-46.6972000|12.50|9|095958.00|0|0|12.6V|0.00|0.00|0\n")),
		).toBe("six");
		expect(detectFormat(bytesOf("0123456|12.6V|36000|20100,0,5,7,,400|||||2|1800|1\n"))).toBe(
			"six",
		);
	});

	it("recognises RaceCapture and AiM exports by their first lines", () => {
		expect(
			detectFormat(
				bytesOf('"Interval"|"ms"|0|0|1,"Utc"|"ms"|0|0|1,"Latitude"|"Degrees"|-180|180|10\n'),
			),
		).toBe("racecapture");
		expect(detectFormat(bytesOf('"Format","AiM CSV File"\n"Venue","X"\n'))).toBe("aim");
	});

	it("recognises UTF-16 text by its byte-order mark", () => {
		const text = "File created on 01/03/2025 @ 14:00\r\n\r\n[data]\r\n";
		const utf16 = new Uint8Array(2 + text.length * 2);
		utf16.set([0xff, 0xfe]);
		for (let i = 0; i < text.length; i++) utf16[2 + 2 * i] = text.charCodeAt(i);
		expect(detectFormat(utf16)).toBe("vbo");
	});

	it("gives null for anything else", () => {
		for (const text of [
			"",
			"hello",
			"a,b,c\n1,2,3\n",
			"<html><body/></html>",
			"\u0000\u0001\u0002",
		]) {
			expect(detectFormat(bytesOf(text)), text).toBeNull();
		}
	});
});

/** `text` as UTF-8 after `count` UTF-8 byte-order marks. */
function withBoms(count: number, text: string): Uint8Array {
	const body = bytesOf(text);
	const out = new Uint8Array(3 * count + body.length);
	for (let i = 0; i < count; i++) out.set([0xef, 0xbb, 0xbf], 3 * i);
	out.set(body, 3 * count);
	return out;
}

const GPX_START = '<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="lapsix">\n';
const NMEA = "$GPRMC,140000.00,A,2342.0660,S,04641.8320,W,20.0,90.0,010325,,,A*6C";
const GPS_SIX = "-23.7011000,-46.6972000|12.50|9|095958.00|0|0|12.6V|0.00|0.00|0";

describe("detectFormat: reading the text", () => {
	it("skips a UTF-8 byte-order mark, and a second one written after it", () => {
		expect(detectFormat(withBoms(1, GPX_START))).toBe("gpx");
		expect(detectFormat(withBoms(2, '"Format","AiM CSV File"\n'))).toBe("aim");
	});

	it("reads a file that is not UTF-8 as Latin-1, where 0xA0 is a space", () => {
		expect(detectFormat(latin1Bytes(`${GPX_START}<metadata><name>Cl\u00e9o</name>`))).toBe("gpx");
		expect(detectFormat(latin1Bytes("\u00a0File created on 01/03/2025 @ 14:00\r\n"))).toBe("vbo");
	});

	it("skips blank and white lines before the first line, and its indentation", () => {
		expect(detectFormat(bytesOf(`\n   \r\n  ${GPX_START}`))).toBe("gpx");
	});

	it("reads the last line of a file without a final line end", () => {
		expect(detectFormat(bytesOf('<?xml version="1.0"?>\n<gpx version="1.1"/>'))).toBe("gpx");
		expect(detectFormat(bytesOf('"Format","AiM CSV File"'))).toBe("aim");
	});

	it("reads a file of exactly 16 KiB to its last line", () => {
		const start = '<?xml version="1.0"?>\n<!-- ';
		const end = ' -->\n<gpx version="1.1">';
		const text = start + "x".repeat(16_384 - start.length - end.length) + end;
		expect(bytesOf(text).length).toBe(16_384);
		expect(detectFormat(bytesOf(text))).toBe("gpx");
	});

	it("recognises a GPX written on one line longer than the 16 KiB read", () => {
		const point = '<trkpt lat="-23.7" lon="-46.6"><time>2025-03-01T14:00:00Z</time></trkpt>';
		const text = `<?xml version="1.0"?><gpx version="1.1"><trk><trkseg>${point.repeat(400)}`;
		expect(text.length).toBeGreaterThan(16_384);
		expect(detectFormat(bytesOf(text))).toBe("gpx");
	});

	it("leaves out the line cut by the end of the 16 KiB read", () => {
		// An NMEA sentence and a long note: half the lines are sentences. The next sentence is cut
		// before its comma; counted, it would make the sentences fewer than half.
		const filler = "n".repeat(16_384 - NMEA.length - 1 - 1 - "$GPG".length);
		const text = `${NMEA}\n${filler}\n${NMEA}\n`;
		expect(detectFormat(bytesOf(text))).toBe("nmea");
	});
});

describe("detectFormat: the marks of each format", () => {
	it("takes XML for GPX only when it holds a gpx element, prefixed or not", () => {
		expect(
			detectFormat(
				bytesOf('<?xml version="1.0"?>\n<kml xmlns="http://www.opengis.net/kml/2.2">\n'),
			),
		).toBeNull();
		expect(detectFormat(bytesOf("Notes <gpx version=1.1>\n"))).toBeNull();
		expect(
			detectFormat(
				bytesOf('<?xml version="1.0"?>\n<gpx:gpx xmlns:gpx="http://www.topografix.com/GPX/1/1">\n'),
			),
		).toBe("gpx");
		expect(detectFormat(bytesOf('<?xml version="1.0"?>\n<gpx\nversion="1.1">\n'))).toBe("gpx");
	});

	it("takes RaceChrono only from its name on the first line and a Format line in the first 12", () => {
		const named = "This file is created using RaceChrono Pro v9.1.3";
		expect(detectFormat(bytesOf(`${named}\nFormat,3\n`))).toBe("racechrono");
		expect(detectFormat(bytesOf(`${named}\n${"Note,\n".repeat(11)}Format,3\n`))).toBeNull();
		expect(detectFormat(bytesOf(`${named}\nSubformat,3\nFormats,3\n`))).toBeNull();
	});

	it("takes VBO from its first line or from a section name alone on its line", () => {
		expect(detectFormat(bytesOf("File created on 01/03/2025 @ 14:00\r\n"))).toBe("vbo");
		expect(detectFormat(bytesOf("[header]\r\nsatellites\r\n"))).toBe("vbo");
		expect(detectFormat(bytesOf("Notes: file created on 01/03/2025\n"))).toBeNull();
		expect(detectFormat(bytesOf("x[header]\n[data]x\n"))).toBeNull();
	});

	it("takes TrackAddict from its RaceRender line or its GPS_Update and UTC Time columns", () => {
		expect(detectFormat(bytesOf("#RaceRender Data: TrackAddict 4.6.1\n"))).toBe("trackaddict");
		expect(detectFormat(bytesOf("Notes # RaceRender Data: TrackAddict\n"))).toBeNull();
		expect(detectFormat(bytesOf("Time,UTC Time,Lap,GPS_Update,Latitude\n1,2,3,4,5\n"))).toBe(
			"trackaddict",
		);
		expect(detectFormat(bytesOf("Time,UTC Time,Latitude\n"))).toBeNull();
		expect(detectFormat(bytesOf("Time,GPS_Update,Latitude\n"))).toBeNull();
	});

	it("takes RaceCapture from a first column Interval or Utc, quoted or not", () => {
		expect(detectFormat(bytesOf('Interval|"ms"|0|0|1,Utc|"ms"|0|0|1\n'))).toBe("racecapture");
		expect(
			detectFormat(bytesOf('"Latitude"|"Degrees"|-180|180|10,"Interval"|"ms"|0|0|1\n')),
		).toBeNull();
	});

	it("takes AiM from a line that begins with Format and AiM CSV File, quoted or not", () => {
		expect(detectFormat(bytesOf("Format,AiM CSV File\nVenue,X\n"))).toBe("aim");
		expect(detectFormat(bytesOf('"Format" , "AiM CSV File"\n'))).toBe("aim");
		expect(detectFormat(bytesOf('"Comment","Format","AiM CSV File"\n'))).toBeNull();
	});

	it("looks at the first 40 lines for marks and at the first 20 for NMEA or six lines", () => {
		expect(detectFormat(bytesOf(`${"1,2,3\n".repeat(45)}[data]\n`))).toBeNull();
		expect(detectFormat(bytesOf(`${`${NMEA}\n`.repeat(20)}${"1,2,3\n".repeat(25)}`))).toBe("nmea");
	});

	it("takes NMEA or six when at least half the lines are", () => {
		expect(detectFormat(bytesOf(`${NMEA}\nnote\n`))).toBe("nmea");
		expect(detectFormat(bytesOf(`${NMEA}\nnote\nnote\n`))).toBeNull();
		expect(detectFormat(bytesOf(`${GPS_SIX}\nnote\n`))).toBe("six");
		expect(detectFormat(bytesOf(`${GPS_SIX}\nnote\nnote\n`))).toBeNull();
	});
});
