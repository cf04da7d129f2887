import { useTable } from "@tanstack/react-table";
import { type ReactNode, useEffect, useMemo, useRef } from "react";
import { Link } from "react-router";
import type { LapView } from "../../../shared/api/sessions";
import { formatEntry, formatLapTime, formatMetres } from "../../lib/format";
import { formatGap, type GapReference, lapGapMs, sectorGapMs } from "../../lib/lap-gaps";
import {
	ariaSortOf,
	SORTING_OPTIONS,
	type SortedRow,
	sortArrowOf,
	sortedBy,
	sortingFeatures,
} from "../../lib/table-sort";

/** The spec's columns: # (sortable), Bateria, Tempo (sortable), Distância (sortable), Entrada, Setores. */
const COLUMNS = [
	{ id: "number", header: "#", ...sortedBy((lap: LapView) => lap.number) },
	{ id: "battery", header: "Bateria" },
	{ id: "time", header: "Tempo", ...sortedBy((lap: LapView) => lap.timeMs) },
	{ id: "distance", header: "Distância", ...sortedBy((lap: LapView) => lap.distanceM) },
	{ id: "entry", header: "Entrada" },
	{ id: "sectors", header: "Setores" },
];

const NUMERIC = new Set(["number", "time", "gap", "distance"]);

/** The columns with "Dif." after "Tempo" when there is a reference to measure against. */
function columnsFor(reference: GapReference | null) {
	if (!reference) return COLUMNS;
	const gap = {
		id: "gap",
		header: "Dif.",
		...sortedBy((lap: LapView) => lap.timeMs - reference.timeMs),
	};
	return [...COLUMNS.slice(0, 3), gap, ...COLUMNS.slice(3)];
}

const gapClass = (ms: number | null) =>
	ms === null || ms === 0 ? "gap" : ms > 0 ? "gap gap--lost" : "gap gap--gained";

function Sectors({ lap, reference }: { lap: LapView; reference: GapReference | null }) {
	if (lap.sectors.length === 0) return <span className="lap-table__none">—</span>;
	return (
		<span className="sector-list">
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
						{reference ? (
							<span
								className={`sector__m num ${gapClass(sectorGapMs(sector, reference))}`}
								data-testid="sector-gap"
							>
								{formatGap(sectorGapMs(sector, reference))}
							</span>
						) : (
							<span className="sector__m num">{formatMetres(sector.distanceM)}</span>
						)}
						{isBest ? <span className="visually-hidden"> (melhor setor)</span> : null}
					</span>
				);
			})}
		</span>
	);
}

/**
 * The laps of a session: # | Bateria | Tempo | Distância | Entrada | Setores, the best lap and the
 * best sectors marked as the server says (`best`), sortable by #, Tempo and Distância. Wide, a
 * table; narrow (a phone), each lap is a compact block with its sectors below its time, under a
 * header that stays in view.
 * `lapHref` makes the lap number a link (to the lap's analysis). With a `reference`, a "Dif."
 * column gives each lap's gap to it and each sector its gap in place of its distance;
 * `compareHref` links each gap to that lap's comparison.
 */
export function LapTable({
	laps,
	selectedLap = null,
	lapHref,
	reference = null,
	compareHref,
}: {
	laps: LapView[];
	selectedLap?: number | null;
	lapHref?: (lap: number) => string;
	reference?: GapReference | null;
	compareHref?: (lap: number) => string;
}) {
	const columns = useMemo(() => columnsFor(reference), [reference]);
	const table = useTable({
		features: sortingFeatures,
		...SORTING_OPTIONS,
		columns,
		data: laps,
	});
	const selectedRow = useRef<HTMLTableRowElement>(null);

	// A lap named in the address is brought into view once its table is there.
	useEffect(() => {
		if (selectedLap !== null) selectedRow.current?.scrollIntoView({ block: "center" });
	}, [selectedLap]);

	const cell = (row: SortedRow<LapView>, id: string): ReactNode => {
		const lap = row.original;
		switch (id) {
			case "number":
				return (
					<>
						{lapHref ? (
							<Link to={lapHref(lap.number)} aria-label={`Analisar a volta ${lap.number}`}>
								{lap.number}
							</Link>
						) : (
							lap.number
						)}
						{lap.best ? <span className="lap-table__tag">melhor</span> : null}
					</>
				);
			case "battery":
				return lap.battery;
			case "time":
				return formatLapTime(lap.timeMs);
			case "distance":
				return formatMetres(lap.distanceM);
			case "entry":
				return formatEntry(lap.entry);
			case "gap": {
				if (!reference) return null;
				const gap = lapGapMs(lap, reference);
				const text = reference.lap === lap.number ? "ref." : formatGap(gap);
				return compareHref && reference.lap !== lap.number ? (
					<Link
						to={compareHref(lap.number)}
						className={gapClass(gap)}
						// The visible text first, whole: the accessible name must contain it.
						aria-label={`${text} — comparar a volta ${lap.number}`}
					>
						{text}
					</Link>
				) : (
					<span className={gapClass(gap)}>{text}</span>
				);
			}
			default:
				return <Sectors lap={lap} reference={reference} />;
		}
	};

	return (
		<div className="lap-table-wrap">
			<table
				className={reference ? "table lap-table lap-table--gaps" : "table lap-table"}
				data-testid="lap-table"
			>
				<caption className="visually-hidden">
					Voltas da sessão; a melhor volta e os melhores setores em destaque.
				</caption>
				<thead>
					<tr>
						{table.getHeaderGroups()[0]!.headers.map((header) => {
							const column = header.column;
							const label = columns.find((c) => c.id === column.id)!.header;
							const className = `lap-table__${column.id}${NUMERIC.has(column.id) ? " table__num" : ""}`;
							return (
								<th
									key={header.id}
									scope="col"
									aria-sort={ariaSortOf(column)}
									className={className}
								>
									{column.getCanSort() ? (
										<button
											type="button"
											className="table__sort"
											onClick={() => column.toggleSorting()}
										>
											{label}
											<span className="table__arrow" aria-hidden="true">
												{sortArrowOf(column)}
											</span>
										</button>
									) : (
										label
									)}
								</th>
							);
						})}
					</tr>
				</thead>
				<tbody>
					{table.getRowModel().rows.map((row) => {
						const lap = row.original;
						const classes = [
							lap.best ? "lap-table__best" : "",
							lap.number === selectedLap ? "is-selected" : "",
						].join(" ");
						return (
							<tr
								key={lap.number}
								className={classes.trim() || undefined}
								ref={lap.number === selectedLap ? selectedRow : undefined}
								aria-current={lap.number === selectedLap ? "true" : undefined}
							>
								{row.getAllCells().map((c) => (
									<td
										key={c.id}
										className={`lap-table__${c.column.id}${NUMERIC.has(c.column.id) ? " table__num" : ""}`}
										data-label={columns.find((col) => col.id === c.column.id)!.header}
										data-testid={
											c.column.id === "time"
												? "lap-time"
												: c.column.id === "gap"
													? "lap-gap"
													: undefined
										}
									>
										{cell(row, c.column.id)}
									</td>
								))}
							</tr>
						);
					})}
				</tbody>
			</table>
		</div>
	);
}
