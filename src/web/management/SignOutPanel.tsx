import { useId, useState } from "react";
import type { AdminUserRow } from "../../shared/api/admin";
import { errorMessage } from "../api/client";
import { useSubmitOnce } from "../lib/use-submit-once";
import { ConfirmDialog } from "./ConfirmDialog";
import { useSignOutUserEverywhere } from "./queries";
import { UserSelect } from "./UserSelect";

function endedText(count: number, email: string): string {
	if (count === 0) return `${email} não tinha nenhuma sessão aberta.`;
	return count === 1
		? `1 sessão de ${email} encerrada.`
		: `${count} sessões de ${email} encerradas.`;
}

/** Ends every sign-in session of a user (a lost phone, a shared computer), after a confirmation. */
export function SignOutPanel({ users }: { users: AdminUserRow[] }) {
	const headingId = useId();
	const [userId, setUserId] = useState("");
	const [confirming, setConfirming] = useState(false);
	const [done, setDone] = useState<string | null>(null);
	const signOut = useSignOutUserEverywhere();
	const submission = useSubmitOnce();
	const user = users.find((candidate) => candidate.id === userId);

	function confirm() {
		setConfirming(false);
		if (!user) return;
		void submission.run(async () => {
			try {
				const result = await signOut.mutateAsync(user.id);
				setDone(endedText(result.endedSessions, user.email));
			} catch {
				// Shown below from the mutation's error.
			}
		});
	}

	return (
		<section className="card" aria-labelledby={headingId}>
			<h2 id={headingId}>Encerrar sessões</h2>
			<p className="field__hint">
				Desconecta o usuário de todos os navegadores e aparelhos; ele precisa entrar de novo.
			</p>
			<div className="mg-stack">
				<UserSelect
					users={users}
					value={userId}
					testId="sign-out-user"
					onChange={(next) => {
						setUserId(next);
						setDone(null);
						signOut.reset();
					}}
				/>
				<div>
					<button
						type="button"
						className="btn btn--primary"
						disabled={!user || submission.busy}
						onClick={() => setConfirming(true)}
					>
						Encerrar sessões
					</button>
				</div>
			</div>
			{signOut.error ? (
				<p className="field__error mg-message" role="alert">
					{errorMessage(signOut.error)}
				</p>
			) : null}
			{done ? (
				<p className="mg-success mg-message" role="status">
					{done}
				</p>
			) : null}
			<ConfirmDialog
				open={confirming}
				title={`Encerrar as sessões de ${user?.email ?? ""}?`}
				confirmLabel="Encerrar sessões"
				onConfirm={confirm}
				onCancel={() => setConfirming(false)}
			>
				<p>
					{user?.email} sai na hora de todos os navegadores e aparelhos em que entrou e precisa
					entrar de novo. Os dados dele não mudam.
				</p>
			</ConfirmDialog>
		</section>
	);
}
