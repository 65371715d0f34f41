import { runUserRole, UserRoleError } from "./user-role.js";

// The entry point of `npm run user:role -w api`: one line on stdout, or one on stderr and exit 1.
try {
  process.stdout.write(`${await runUserRole(process.argv.slice(2), process.env)}\n`);
} catch (error) {
  const message =
    error instanceof UserRoleError
      ? error.message
      : `failed: ${error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error)}`;
  process.stderr.write(`user:role: ${message}\n`);
  process.exit(1);
}
