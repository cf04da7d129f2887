import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { createQueryClient } from "./api/query-client";
import { createAppRouter } from "./app/router";
import { DemoBanner } from "./components/layout/DemoBanner";
import "./styles/base.css";

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");

const queryClient = createQueryClient();
const router = createAppRouter();

createRoot(container).render(
	<StrictMode>
		<QueryClientProvider client={queryClient}>
			<RouterProvider router={router} />
			<DemoBanner />
		</QueryClientProvider>
	</StrictMode>,
);
