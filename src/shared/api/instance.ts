import { z } from "zod";
import { defineEndpoint } from "../endpoint";

/**
 * Facts about this install every page may show, for everyone (public). `demo`: the passwordless
 * demo sign-in is on (anyone enters as anyone, admin included); `demoExposed`: and it listens
 * beyond this machine (DEMO_ALLOW_REMOTE=1).
 */
export const getInstanceInfo = defineEndpoint({
	method: "GET",
	path: "/api/instance",
	response: z.object({ demo: z.boolean(), demoExposed: z.boolean() }),
});
