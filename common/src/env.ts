// A process's configuration is a TypeBox object schema of its environment variables, read once at
// start-up into a finished, typed object. Each variable carries what it means (its description,
// which docs/configuration.md is generated from) and how a wrong value is told apart: a bad variable stops the process with
// one line naming it, never with a stack trace later. Node processes only (the api and the bff);
// the browser never reads this module.
import {
  Type,
  type Static,
  type TEnum,
  type TInteger,
  type TObject,
  type TProperties,
  type TSchema,
  type TString,
} from "typebox";
import { Value } from "typebox/value";

/** A configuration mistake; its message is one line naming the variable and the value seen. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/** A process environment, or any set of variables read as one. */
export type Environment = Readonly<Record<string, string | undefined>>;

/** What every variable's schema carries besides its type. */
export interface VariableHints {
  /** What the variable means: docs/configuration.md is generated from it (Markdown inline code). */
  description: string;
  /**
   * What an unset variable without a `default` means, for docs/configuration.md's default column
   * (e.g. "random per process"); documentation only, never read by readEnv.
   */
  unset?: string;
  /** How a valid value is described in the one-line refusal: `<NAME> must be <must>, got "…"`. */
  must?: string;
  /**
   * A refusal of its own for this raw value (the words after the variable's name), or null when
   * the value is fine as far as this check goes. Runs before the type check.
   */
  problem?: (raw: string) => string | null;
  /** Compared in lower case (LOG_LEVEL=Debug is debug). */
  lowerCase?: boolean;
  /** An empty value is a value (CLIENT_DIST= serves no client), not "unset". */
  keepEmpty?: boolean;
}

type Hints = Omit<VariableHints, "description"> & { description: string };

/** A string variable, optionally with a default and a pattern. */
function text(hints: Hints & { default?: string; pattern?: string }): TString {
  return Type.String(hints);
}

/** A whole number from `min` to `max`. */
function integer(min: number, max: number, hints: Hints & { default?: number }): TInteger {
  return Type.Integer({ minimum: min, maximum: max, must: `an integer ${min}-${max}`, ...hints });
}

/** One of a closed list of words. */
function oneOf<const Value extends string>(
  values: readonly Value[],
  hints: Hints & { default?: Value },
): TEnum<Value[]> {
  return Type.Enum([...values], { must: `one of ${values.join(", ")}`, ...hints });
}

/** Builders for the variables of an environment schema. */
export const Env = { text, integer, oneOf, optional: Type.Optional };

/**
 * The environment read against `schema`: blanks count as unset (`API_PORT= npm start` means the
 * default), defaults fill what is unset, and the first bad variable throws a ConfigError.
 */
export function readEnv<Properties extends TProperties>(
  schema: TObject<Properties>,
  env: Environment,
): Static<TObject<Properties>> {
  const result: Record<string, unknown> = {};
  for (const [name, variable] of Object.entries(schema.properties)) {
    const hints = variable as TSchema & VariableHints;
    const raw = hints.keepEmpty ? env[name] : env[name]?.trim() || undefined;
    if (raw === undefined) {
      if ("default" in hints) result[name] = hints.default;
      continue;
    }
    result[name] = parseVariable(name, hints, raw);
  }
  return result as Static<TObject<Properties>>;
}

function parseVariable(name: string, variable: TSchema & VariableHints, raw: string): unknown {
  const problem = variable.problem?.(raw);
  if (problem) throw new ConfigError(`${name} ${problem}`);
  const value = isNumeric(variable)
    ? /^-?\d+$/.test(raw)
      ? Number(raw)
      : Number.NaN
    : variable.lowerCase
      ? raw.toLowerCase()
      : raw;
  if (!Value.Check(variable, value)) {
    throw new ConfigError(`${name} must be ${variable.must ?? "valid"}, got "${raw}"`);
  }
  return value;
}

function isNumeric(variable: TSchema): boolean {
  const type = (variable as { type?: unknown }).type;
  return type === "integer" || type === "number";
}

/** One variable as documented: its name, what it means, and its default or what unset means. */
export interface DescribedVariable {
  name: string;
  description: string;
  /** The schema's default, when it has one. */
  default?: string | number;
  /** What an unset variable without a default means (VariableHints.unset). */
  unset?: string;
}

/** The variables of a schema as documented, in order (docs/configuration.md is generated from it). */
export function describeEnv(schema: TObject): DescribedVariable[] {
  return Object.entries(schema.properties).map(([name, variable]) => {
    const hints = variable as TSchema & VariableHints & { default?: string | number };
    return {
      name,
      description: hints.description,
      ...("default" in hints && { default: hints.default }),
      ...(hints.unset !== undefined && { unset: hints.unset }),
    };
  });
}

/**
 * TRUSTED_PROXIES (api and bff) as Fastify's trustProxy and express's `trust proxy` take it: unset
 * is loopback, except in production, where it must be said (believing any loopback peer by default
 * let a forged X-Forwarded-For through a same-host proxy that passed the header on: the probe of
 * issue 27); `none` believes no one.
 */
export function trustedProxies(raw: string | undefined, isProduction: boolean): string | false {
  if (raw === undefined) {
    if (!isProduction) return "loopback";
    throw new ConfigError(
      "TRUSTED_PROXIES must be set when NODE_ENV=production: the addresses of the proxies in front (the balancer, the bffs), or none",
    );
  }
  return raw.trim().toLowerCase() === "none" ? false : raw;
}
