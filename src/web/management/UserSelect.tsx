import { useId } from "react";
import type { AdminUserRow } from "../../shared/api/admin";
import { personOptionLabel } from "./labels";

/** The admin panels' "Usuário" field: every user by e-mail and name, none chosen at first. */
export function UserSelect({
	users,
	value,
	onChange,
	testId,
}: {
	users: AdminUserRow[];
	value: string;
	onChange: (userId: string) => void;
	testId: string;
}) {
	const selectId = useId();
	return (
		<div className="field">
			<label className="field__label" htmlFor={selectId}>
				Usuário
			</label>
			<select
				id={selectId}
				className="select"
				data-testid={testId}
				value={value}
				onChange={(event) => onChange(event.target.value)}
			>
				<option value="">Selecione um usuário</option>
				{users.map((candidate) => (
					<option key={candidate.id} value={candidate.id}>
						{personOptionLabel(candidate)}
					</option>
				))}
			</select>
		</div>
	);
}
