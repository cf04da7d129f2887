import { useCurrentUser, useSessionTree } from "../api/hooks";
import { Page } from "../components/layout/Page";
import { AdminHome } from "./home/AdminHome";
import { RiderSessions } from "./home/RiderSessions";
import { SellerHome } from "./home/SellerHome";

/**
 * Home (/user), fitted to the person: a rider lands on their sessions; a seller on their riders
 * and stock; an admin on the overview. Admins and sellers who ride too see their sessions below.
 */
export default function UserPage() {
	const user = useCurrentUser();
	const tree = useSessionTree();
	if (!user) return null;
	const manager = user.isAdmin || user.isSeller;
	if (!manager) {
		return (
			<Page title="Minhas sessões" wide>
				<RiderSessions />
			</Page>
		);
	}
	const rides = (tree.data?.tracks.length ?? 0) > 0;
	return (
		<Page title={user.isAdmin ? "Visão geral" : "Minha revenda"} wide>
			{user.isAdmin ? <AdminHome /> : <SellerHome />}
			{rides ? (
				<>
					<h2 className="home-section-title">Minhas sessões</h2>
					<RiderSessions />
				</>
			) : null}
		</Page>
	);
}
