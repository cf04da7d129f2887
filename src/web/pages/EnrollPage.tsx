import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useCurrentUser, useProfile, useUpdateProfile } from "../api/hooks";
import { enrollRedirectOf } from "../app/guards";
import { Page } from "../components/layout/Page";
import { ErrorState, SkeletonLines } from "../components/ui/States";
import {
	checkProfile,
	EMPTY_PROFILE,
	type ProfileField,
	type ProfileValues,
} from "../lib/profile-form";
import { useSubmitOnce } from "../lib/use-submit-once";
import "./enroll.css";

interface FieldSpec {
	name: ProfileField;
	label: string;
	autoComplete: string;
	inputMode?: "text" | "numeric";
	maxLength: number;
}

const FIELDS: FieldSpec[] = [
	{ name: "wifiSsid", label: "Wi-Fi", autoComplete: "off", maxLength: 32 },
	{ name: "wifiPassword", label: "Senha", autoComplete: "new-password", maxLength: 63 },
	{ name: "pilotName", label: "Nome do piloto", autoComplete: "name", maxLength: 60 },
	{ name: "bikeNumber", label: "Número da moto", autoComplete: "off", maxLength: 10 },
];

function ProfileForm({ initial, next }: { initial: ProfileValues; next: string }) {
	const navigate = useNavigate();
	const save = useUpdateProfile();
	const submission = useSubmitOnce();
	const [values, setValues] = useState(initial);
	const [touched, setTouched] = useState<Partial<Record<ProfileField, boolean>>>({});
	const [showPassword, setShowPassword] = useState(false);
	const check = checkProfile(values);

	const onSubmit = (event: React.FormEvent) => {
		event.preventDefault();
		const data = check.data;
		if (!data) return;
		void submission.run(async () => {
			try {
				await save.mutateAsync(data);
				navigate(next);
			} catch {
				// Shown below the form from the mutation's error.
			}
		});
	};
	const pending = submission.busy || save.isPending;

	return (
		<form className="card enroll" onSubmit={onSubmit} noValidate>
			{FIELDS.map((field) => {
				const id = `enroll-${field.name}`;
				const error = touched[field.name] ? check.errors[field.name] : undefined;
				const isPassword = field.name === "wifiPassword";
				return (
					<div className="field" key={field.name}>
						<label className="field__label" htmlFor={id}>
							{field.label}
						</label>
						<input
							id={id}
							className="field__input"
							name={field.name}
							type={isPassword && !showPassword ? "password" : "text"}
							value={values[field.name]}
							autoComplete={field.autoComplete}
							maxLength={field.maxLength}
							required
							aria-invalid={error ? true : undefined}
							aria-describedby={error ? `${id}-error` : isPassword ? `${id}-hint` : undefined}
							onChange={(event) => setValues((v) => ({ ...v, [field.name]: event.target.value }))}
							onBlur={() => setTouched((t) => ({ ...t, [field.name]: true }))}
						/>
						{isPassword ? (
							<button
								type="button"
								id={`${id}-hint`}
								className="link-button enroll__reveal"
								aria-controls={id}
								aria-pressed={showPassword}
								onClick={() => setShowPassword((s) => !s)}
							>
								{showPassword ? "Clique para ocultar a senha" : "Clique para mostrar a senha"}
							</button>
						) : null}
						{error ? (
							<p className="field__error" id={`${id}-error`}>
								{error}
							</p>
						) : null}
					</div>
				);
			})}
			{save.isError ? (
				<ErrorState what="Não foi possível salvar seus dados." error={save.error} />
			) : null}
			<button
				type="submit"
				className="btn btn--primary btn--block"
				disabled={!check.valid || pending}
				aria-busy={pending}
			>
				{pending ? "Salvando…" : "Salvar"}
			</button>
		</form>
	);
}

/** "Meus Dados": what the logger uses to upload (Wi-Fi) and to show (pilot name, bike number). */
export default function EnrollPage() {
	const profile = useProfile();
	const user = useCurrentUser();
	const redirect = enrollRedirectOf(useLocation().state);
	const firstTime = user?.needsEnrollment === true;
	const [initial, setInitial] = useState<ProfileValues | null>(null);

	useEffect(() => {
		if (profile.data && !initial) {
			const { wifiSsid, wifiPassword, pilotName, bikeNumber } = profile.data.profile;
			setInitial({ ...EMPTY_PROFILE, wifiSsid, wifiPassword, pilotName, bikeNumber });
		}
	}, [profile.data, initial]);

	return (
		<Page title="Meus Dados">
			{redirect || firstTime ? (
				<div className="notice notice--info" role="status" data-testid="enroll-why">
					<strong>Falta pouco para ver suas voltas.</strong> Antes, preencha Meus Dados: o logger
					usa o Wi-Fi abaixo para enviar as sessões gravadas, e o nome e o número para mostrar quem
					está pilotando.
				</div>
			) : (
				<p className="enroll__intro">
					O logger usa estes dados para enviar suas sessões pelo Wi-Fi e para mostrar seu nome e
					número.
				</p>
			)}
			{profile.isPending ? <SkeletonLines lines={6} label="Carregando seus dados…" /> : null}
			{profile.isError ? (
				<ErrorState
					what="Não foi possível carregar seus dados."
					error={profile.error}
					onRetry={() => void profile.refetch()}
				/>
			) : null}
			{initial ? <ProfileForm initial={initial} next={redirect?.from ?? "/user"} /> : null}
		</Page>
	);
}
