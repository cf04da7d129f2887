import { useState } from "react";
import { initialsOf } from "../../lib/format";

/** The profile photo, or the user's initials when there is none or it fails to load. */
export function Avatar({
	photoUrl,
	name,
	email,
	size = 36,
}: {
	photoUrl: string | null;
	name: string | null;
	email: string;
	size?: number;
}) {
	const [failed, setFailed] = useState(false);
	if (photoUrl && !failed) {
		return (
			<img
				className="avatar"
				src={photoUrl}
				alt={`Foto de ${name ?? email}`}
				width={size}
				height={size}
				referrerPolicy="no-referrer"
				onError={() => setFailed(true)}
			/>
		);
	}
	return (
		<span
			className="avatar avatar--initials"
			role="img"
			aria-label={`Iniciais de ${name ?? email}`}
		>
			{initialsOf(name, email)}
		</span>
	);
}
