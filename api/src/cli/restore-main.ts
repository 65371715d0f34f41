import { runCommand, runRestore } from "./backup-command.js";

// The entry point of `npm run restore`.
await runCommand("restore", runRestore);
