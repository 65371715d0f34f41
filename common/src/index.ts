export * from "./canonical-text.js";
export * from "./limits.js";
export * from "./runtime-config.js";
export * from "./reanchor.js";
