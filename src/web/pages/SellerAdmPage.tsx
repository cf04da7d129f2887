import { SellerAdmScreen } from "../management/SellerAdmScreen";

/** /seller-adm: riders to sellers. */
export default function SellerAdmPage() {
	return <SellerAdmScreen />;
}
