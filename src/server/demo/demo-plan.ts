import type { CircuitId, VehicleKind } from "../../domain/simulator";

/** The demo accounts, loggers and sessions `npm start` puts into an empty database. */
export const DEMO_DOMAIN = "lapsix.example";

export interface DemoUser {
	key: "admin" | "seller" | "rider1" | "rider2" | "newRider";
	email: string;
	displayName: string;
	isAdmin?: boolean;
	isSeller?: boolean;
	/** Key of the user's seller. */
	seller?: DemoUser["key"];
	profile?: { wifiSsid: string; wifiPassword: string; pilotName: string; bikeNumber: string };
}

export const DEMO_USERS: readonly DemoUser[] = [
	{ key: "admin", email: `admin@${DEMO_DOMAIN}`, displayName: "Ana Administradora", isAdmin: true },
	{
		key: "seller",
		email: `vendedor@${DEMO_DOMAIN}`,
		displayName: "Victor Vendedor",
		isSeller: true,
	},
	{
		key: "rider1",
		email: `piloto1@${DEMO_DOMAIN}`,
		displayName: "Paula Piloto",
		seller: "seller",
		profile: {
			wifiSsid: "Box-Paula",
			wifiPassword: "paula-wifi-2025",
			pilotName: "Paula",
			bikeNumber: "27",
		},
	},
	{
		key: "rider2",
		email: `piloto2@${DEMO_DOMAIN}`,
		displayName: "Pedro Piloto",
		profile: {
			wifiSsid: "Equipe-Pedro",
			wifiPassword: "pedro-wifi-2025",
			pilotName: "Pedro",
			bikeNumber: "8",
		},
	},
	{ key: "newRider", email: `novo@${DEMO_DOMAIN}`, displayName: "Nina Nova" },
];

export interface DemoLogger {
	id: string;
	name: string;
	owner?: DemoUser["key"];
	seller?: DemoUser["key"];
	firmwareVersion?: string;
	lastSeenMinutesAgo?: number;
}

export const DEMO_LOGGERS: readonly DemoLogger[] = [
	{
		id: "1",
		name: "Logger da Paula",
		owner: "rider1",
		seller: "seller",
		firmwareVersion: "2.4.1",
		lastSeenMinutesAgo: 12,
	},
	{
		id: "2",
		name: "Logger do Pedro",
		owner: "rider2",
		firmwareVersion: "2.3.0",
		lastSeenMinutesAgo: 60 * 26,
	},
	{ id: "A7F3", name: "Estoque Victor 1", seller: "seller" },
	{
		id: "B210",
		name: "Estoque Victor 2",
		seller: "seller",
		firmwareVersion: "2.4.1",
		lastSeenMinutesAgo: 60 * 24 * 9,
	},
	{ id: "C900", name: "" },
];

export interface DemoSession {
	logger: string;
	track: string;
	/** ddmmyyyy, as the logger names its folders. */
	date: string;
	circuit: CircuitId;
	laps: number;
	hz: number;
	profile: VehicleKind;
	seed: number;
	startTimeOfDaySec: number;
}

export const DEMO_SESSIONS: readonly DemoSession[] = [
	{
		logger: "1",
		track: "Interlagos",
		date: "15032025",
		circuit: "interlagos",
		laps: 12,
		hz: 25,
		profile: "moto",
		seed: 101,
		startTimeOfDaySec: 9 * 3600 + 40 * 60,
	},
	{
		logger: "1",
		track: "Interlagos",
		date: "12042025",
		circuit: "interlagos",
		laps: 9,
		hz: 20,
		profile: "moto",
		seed: 102,
		startTimeOfDaySec: 14 * 3600 + 5 * 60,
	},
	// A long kart stint: 60 laps, the size the lap-table benchmark is about.
	{
		logger: "1",
		track: "Granja Viana",
		date: "20042025",
		circuit: "granja-viana",
		laps: 60,
		hz: 10,
		profile: "kart",
		seed: 103,
		startTimeOfDaySec: 10 * 3600,
	},
	{
		logger: "2",
		track: "Velocitta",
		date: "03052025",
		circuit: "velocitta",
		laps: 8,
		hz: 25,
		profile: "moto",
		seed: 201,
		startTimeOfDaySec: 11 * 3600 + 20 * 60,
	},
];
