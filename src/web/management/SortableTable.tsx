import { type Column, type RowData, useTable } from "@tanstack/react-table";
import { type ReactNode, useId, useMemo } from "react";
import { EmptyState, ErrorState, LoadingState } from "../components/ui/States";
import type { SortValue } from "../lib/sort";
import {
	ariaSortOf,
	SORTING_OPTIONS,
	type SortingFeatures,
	sortArrowOf,
	sortedBy,
	sortingFeatures,
} from "../lib/table-sort";

export interface TableColumn<T extends RowData> {
	key: string;
	header: string;
	/** The value the column sorts by; a column without one is not sortable. */
	sortValue?: (row: T) => SortValue;
	render: (row: T) => ReactNode;
	/** Extra class for the column's cells (e.g. numbers aligned right). */
	className?: string;
	/** Left out of the phone cards, which keep the key columns. */
	extra?: boolean;
}

interface SortableTableProps<T extends RowData> {
	caption: string;
	columns: TableColumn<T>[];
	rows: T[] | undefined;
	rowKey: (row: T) => string;
	isLoading: boolean;
	error: unknown;
	onRetry: () => void;
	emptyText: string;
	/** The first sentence of the error state, e.g. "Não foi possível carregar os loggers." */
	errorWhat: string;
	testId: string;
}

const NO_ROWS: never[] = [];

/** On phones the header row is hidden (each card labels its cells): sorting is a select. */
function CardSort({ columns }: { columns: Column<SortingFeatures, RowData>[] }) {
	const id = useId();
	const sortable = columns.filter((c) => c.getCanSort());
	const active = sortable.find((c) => c.getIsSorted() !== false);
	if (sortable.length === 0) return null;
	const headerOf = (c: Column<SortingFeatures, RowData>) =>
		typeof c.columnDef.header === "string" ? c.columnDef.header : c.id;
	return (
		<div className="data-table__sort">
			<label htmlFor={id}>Ordenar por</label>
			<select
				id={id}
				className="select"
				value={active?.id ?? ""}
				onChange={(event) => {
					const column = sortable.find((c) => c.id === event.target.value);
					column?.toggleSorting(false);
				}}
			>
				{active ? null : <option value="">Ordem do servidor</option>}
				{sortable.map((c) => (
					<option key={c.id} value={c.id}>
						{headerOf(c)}
					</option>
				))}
			</select>
			{active ? (
				<button type="button" className="btn btn--small" onClick={() => active.toggleSorting()}>
					{active.getIsSorted() === "asc" ? "▲ crescente" : "▼ decrescente"}
				</button>
			) : null}
		</div>
	);
}

/**
 * A table whose headers sort it (TanStack Table, the rule of table-sort.ts): ▲/▼ marks the
 * active column. Narrow (a phone), each row becomes a card of its key columns with a sort
 * select above; a table wider than a tablet's box scrolls inside it, never the page.
 */
export function SortableTable<T extends RowData>({
	caption,
	columns,
	rows,
	rowKey,
	isLoading,
	error,
	onRetry,
	emptyText,
	errorWhat,
	testId,
}: SortableTableProps<T>) {
	const definitions = useMemo(
		() =>
			columns.map((column) =>
				column.sortValue
					? { id: column.key, header: column.header, ...sortedBy(column.sortValue) }
					: { id: column.key, header: column.header },
			),
		[columns],
	);
	const table = useTable({
		features: sortingFeatures,
		...SORTING_OPTIONS,
		columns: definitions,
		data: (rows ?? NO_ROWS) as T[],
	});
	const byKey = useMemo(() => new Map(columns.map((c) => [c.key, c])), [columns]);

	if (isLoading) return <LoadingState />;
	if (error) return <ErrorState what={errorWhat} error={error} onRetry={onRetry} />;
	if (!rows || rows.length === 0) return <EmptyState text={emptyText} />;

	const headers = table.getHeaderGroups()[0]!.headers;
	const classOf = (column: TableColumn<T>) =>
		[column.className, column.extra ? "data-table__extra" : ""].filter(Boolean).join(" ") ||
		undefined;
	return (
		<div className="data-table">
			<CardSort columns={headers.map((h) => h.column as Column<SortingFeatures, RowData>)} />
			{/* biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll box must be reachable by keyboard to scroll it. */}
			<section className="table-wrap" tabIndex={0} aria-label={caption}>
				<table className="table mg-table" data-testid={testId}>
					<caption className="visually-hidden">{caption}</caption>
					<thead>
						<tr>
							{headers.map((header) => {
								const column = byKey.get(header.column.id)!;
								const sortable = header.column.getCanSort();
								return (
									<th
										key={header.id}
										scope="col"
										aria-sort={ariaSortOf(header.column)}
										className={classOf(column)}
									>
										{sortable ? (
											<button
												type="button"
												className="table__sort"
												onClick={() => header.column.toggleSorting()}
											>
												{column.header}
												<span className="table__arrow" aria-hidden="true">
													{sortArrowOf(header.column)}
												</span>
											</button>
										) : (
											column.header
										)}
									</th>
								);
							})}
						</tr>
					</thead>
					<tbody>
						{table.getRowModel().rows.map((row) => (
							<tr key={rowKey(row.original)}>
								{row.getAllCells().map((cell) => {
									const column = byKey.get(cell.column.id)!;
									return (
										<td
											key={cell.id}
											className={classOf(column)}
											data-column={column.key}
											data-label={column.header}
										>
											{column.render(row.original)}
										</td>
									);
								})}
							</tr>
						))}
					</tbody>
				</table>
			</section>
		</div>
	);
}
