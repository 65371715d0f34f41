export * from "./limits.js";
export * from "./runtime-config.js";
