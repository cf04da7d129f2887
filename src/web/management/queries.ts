import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
	assignAdminHardwareOwner,
	assignSellerHardware,
	createAdminUser,
	listAdminAudit,
	listAdminHardware,
	listAdminSellers,
	listAdminUsers,
	listSellerRiders,
	listSellerStock,
	registerAdminHardware,
	rotateAdminHardwareKey,
	rotateSellerHardwareKey,
	setAdminHardwareSeller,
	setAdminUserRoles,
	setAdminUserSeller,
	signOutAdminUserEverywhere,
} from "../../shared/api/admin";
import { getAdminOverview } from "../../shared/api/overview";
import { callApi } from "../api/client";

/**
 * Query keys of the management screens. Every change invalidates both roots: the lists are
 * small, and one assignment can touch a user, a logger, a seller's stock and the audit log.
 */
export const managementKeys = {
	adminRoot: ["admin"] as const,
	sellerRoot: ["seller"] as const,
	users: ["admin", "users"] as const,
	sellers: ["admin", "sellers"] as const,
	hardware: ["admin", "hardware"] as const,
	audit: (limit: number) => ["admin", "audit", limit] as const,
	overview: (since: string) => ["admin", "overview", since] as const,
	sellerRiders: ["seller", "riders"] as const,
	sellerStock: ["seller", "stock"] as const,
};

/** Lists change under other admins too: show fresh data each time a screen opens. */
const FRESH = { staleTime: 0 } as const;

async function refreshManagement(queryClient: QueryClient): Promise<void> {
	await Promise.all([
		queryClient.invalidateQueries({ queryKey: managementKeys.adminRoot }),
		queryClient.invalidateQueries({ queryKey: managementKeys.sellerRoot }),
		// The header shows the signed-in user's logger code, which an assignment may change.
		queryClient.invalidateQueries({ queryKey: ["me"] }),
	]);
}

export function useAdminUsers(enabled = true) {
	return useQuery({
		queryKey: managementKeys.users,
		queryFn: async () => (await callApi(listAdminUsers)).users,
		enabled,
		...FRESH,
	});
}

export function useAdminSellers(enabled = true) {
	return useQuery({
		queryKey: managementKeys.sellers,
		queryFn: async () => (await callApi(listAdminSellers)).sellers,
		enabled,
		...FRESH,
	});
}

export function useAdminHardware(enabled = true) {
	return useQuery({
		queryKey: managementKeys.hardware,
		queryFn: async () => (await callApi(listAdminHardware)).hardware,
		enabled,
		...FRESH,
	});
}

export function useAdminAudit(limit: number, enabled = true) {
	return useQuery({
		queryKey: managementKeys.audit(limit),
		queryFn: async () => (await callApi(listAdminAudit, { query: { limit } })).entries,
		enabled,
		...FRESH,
	});
}

/** The admin's home; `since` is the start of the viewer's day. */
export function useAdminOverview(since: string) {
	return useQuery({
		queryKey: managementKeys.overview(since),
		queryFn: () => callApi(getAdminOverview, { query: { since } }),
		...FRESH,
	});
}

export function useSellerRiders(enabled = true) {
	return useQuery({
		queryKey: managementKeys.sellerRiders,
		queryFn: async () => (await callApi(listSellerRiders)).riders,
		enabled,
		...FRESH,
	});
}

export function useSellerStock(enabled = true) {
	return useQuery({
		queryKey: managementKeys.sellerStock,
		queryFn: async () => (await callApi(listSellerStock)).stock,
		enabled,
		...FRESH,
	});
}

/**
 * A mutation that refreshes every management list once it settles: after a success to show the
 * change, after a refusal because the lists were probably stale (another admin got there first).
 */
function useManagementMutation<I, R>(mutationFn: (input: I) => Promise<R>) {
	const queryClient = useQueryClient();
	return useMutation({
		mutationFn,
		onSettled: () => refreshManagement(queryClient),
	});
}

export function useAssignHardwareToRider() {
	return useManagementMutation((input: { hardwareId: string; riderId: string }) =>
		callApi(assignAdminHardwareOwner, {
			params: { hardwareId: input.hardwareId },
			body: { riderId: input.riderId },
		}),
	);
}

export function useAssignFromStock() {
	return useManagementMutation((input: { hardwareId: string; riderId: string }) =>
		callApi(assignSellerHardware, {
			params: { hardwareId: input.hardwareId },
			body: { riderId: input.riderId },
		}),
	);
}

export function useSetRiderSeller() {
	return useManagementMutation((input: { riderId: string; sellerId: string }) =>
		callApi(setAdminUserSeller, {
			params: { userId: input.riderId },
			body: { sellerId: input.sellerId },
		}),
	);
}

export function useSetHardwareSeller() {
	return useManagementMutation((input: { hardwareId: string; sellerId: string }) =>
		callApi(setAdminHardwareSeller, {
			params: { hardwareId: input.hardwareId },
			body: { sellerId: input.sellerId },
		}),
	);
}

export function useSetUserRoles() {
	return useManagementMutation((input: { userId: string; isAdmin: boolean; isSeller: boolean }) =>
		callApi(setAdminUserRoles, {
			params: { userId: input.userId },
			body: { isAdmin: input.isAdmin, isSeller: input.isSeller },
		}),
	);
}

export function useCreateUser() {
	return useManagementMutation((input: { email: string; isAdmin: boolean; isSeller: boolean }) =>
		callApi(createAdminUser, { body: input }),
	);
}

export function useRegisterHardware() {
	return useManagementMutation((input: { id: string; name: string }) =>
		callApi(registerAdminHardware, { body: { id: input.id, name: input.name } }),
	);
}

export function useRotateSellerHardwareKey() {
	return useManagementMutation((hardwareId: string) =>
		callApi(rotateSellerHardwareKey, { params: { hardwareId } }),
	);
}

export function useRotateHardwareKey() {
	return useManagementMutation((hardwareId: string) =>
		callApi(rotateAdminHardwareKey, { params: { hardwareId } }),
	);
}

export function useSignOutUserEverywhere() {
	return useManagementMutation((userId: string) =>
		callApi(signOutAdminUserEverywhere, { params: { userId } }),
	);
}
