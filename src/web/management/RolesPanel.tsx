import { useEffect, useId, useRef, useState } from "react";
import type { AdminUserRow } from "../../shared/api/admin";
import { errorMessage } from "../api/client";
import { useSubmitOnce } from "../lib/use-submit-once";
import { DONE_LABEL_MS } from "./AssignPanel";
import { useCreateUser, useSetUserRoles } from "./queries";
import { UserSelect } from "./UserSelect";

interface Roles {
	isAdmin: boolean;
	isSeller: boolean;
}

function RoleChecks({ roles, onChange }: { roles: Roles; onChange: (roles: Roles) => void }) {
	return (
		<fieldset className="mg-checks">
			<legend className="visually-hidden">Papéis</legend>
			<label>
				<input
					type="checkbox"
					checked={roles.isAdmin}
					onChange={(event) => onChange({ ...roles, isAdmin: event.target.checked })}
				/>
				Administrador
			</label>
			<label>
				<input
					type="checkbox"
					checked={roles.isSeller}
					onChange={(event) => onChange({ ...roles, isSeller: event.target.checked })}
				/>
				Revendedor
			</label>
		</fieldset>
	);
}

/** Makes a user admin or seller, or not (the server refuses to drop one's own admin flag). */
function EditRoles({ users }: { users: AdminUserRow[] }) {
	const headingId = useId();
	const [userId, setUserId] = useState("");
	const [roles, setRoles] = useState<Roles>({ isAdmin: false, isSeller: false });
	const [saved, setSaved] = useState(false);
	const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
	const save = useSetUserRoles();
	const submission = useSubmitOnce();
	const user = users.find((candidate) => candidate.id === userId);

	useEffect(() => () => clearTimeout(timer.current), []);
	// Follows the chosen user's flags as they are on the server (also after a save).
	useEffect(() => {
		if (user) setRoles({ isAdmin: user.isAdmin, isSeller: user.isSeller });
	}, [user]);

	const changed =
		user !== undefined && (user.isAdmin !== roles.isAdmin || user.isSeller !== roles.isSeller);

	function submit() {
		if (!user || !changed) return;
		void submission.run(async () => {
			try {
				await save.mutateAsync({ userId: user.id, ...roles });
				setSaved(true);
				clearTimeout(timer.current);
				timer.current = setTimeout(() => setSaved(false), DONE_LABEL_MS);
			} catch {
				// Shown below from the mutation's error.
			}
		});
	}

	return (
		<section className="card" aria-labelledby={headingId}>
			<h2 id={headingId}>Papéis</h2>
			<form
				className="mg-stack"
				onSubmit={(event) => {
					event.preventDefault();
					submit();
				}}
			>
				<UserSelect
					users={users}
					value={userId}
					testId="roles-user"
					onChange={(next) => {
						setUserId(next);
						save.reset();
						setSaved(false);
					}}
				/>
				{user ? <RoleChecks roles={roles} onChange={setRoles} /> : null}
				<div>
					<button
						type="submit"
						className={saved ? "btn btn--primary mg-done" : "btn btn--primary"}
						disabled={!changed || submission.busy}
					>
						{saved ? "Salvo!" : "Salvar papéis"}
					</button>
				</div>
			</form>
			{save.error ? (
				<p className="field__error mg-message" role="alert">
					{errorMessage(save.error)}
				</p>
			) : null}
		</section>
	);
}

/** Creates a user by e-mail before they ever sign in, optionally with roles. */
function PreCreateUser() {
	const headingId = useId();
	const emailId = useId();
	const [email, setEmail] = useState("");
	const [roles, setRoles] = useState<Roles>({ isAdmin: false, isSeller: false });
	const [created, setCreated] = useState<string | null>(null);
	const create = useCreateUser();
	const submission = useSubmitOnce();
	// The server validates the address for real; this only keeps the button honest.
	const plausible = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());

	function submit() {
		if (!plausible) return;
		void submission.run(async () => {
			try {
				const result = await create.mutateAsync({ email: email.trim(), ...roles });
				setCreated(result.user.email);
				setEmail("");
				setRoles({ isAdmin: false, isSeller: false });
			} catch {
				// Shown below from the mutation's error.
			}
		});
	}

	return (
		<section className="card" aria-labelledby={headingId}>
			<h2 id={headingId}>Pré-cadastrar usuário</h2>
			<p className="field__hint">O usuário entra depois com a conta Google deste e-mail.</p>
			<form
				className="mg-stack"
				onSubmit={(event) => {
					event.preventDefault();
					submit();
				}}
			>
				<div className="field">
					<label className="field__label" htmlFor={emailId}>
						E-mail
					</label>
					<input
						id={emailId}
						className="field__input"
						type="email"
						value={email}
						autoComplete="off"
						onChange={(event) => {
							setEmail(event.target.value);
							setCreated(null);
							create.reset();
						}}
					/>
				</div>
				<RoleChecks roles={roles} onChange={setRoles} />
				<div>
					<button
						type="submit"
						className="btn btn--primary"
						disabled={!plausible || submission.busy}
					>
						Pré-cadastrar
					</button>
				</div>
			</form>
			{create.error ? (
				<p className="field__error mg-message" role="alert">
					{errorMessage(create.error)}
				</p>
			) : null}
			{created ? (
				<p className="mg-success mg-message" role="status">
					Usuário {created} pré-cadastrado.
				</p>
			) : null}
		</section>
	);
}

export function RolesPanel({ users }: { users: AdminUserRow[] }) {
	return (
		<div className="mg-grid-2">
			<EditRoles users={users} />
			<PreCreateUser />
		</div>
	);
}
