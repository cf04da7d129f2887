import { HardwareScreen } from "../management/HardwareScreen";

/** /hardware: loggers to sellers, registration, device keys and the audit log. */
export default function HardwarePage() {
	return <HardwareScreen />;
}
