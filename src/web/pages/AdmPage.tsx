import { AdmScreen } from "../management/AdmScreen";

/** /adm: loggers to riders, every user at a glance, roles. */
export default function AdmPage() {
	return <AdmScreen />;
}
