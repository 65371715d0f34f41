import type { SelectOption } from "../../components/select-field";
import type { DesiredLength, NastinessLevel } from "../../__generated__/graphql";

/** Short (~500 words, the default), Medium (~1500), Long (~3000). */
export const LENGTH_OPTIONS: readonly SelectOption<DesiredLength>[] = [
  { value: "SHORT", label: "Short (~500 words)" },
  { value: "MEDIUM", label: "Medium (~1500 words)" },
  { value: "LONG", label: "Long (~3000 words)" },
];

/** Light (the default), Medium, Heavy. */
export const NASTINESS_OPTIONS: readonly SelectOption<NastinessLevel>[] = [
  { value: "LIGHT", label: "Light" },
  { value: "MEDIUM", label: "Medium" },
  { value: "HEAVY", label: "Heavy" },
];

export const DEFAULT_LENGTH: DesiredLength = "SHORT";
export const DEFAULT_NASTINESS: NastinessLevel = "LIGHT";
