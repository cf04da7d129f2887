export * from "./admin";
export * from "./device";
export * from "./me";
export * from "./overview";
export * from "./profile";
export * from "./sessions";
