import { SellerScreen } from "../management/SellerScreen";

/** /seller: a seller gives loggers of their stock to their riders. */
export default function SellerPage() {
	return <SellerScreen />;
}
