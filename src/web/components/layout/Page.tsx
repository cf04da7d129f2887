import type { ReactNode } from "react";
import { useDocumentTitle } from "../../lib/use-document-title";

/**
 * A screen's main column: its heading (with an optional subtitle) and content. The tab's title
 * follows the heading unless `documentTitle` says otherwise.
 */
export function Page({
	title,
	subtitle,
	actions,
	children,
	wide = false,
	documentTitle,
}: {
	title: string;
	subtitle?: ReactNode;
	actions?: ReactNode;
	children?: ReactNode;
	wide?: boolean;
	documentTitle?: string;
}) {
	useDocumentTitle(documentTitle ?? title);
	return (
		<div className={wide ? "page page--wide" : "page"}>
			<div className="page__head">
				<h1 className="page__title">
					{title}
					{subtitle ? <span className="page__subtitle">{subtitle}</span> : null}
				</h1>
				{actions ? <div className="page__actions">{actions}</div> : null}
			</div>
			{children}
		</div>
	);
}
