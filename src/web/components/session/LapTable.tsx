import { useMemo, useState } from "react";
import type { LapView } from "../../../shared/api/sessions";
import { formatEntry, formatLapTime, formatMetres } from "../../lib/format";
import { DEFAULT_LAP_SORT, type LapSortColumn, sortLaps } from "../../lib/lap-table";
import { ariaSort, nextSortState, type SortState, sortIndicator } from "../../lib/sort";

function SortHeader({
	column,
	label,
	sort,
	onSort,
	numeric,
}: {
	column: LapSortColumn;
	label: string;
	sort: SortState<LapSortColumn>;
	onSort: (column: LapSortColumn) => void;
	numeric?: boolean;
}) {
	return (
		<th
			scope="col"
			aria-sort={ariaSort(sort, column)}
			className={numeric ? "table__num" : undefined}
		>
			<button type="button" className="table__sort" onClick={() => onSort(column)}>
				{label}
				<span className="table__arrow" aria-hidden="true">
					{sortIndicator(sort, column)}
				</span>
			</button>
		</th>
	);
}

/**
 * # | Bateria | Tempo | Distância | Entrada | Setores, with the best lap and best sectors marked
 * as the server says (`best`).
 */
export function LapTable({ laps }: { laps: readonly LapView[] }) {
	const [sort, setSort] = useState<SortState<LapSortColumn>>(DEFAULT_LAP_SORT);
	const rows = useMemo(() => sortLaps(laps, sort), [laps, sort]);
	const onSort = (column: LapSortColumn) => setSort((s) => nextSortState(s, column));

	return (
		<div className="table-wrap">
			<table className="table lap-table" data-testid="lap-table">
				<caption className="visually-hidden">
					Voltas da sessão; a melhor volta e os melhores setores em destaque.
				</caption>
				<thead>
					<tr>
						<SortHeader column="number" label="#" sort={sort} onSort={onSort} numeric />
						<th scope="col">Bateria</th>
						<SortHeader column="time" label="Tempo" sort={sort} onSort={onSort} numeric />
						<SortHeader column="distance" label="Distância" sort={sort} onSort={onSort} numeric />
						<th scope="col">Entrada</th>
						<th scope="col">Setores</th>
					</tr>
				</thead>
				<tbody>
					{rows.map((lap) => (
						<tr key={lap.number} className={lap.best ? "lap-table__best" : undefined}>
							<td className="table__num">
								{lap.best ? <span className="lap-table__tag">melhor</span> : null}
								{lap.number}
							</td>
							<td>{lap.battery}</td>
							<td className="table__num" data-testid="lap-time">
								{formatLapTime(lap.timeMs)}
							</td>
							<td className="table__num">{formatMetres(lap.distanceM)}</td>
							<td className="num">{formatEntry(lap.entry)}</td>
							<td>
								<span className="lap-table__sectors">
									{lap.sectors.map((sector) => {
										const isBest = sector.best;
										return (
											<span
												key={sector.number}
												className={isBest ? "sector sector--best" : "sector"}
												title={isBest ? "Melhor tempo deste setor" : undefined}
											>
												<span className="sector__n">S{sector.number}</span>
												<span className="sector__t num">{sector.display}</span>
												<span className="sector__m num">{formatMetres(sector.distanceM)}</span>
											</span>
										);
									})}
									{lap.sectors.length === 0 ? <span className="lap-table__none">—</span> : null}
								</span>
							</td>
						</tr>
					))}
				</tbody>
			</table>
		</div>
	);
}
