import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { SourceFormat } from "../../domain/recording/types";

/** Timestamps: written as Date or ISO text, read back as Date. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: read as parsed JSON, written as a JSON string (both drivers accept text for jsonb). */
type Json<T> = ColumnType<T, string, string>;

export interface UsersTable {
	id: Generated<string>;
	email: string;
	oidc_issuer: string | null;
	oidc_subject: string | null;
	display_name: string | null;
	photo_url: string | null;
	wifi_ssid: Generated<string>;
	wifi_password_enc: string | null;
	pilot_name: Generated<string>;
	bike_number: Generated<string>;
	is_admin: Generated<boolean>;
	is_seller: Generated<boolean>;
	seller_id: string | null;
	hardware_id: string | null;
	created_at: GeneratedTimestamp;
	updated_at: GeneratedTimestamp;
	last_sign_in_at: Timestamp | null;
}

export interface HardwareTable {
	id: string;
	name: string | null;
	owner_id: string | null;
	seller_id: string | null;
	last_seen_at: Timestamp | null;
	firmware_version: string | null;
	device_key_hash: string | null;
	key_rotated_at: Timestamp | null;
	created_at: GeneratedTimestamp;
	updated_at: GeneratedTimestamp;
}

export type SessionStatus = "received" | "processed" | "failed";

export interface SessionsTable {
	id: Generated<string>;
	/** The logger of a `.six` session; null for an imported one. */
	hardware_id: string | null;
	rider_id: string | null;
	track: string;
	/** SQL `date`, exchanged as `yyyy-mm-dd` text. */
	date: ColumnType<string, string, string>;
	lap_object_key: string | null;
	lap_sha256: string | null;
	gps_object_key: string | null;
	gps_sha256: string | null;
	version: Generated<number>;
	status: ColumnType<SessionStatus, SessionStatus | undefined, SessionStatus>;
	report: ColumnType<unknown, string | undefined, string>;
	summary: Json<unknown> | null;
	error: string | null;
	created_at: GeneratedTimestamp;
	updated_at: GeneratedTimestamp;
	processed_at: Timestamp | null;
	/** Set when new bytes are stored and cleared when they are ingested: what a restart resumes. */
	pending_since: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
	/** Start-up recoveries tried since the files last changed (bounded). */
	ingest_attempts: Generated<number>;
	track_id: string | null;
	source_format: ColumnType<SourceFormat, SourceFormat | undefined, SourceFormat>;
	source_device: string | null;
	source_file_name: string | null;
	source_object_key: string | null;
	source_sha256: string | null;
	timing_shown: ColumnType<TimingShown, TimingShown | undefined, TimingShown>;
	/** `TrackLines` of a `line` timing. */
	timing_lines: Json<unknown> | null;
	lean_estimated: Generated<boolean>;
}

/** Which laps a session shows (`sessions.timing_shown`). */
export type TimingShown = "logger" | "line" | "markers" | "none";

export type TrackLinesSource = "admin" | "lap_counter" | "file";

export interface TracksTable {
	id: Generated<string>;
	name: string;
	/** `GateLine`; null while no start/finish line is known. */
	start_finish: Json<unknown> | null;
	direction_deg: number | null;
	/** `GateLine[]` */
	sectors: ColumnType<unknown, string | undefined, string>;
	length_m: number | null;
	lines_source: TrackLinesSource | null;
	created_at: GeneratedTimestamp;
	updated_at: GeneratedTimestamp;
}

export interface LapsTable {
	session_id: string;
	lap_number: number;
	time_ms: number;
	battery: string;
	entry_sec: number;
	distance_m: number;
	sprint_count: number;
	sectors: Json<unknown>;
	point_count: number;
	max_speed_kmh: number | null;
	min_speed_kmh: number | null;
	max_roll_deg: number | null;
	min_roll_deg: number | null;
	path: Uint8Array | null;
}

export interface AuditLogTable {
	id: ColumnType<string, never, never>;
	at: GeneratedTimestamp;
	actor_id: string | null;
	actor_label: string;
	action: string;
	target_type: string;
	target_id: string;
	details: ColumnType<unknown, string | undefined, string>;
}

export interface AuthSessionsTable {
	id_hash: string;
	user_id: string;
	created_at: GeneratedTimestamp;
	last_seen_at: GeneratedTimestamp;
	expires_at: Timestamp;
	user_agent: string | null;
}

/** Sign-in attempts in flight: state, nonce and PKCE verifier sealed, keyed by a hash of state. */
export interface OidcLoginAttemptsTable {
	state_hash: string;
	browser_hash: string;
	sealed: string;
	popup: boolean;
	created_at: GeneratedTimestamp;
	expires_at: Timestamp;
}

/** Read-only links to a session (see migration 0008). */
export interface SessionSharesTable {
	id: Generated<string>;
	session_id: string;
	created_by: string | null;
	token_hash: string;
	comparison_lap: number | null;
	comparison_ref_lap: number | null;
	created_at: GeneratedTimestamp;
	expires_at: Timestamp;
	revoked_at: Timestamp | null;
}

export interface RateLimitHitsTable {
	key: string;
	hits: number;
	window_ends_at: Date;
}

/** Bytes imported for a rider per UTC day (the import quota). */
export interface ImportUploadUsageTable {
	rider_id: string;
	/** `yyyy-mm-dd`, UTC. */
	day: string;
	/** bigint: pg returns it as text. */
	bytes: ColumnType<string, number | string, number | string>;
}

export interface DeviceUploadUsageTable {
	hardware_id: string;
	/** `yyyy-mm-dd`, UTC. */
	day: string;
	/** bigint: pg returns it as text. */
	bytes: ColumnType<string, number | string, number | string>;
}

export interface Database {
	users: UsersTable;
	hardware: HardwareTable;
	sessions: SessionsTable;
	laps: LapsTable;
	audit_log: AuditLogTable;
	auth_sessions: AuthSessionsTable;
	oidc_login_attempts: OidcLoginAttemptsTable;
	session_shares: SessionSharesTable;
	rate_limit_hits: RateLimitHitsTable;
	device_upload_usage: DeviceUploadUsageTable;
	import_upload_usage: ImportUploadUsageTable;
	tracks: TracksTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type HardwareRow = Selectable<HardwareTable>;
export type SessionRow = Selectable<SessionsTable>;
export type LapRow = Selectable<LapsTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
