import { runBackup, runCommand } from "./backup-command.js";

// The entry point of `npm run backup`.
await runCommand("backup", runBackup);
