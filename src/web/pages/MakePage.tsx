import { useMemo } from "react";
import { fixedDemoLap } from "../../domain/simulator";
import { TrackCanvas } from "../canvas/TrackCanvas";
import { Page } from "../components/layout/Page";

/** Spec "Test canvas": one fixed lap, zoom at most 5. */
const TEST_CANVAS_MAX_ZOOM = 5;

export default function MakePage() {
	const paths = useMemo(() => [fixedDemoLap()], []);
	const points = paths[0]?.lat.length ?? 0;
	return (
		<Page title="Traçado de teste" subtitle={`Volta de demonstração · ${points} pontos`}>
			<section className="card">
				<TrackCanvas
					paths={paths}
					maxZoom={TEST_CANVAS_MAX_ZOOM}
					label="Volta de demonstração fixa em Interlagos, colorida por velocidade"
				/>
			</section>
		</Page>
	);
}
