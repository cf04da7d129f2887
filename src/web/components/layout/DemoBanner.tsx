import { useQuery } from "@tanstack/react-query";
import { getInstanceInfo } from "../../../shared/api/instance";
import { callApi } from "../../api/client";
import "./demo-banner.css";

/**
 * On every page while the passwordless demo sign-in is on: whoever opens the site may enter as
 * anyone, admin included, so nobody should mistake it for a real install. Fixed at the bottom
 * (the header owns the top); the spacer keeps it from hiding the end of the page.
 */
export function DemoBanner() {
	const info = useQuery({
		queryKey: ["instance"],
		queryFn: () => callApi(getInstanceInfo),
		staleTime: Number.POSITIVE_INFINITY,
	});
	if (!info.data?.demo) return null;
	return (
		<>
			<div className="demo-banner__spacer" aria-hidden="true" />
			<aside className="demo-banner" aria-label="Modo demonstração" data-testid="demo-banner">
				<strong>Modo demonstração:</strong> qualquer pessoa entra sem senha, inclusive como
				administrador
				{info.data.demoExposed ? ", e este servidor está aberto à rede" : ""}. Não use com dados
				reais.
			</aside>
		</>
	);
}
