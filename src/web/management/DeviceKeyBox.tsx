import { useId, useState } from "react";

type CopyStatus = "idle" | "copied" | "failed";

/**
 * A logger's device key, right after it was made. The server keeps only its hash, so this is the
 * one moment anyone can read it: the box says so and offers to copy it.
 */
export function DeviceKeyBox({
	hardwareId,
	deviceKey,
	onClose,
}: {
	hardwareId: string;
	deviceKey: string;
	onClose: () => void;
}) {
	const titleId = useId();
	const [copy, setCopy] = useState<CopyStatus>("idle");

	async function copyKey() {
		try {
			await navigator.clipboard.writeText(deviceKey);
			setCopy("copied");
		} catch {
			setCopy("failed");
		}
	}

	return (
		<section className="mg-key" aria-labelledby={titleId} data-testid="device-key-box">
			<h3 id={titleId}>Chave do logger {hardwareId}</h3>
			<p className="mg-key__warning">
				<strong>Atenção:</strong> copie a chave agora. Ela não será mostrada de novo; se for
				perdida, troque a chave do logger.
			</p>
			<code className="mg-key__value" data-testid="device-key">
				{deviceKey}
			</code>
			<div className="mg-key__actions">
				<button type="button" className="btn btn--primary" onClick={() => void copyKey()}>
					{copy === "copied" ? "Copiado!" : "Copiar"}
				</button>
				<button type="button" className="btn" onClick={onClose}>
					Já guardei a chave
				</button>
			</div>
			{copy === "failed" ? (
				<p className="field__error" role="alert">
					Não foi possível copiar. Selecione a chave e copie manualmente.
				</p>
			) : null}
		</section>
	);
}
