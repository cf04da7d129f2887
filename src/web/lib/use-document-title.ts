import { useEffect } from "react";

/** "Voltas · lapsix": every screen names itself in the tab, the history and bookmarks. */
export function documentTitle(title: string): string {
	return title ? `${title} · lapsix` : "lapsix";
}

export function useDocumentTitle(title: string): void {
	useEffect(() => {
		document.title = documentTitle(title);
	}, [title]);
}
