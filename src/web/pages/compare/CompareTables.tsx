import type { CornerDifference, SectorDifference } from "../../../domain/compare";
import { formatSectorTime } from "../../lib/format";
import { deltaText } from "./compare-series";

function signed(value: number | null, digits: number, unit: string): string {
	if (value === null || !Number.isFinite(value)) return "—";
	const text = Math.abs(value).toLocaleString("pt-BR", {
		minimumFractionDigits: digits,
		maximumFractionDigits: digits,
	});
	const sign = value > 0 ? "+" : value < 0 ? "−" : "±";
	return `${sign}${text}${unit}`;
}

const diffClass = (ms: number | null) =>
	ms === null
		? ""
		: ms > 0
			? "compare-diff compare-diff--lost"
			: ms < 0
				? "compare-diff compare-diff--gained"
				: "compare-diff";

const time = (ms: number | null) => (ms === null ? "—" : formatSectorTime(ms));
const whole = (v: number | null, unit: string) =>
	v === null || !Number.isFinite(v) ? "—" : `${Math.round(v)}${unit}`;

/** Both laps' sector times, each sector's difference and the running one. */
export function SectorCompareTable({ sectors }: { sectors: SectorDifference[] }) {
	if (sectors.length === 0) {
		return <p className="compare-empty">Estas voltas não têm tempos de setor.</p>;
	}
	return (
		<div className="table-wrap">
			<table className="table compare-table" data-testid="compare-sectors">
				<thead>
					<tr>
						<th scope="col">Setor</th>
						<th scope="col" className="table__num">
							Volta
						</th>
						<th scope="col" className="table__num">
							Referência
						</th>
						<th scope="col" className="table__num">
							Dif.
						</th>
						<th scope="col" className="table__num">
							Acumulada
						</th>
					</tr>
				</thead>
				<tbody>
					{sectors.map((s) => (
						<tr key={s.number}>
							<th scope="row">S{s.number}</th>
							<td className="table__num">{time(s.lapMs)}</td>
							<td className="table__num">{time(s.referenceMs)}</td>
							<td className={`table__num ${diffClass(s.diffMs)}`}>{deltaText(s.diffMs)}</td>
							<td className={`table__num ${diffClass(s.cumulativeDiffMs)}`}>
								{deltaText(s.cumulativeDiffMs)}
							</td>
						</tr>
					))}
				</tbody>
			</table>
		</div>
	);
}

const sideText = (side: "left" | "right" | null) =>
	side === "left" ? "E" : side === "right" ? "D" : "";

function lean(figures: CornerDifference["lap"]): string {
	if (figures.maxLeanDeg === null) return "—";
	const side = sideText(figures.leanSide);
	return `${figures.maxLeanDeg.toLocaleString("pt-BR", { maximumFractionDigits: 1, minimumFractionDigits: 1 })}°${side ? ` ${side}` : ""}`;
}

/**
 * Corner by corner, where most time went first: time through the corner, entry, apex and exit
 * speed, the greatest lean and its side, the braking point in metres before the apex; each as
 * lap / reference and their difference.
 */
export function CornerCompareTable({
	corners,
	leanEstimated,
}: {
	corners: CornerDifference[];
	leanEstimated: boolean;
}) {
	if (corners.length === 0) {
		return <p className="compare-empty">Nenhuma curva encontrada nesta volta.</p>;
	}
	const pair = (a: string, b: string, diff: string, lost?: number | null) => (
		<td className="table__num">
			<span className="compare-pair">
				{a} / {b}
			</span>
			<span className={`compare-pair__diff ${diffClass(lost ?? null)}`}>{diff}</span>
		</td>
	);
	return (
		<div className="table-wrap">
			<table className="table compare-table" data-testid="compare-corners">
				<thead>
					<tr>
						<th scope="col">Curva</th>
						<th scope="col" className="table__num">
							Tempo (dif.)
						</th>
						<th scope="col" className="table__num">
							Entrada
						</th>
						<th scope="col" className="table__num">
							Ápice
						</th>
						<th scope="col" className="table__num">
							Saída
						</th>
						<th scope="col" className="table__num">
							Incl. máx.{leanEstimated ? " (estimada)" : ""}
						</th>
						<th scope="col" className="table__num">
							Frenagem (m antes do ápice)
						</th>
					</tr>
				</thead>
				<tbody>
					{corners.map((c) => (
						<tr key={c.corner.number} data-corner={c.corner.number}>
							<th scope="row">
								{c.corner.number}{" "}
								<span className="compare-muted">
									{c.corner.direction === "left" ? "esq." : "dir."}
								</span>
							</th>
							<td className={`table__num ${diffClass(c.diff.timeMs)}`}>
								{deltaText(c.diff.timeMs)}
							</td>
							{pair(
								whole(c.lap.entrySpeedKmh, ""),
								whole(c.reference.entrySpeedKmh, " km/h"),
								signed(c.diff.entrySpeedKmh, 0, ""),
							)}
							{pair(
								whole(c.lap.minSpeedKmh, ""),
								whole(c.reference.minSpeedKmh, " km/h"),
								signed(c.diff.minSpeedKmh, 0, ""),
							)}
							{pair(
								whole(c.lap.exitSpeedKmh, ""),
								whole(c.reference.exitSpeedKmh, " km/h"),
								signed(c.diff.exitSpeedKmh, 0, ""),
							)}
							{pair(lean(c.lap), lean(c.reference), signed(c.diff.maxLeanDeg, 1, "°"))}
							{pair(
								whole(c.lap.brakingBeforeApexM, ""),
								whole(c.reference.brakingBeforeApexM, " m"),
								signed(c.diff.brakingBeforeApexM, 0, " m"),
							)}
						</tr>
					))}
				</tbody>
			</table>
			<p className="compare-muted compare-note">
				Velocidades em km/h, volta / referência; a diferença é volta menos referência. Frenagem
				positiva: a volta freia antes da referência.
			</p>
		</div>
	);
}
