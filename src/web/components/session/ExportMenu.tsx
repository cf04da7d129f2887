import { useId, useRef, useState } from "react";
import { EXPORT_CHOICES, type ExportTarget, exportHref } from "../../lib/export-choices";
import "./export-menu.css";

/**
 * "Exportar": the session (or, when a lap is shown, that lap) as GPX, KML, CSV or VBO. Each
 * choice is a plain download link: the server names the file (track, date, lap).
 */
export function ExportMenu({ target, lap }: { target: ExportTarget; lap: number | null }) {
	const id = useId();
	const details = useRef<HTMLDetailsElement>(null);
	const [scope, setScope] = useState<"lap" | "session">(lap === null ? "session" : "lap");
	const chosenLap = lap !== null && scope === "lap" ? lap : null;
	return (
		<details ref={details} className="export-menu" data-testid="export-menu">
			<summary className="btn btn--small export-menu__button">Exportar</summary>
			<section className="export-menu__panel" aria-labelledby={`${id}-title`}>
				<p id={`${id}-title`} className="export-menu__title">
					{chosenLap === null ? "Exportar a sessão inteira" : `Exportar a volta ${chosenLap}`}
				</p>
				{lap !== null ? (
					<fieldset className="export-menu__scope">
						<legend className="visually-hidden">O que exportar</legend>
						<label>
							<input
								type="radio"
								name={`${id}-scope`}
								checked={scope === "lap"}
								onChange={() => setScope("lap")}
							/>
							Esta volta ({lap})
						</label>
						<label>
							<input
								type="radio"
								name={`${id}-scope`}
								checked={scope === "session"}
								onChange={() => setScope("session")}
							/>
							Sessão inteira
						</label>
					</fieldset>
				) : null}
				<ul className="export-menu__list">
					{EXPORT_CHOICES.map((choice) => (
						<li key={choice.format}>
							<a
								className="export-menu__choice"
								href={exportHref(target, choice.format, chosenLap)}
								download
								data-testid={`export-${choice.format}`}
								onClick={() => details.current?.removeAttribute("open")}
							>
								<strong>{choice.name}</strong>
								<span>{choice.use}</span>
							</a>
						</li>
					))}
				</ul>
			</section>
		</details>
	);
}
