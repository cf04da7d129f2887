import { createContext, useContext } from "react";

/**
 * The token of the read-only link being viewed, or null on the signed-in screens. Under it the
 * components that load a lap's path or a session's paths read them through the link
 * (`/api/shared/:token/…`) instead of the signed-in API, so the same components serve both.
 */
export const SharedTokenContext = createContext<string | null>(null);

export function useSharedToken(): string | null {
	return useContext(SharedTokenContext);
}
