export * from "./canonical-text.js";
export * from "./error-codes.js";
export * from "./limits.js";
export * from "./runtime-config.js";
export * from "./reanchor.js";
export * from "./vocabulary.js";
export * from "./request-text.js";
export * from "./preferences.js";
