export * from "./storage-names";
export * from "./time";
