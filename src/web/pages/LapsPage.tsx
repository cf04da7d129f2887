import { useState } from "react";
import { useCurrentUser, useSession } from "../api/hooks";
import { Page } from "../components/layout/Page";
import { LapTable } from "../components/session/LapTable";
import { SessionPicker } from "../components/session/SessionPicker";
import { EmptyState, ErrorState, SkeletonLines } from "../components/ui/States";
import { loggerLabel } from "../lib/format";
import "./laps.css";

/** "Seleção de Laps": pick a track and a date, load, read the lap table. */
export default function LapsPage() {
	const user = useCurrentUser();
	const [sessionId, setSessionId] = useState<string | null>(null);
	const session = useSession(sessionId);

	return (
		<Page title="Seleção de Laps" subtitle={loggerLabel(user?.hardwareId)} wide>
			<SessionPicker onLoad={setSessionId} />
			{sessionId === null ? <EmptyState text="Selecione pista e data." /> : null}
			{sessionId !== null && session.isPending ? (
				<SkeletonLines lines={8} label="Carregando as voltas…" />
			) : null}
			{session.isError ? (
				<ErrorState
					what="Não foi possível carregar as voltas."
					error={session.error}
					onRetry={() => void session.refetch()}
				/>
			) : null}
			{session.data ? (
				session.data.laps.length === 0 ? (
					<EmptyState
						text={
							session.data.session.error
								? `Esta sessão não pôde ser lida: ${session.data.session.error}`
								: "Selecione pista e data."
						}
					/>
				) : (
					<LapTable laps={session.data.laps} />
				)
			) : null}
		</Page>
	);
}
