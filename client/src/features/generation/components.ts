// The generation feature's parts other features mount: the AI allowance line (the rewrite panel
// shows it too). Kept out of index.ts, which the first render imports.
export { AiAllowanceLine } from "./ai-allowance-line";
