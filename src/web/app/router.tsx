import { lazy, Suspense } from "react";
import { createBrowserRouter, Navigate } from "react-router";
import { AppLayout } from "../components/layout/AppLayout";
import { LoadingState } from "../components/ui/States";
import { GuestOnly, RequireAuth, RequireRole } from "./guards";
import { RouteError } from "./RouteError";

// One chunk per screen: the login page never downloads uPlot, the canvas or the admin tables.
const LoginPage = lazy(() => import("../pages/LoginPage"));
const UserPage = lazy(() => import("../pages/UserPage"));
const MakePage = lazy(() => import("../pages/MakePage"));
const EnrollPage = lazy(() => import("../pages/EnrollPage"));
const LapsPage = lazy(() => import("../pages/LapsPage"));
const AnalyticsPage = lazy(() => import("../pages/AnalyticsPage"));
const TrackPage = lazy(() => import("../pages/TrackPage"));
const AdmPage = lazy(() => import("../pages/AdmPage"));
const SellerPage = lazy(() => import("../pages/SellerPage"));
const SellerAdmPage = lazy(() => import("../pages/SellerAdmPage"));
const HardwarePage = lazy(() => import("../pages/HardwarePage"));
const TrackEditorScreen = lazy(() => import("../management/tracks/TrackEditorScreen"));
const NotFoundPage = lazy(() => import("../pages/NotFoundPage"));
const SharedSessionPage = lazy(() => import("../pages/SharedSessionPage"));

export function createAppRouter() {
	return createBrowserRouter([
		{
			errorElement: <RouteError />,
			children: [
				{ path: "/", element: <Navigate to="/login" replace /> },
				{
					path: "/login",
					element: (
						<GuestOnly>
							<Suspense fallback={<LoadingState text="Carregando…" />}>
								<LoginPage />
							</Suspense>
						</GuestOnly>
					),
				},
				{
					// A read-only link: open to anyone holding it, signed in or not, outside the app frame.
					path: "/s/:token",
					element: (
						<Suspense fallback={<LoadingState text="Carregando…" />}>
							<SharedSessionPage />
						</Suspense>
					),
				},
				{
					element: (
						<RequireAuth>
							<AppLayout />
						</RequireAuth>
					),
					children: [
						{ path: "/user", element: <UserPage /> },
						{ path: "/make", element: <MakePage /> },
						{ path: "/enroll", element: <EnrollPage /> },
						{ path: "/laps", element: <LapsPage /> },
						{ path: "/analytics", element: <AnalyticsPage /> },
						{ path: "/track", element: <TrackPage /> },
						{
							path: "/adm",
							element: (
								<RequireRole need="admin">
									<AdmPage />
								</RequireRole>
							),
						},
						{
							path: "/adm/pistas/:trackId",
							element: (
								<RequireRole need="admin">
									<TrackEditorScreen />
								</RequireRole>
							),
						},
						{
							path: "/seller",
							element: (
								<RequireRole need="seller">
									<SellerPage />
								</RequireRole>
							),
						},
						{
							path: "/seller-adm",
							element: (
								<RequireRole need="admin">
									<SellerAdmPage />
								</RequireRole>
							),
						},
						{
							path: "/hardware",
							element: (
								<RequireRole need="admin">
									<HardwarePage />
								</RequireRole>
							),
						},
					],
				},
				{
					path: "*",
					element: (
						<Suspense fallback={<LoadingState />}>
							<NotFoundPage />
						</Suspense>
					),
				},
			],
		},
	]);
}
