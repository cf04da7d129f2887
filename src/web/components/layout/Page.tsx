import type { ReactNode } from "react";

/** A screen's main column: its heading (with an optional subtitle) and content. */
export function Page({
	title,
	subtitle,
	actions,
	children,
	wide = false,
}: {
	title: string;
	subtitle?: ReactNode;
	actions?: ReactNode;
	children?: ReactNode;
	wide?: boolean;
}) {
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
