import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
	contentDisposition,
	EXPORT_FORMATS,
	exportDisplayName,
	exportFileName,
	slugify,
} from "./file-names";

describe("export file names", () => {
	it.each([
		["Autódromo José Carlos Pace", "autodromo-jose-carlos-pace"],
		["Kartódromo Granja Viana", "kartodromo-granja-viana"],
		['../../etc/passwd"; rm -rf', "etc-passwd-rm-rf"],
		["  ", "sessao"],
		["東京", "sessao"],
		["Velocittà — Mogi Guaçu (SP)", "velocitta-mogi-guacu-sp"],
	])("slugifies %j as %j", (name, slug) => {
		expect(slugify(name)).toBe(slug);
	});

	it("gives ASCII names safe in a header, never longer than needed", () => {
		fc.assert(
			fc.property(fc.string({ unit: "grapheme", maxLength: 64 }), (name) => {
				const slug = slugify(name);
				expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
				expect(slug.length).toBeLessThanOrEqual(48);
				const file = exportFileName({ trackName: name, date: "2025-03-01" }, "gpx");
				expect(contentDisposition(file)).toBe(`attachment; filename="${file}"`);
			}),
		);
	});

	it("says track, date and lap in the name", () => {
		expect(exportFileName({ trackName: "Interlagos", date: "2025-03-01" }, "gpx")).toBe(
			"lapsix_interlagos_2025-03-01.gpx",
		);
		expect(exportFileName({ trackName: "Interlagos", date: "2025-03-01", lap: 7 }, "vbo")).toBe(
			"lapsix_interlagos_2025-03-01_volta-7.vbo",
		);
		expect(exportFileName({ trackName: null, date: null }, "csv")).toBe(
			"lapsix_sessao_sem-data.csv",
		);
		expect(exportFileName({ trackName: "X", date: "1/3/2025" }, "kml")).toBe(
			"lapsix_x_sem-data.kml",
		);
	});

	it("has a media type for each format", () => {
		expect(EXPORT_FORMATS.gpx.contentType).toBe("application/gpx+xml");
		expect(EXPORT_FORMATS.kml.contentType).toBe("application/vnd.google-earth.kml+xml");
		expect(EXPORT_FORMATS.csv.contentType).toBe("text/csv; charset=utf-8");
		expect(EXPORT_FORMATS.vbo.contentType).toBe("text/plain; charset=utf-8");
	});

	it("offers the name as written in filename* (RFC 6266), decodable back to it", () => {
		const parts = { trackName: 'Velocittà: "Mogi" / Guaçu', date: "2025-03-01", lap: 3 };
		const display = exportDisplayName(parts, "gpx");
		expect(display).toBe("lapsix_Velocittà_ _Mogi_ _ Guaçu_2025-03-01_volta-3.gpx");
		const header = contentDisposition(exportFileName(parts, "gpx"), display);
		const match = /; filename\*=UTF-8''([^;\s]+)$/.exec(header);
		expect(match).not.toBeNull();
		expect(match![1]).toMatch(/^[A-Za-z0-9%._~!$&+^`|#-]+$/);
		expect(decodeURIComponent(match![1]!)).toBe(display);
		expect(header.startsWith('attachment; filename="lapsix_velocitta-mogi-guacu_')).toBe(true);
		// An ASCII-only name needs no second form.
		const plain = { trackName: "interlagos", date: "2025-03-01" };
		expect(exportDisplayName(plain, "csv")).toBe("lapsix_interlagos_2025-03-01.csv");
		expect(contentDisposition(exportFileName(plain, "csv"), exportDisplayName(plain, "csv"))).toBe(
			'attachment; filename="lapsix_interlagos_2025-03-01.csv"',
		);
	});
	it("cuts a long name to 48 characters without a dash at the end", () => {
		const long = "Autódromo Internacional de Santa Cruz do Sul - Circuito Completo";
		expect(slugify(long)).toBe("autodromo-internacional-de-santa-cruz-do-sul-cir");
		// The 48th character is a dash: it goes.
		expect(slugify(`${"a".repeat(47)} b`)).toBe("a".repeat(47));
	});

	it("takes only a whole yyyy-mm-dd date, and no lap for the whole session", () => {
		expect(exportFileName({ trackName: "X", date: "12025-03-01" }, "gpx")).toBe(
			"lapsix_x_sem-data.gpx",
		);
		expect(exportFileName({ trackName: "X", date: "2025-03-01x" }, "gpx")).toBe(
			"lapsix_x_sem-data.gpx",
		);
		expect(exportFileName({ trackName: "X", date: "2025-03-01", lap: null }, "gpx")).toBe(
			"lapsix_x_2025-03-01.gpx",
		);
	});

	it("writes the display name's track with single spaces, trimmed, at most 48 characters", () => {
		const date = "2025-03-01";
		expect(exportDisplayName({ trackName: "  Granja    Viana  ", date }, "kml")).toBe(
			"lapsix_Granja Viana_2025-03-01.kml",
		);
		const long = "Autódromo Internacional de Santa Cruz do Sul - Circuito Completo";
		expect(exportDisplayName({ trackName: long, date }, "kml")).toBe(
			`lapsix_${long.slice(0, 48)}_2025-03-01.kml`,
		);
		// Nothing left of the track: the ASCII name.
		for (const trackName of [null, "   "]) {
			expect(exportDisplayName({ trackName, date }, "kml")).toBe(
				exportFileName({ trackName, date }, "kml"),
			);
		}
	});

	it("keeps the quoted filename ASCII and percent-encodes RFC 5987's reserved ' ( ) * in filename*", () => {
		expect(contentDisposition('a "b".gpx')).toBe('attachment; filename="a__b_.gpx"');
		expect(contentDisposition("lapsix_x.gpx", "lapsix_d'Oeste (SP)*.gpx")).toBe(
			"attachment; filename=\"lapsix_x.gpx\"; filename*=UTF-8''lapsix_d%27Oeste%20%28SP%29%2A.gpx",
		);
	});
});
