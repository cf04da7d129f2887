import { type ReactNode, useMemo, useState } from "react";
import { EmptyState, ErrorState, LoadingState } from "../components/ui/States";
import {
	ariaSort,
	nextSortState,
	type SortState,
	type SortValue,
	sortIndicator,
	sortRows,
} from "../lib/sort";

export interface TableColumn<T> {
	key: string;
	header: string;
	/** The value the column sorts by; a column without one is not sortable. */
	sortValue?: (row: T) => SortValue;
	render: (row: T) => ReactNode;
	/** Extra class for the column's cells (e.g. numbers aligned right). */
	className?: string;
}

interface SortableTableProps<T> {
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

/**
 * A table whose headers sort it: a click sorts by the column, a second click on the same column
 * toggles the direction, a new column starts ascending; ▲/▼ marks the active column. The table
 * scrolls sideways inside its own box on narrow screens, never the page.
 */
export function SortableTable<T>({
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
	const [sort, setSort] = useState<SortState | null>(null);

	const sorted = useMemo(() => {
		if (!rows) return [];
		const accessors: Record<string, (row: T) => SortValue> = {};
		for (const column of columns) {
			if (column.sortValue) accessors[column.key] = column.sortValue;
		}
		const active = sort && accessors[sort.column] ? sort : null;
		return sortRows(rows, active, accessors);
	}, [rows, columns, sort]);

	if (isLoading) return <LoadingState />;
	if (error) return <ErrorState what={errorWhat} error={error} onRetry={onRetry} />;
	if (!rows || rows.length === 0) return <EmptyState text={emptyText} />;

	return (
		// biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll box must be reachable by keyboard to scroll it.
		<section className="table-wrap" tabIndex={0} aria-label={caption}>
			<table className="table mg-table" data-testid={testId}>
				<caption className="visually-hidden">{caption}</caption>
				<thead>
					<tr>
						{columns.map((column) => (
							<th
								key={column.key}
								scope="col"
								aria-sort={column.sortValue ? ariaSort(sort, column.key) : undefined}
								className={column.className}
							>
								{column.sortValue ? (
									<button
										type="button"
										className="table__sort"
										onClick={() => setSort((current) => nextSortState(current, column.key))}
									>
										{column.header}
										<span className="table__arrow" aria-hidden="true">
											{sortIndicator(sort, column.key)}
										</span>
									</button>
								) : (
									column.header
								)}
							</th>
						))}
					</tr>
				</thead>
				<tbody>
					{sorted.map((row) => (
						<tr key={rowKey(row)}>
							{columns.map((column) => (
								<td key={column.key} className={column.className} data-column={column.key}>
									{column.render(row)}
								</td>
							))}
						</tr>
					))}
				</tbody>
			</table>
		</section>
	);
}
