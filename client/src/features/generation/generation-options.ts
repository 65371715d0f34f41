import type { SelectOption } from "../../components/select-field";
import type { DesiredLength, NastinessLevel } from "../../__generated__/graphql";

/** Spec §5: Short (~500 words, default), Medium (~1500), Long (~3000). */
export const LENGTH_OPTIONS: readonly SelectOption<DesiredLength>[] = [
  { value: "SHORT", label: "Short (~500 words)" },
  { value: "MEDIUM", label: "Medium (~1500 words)" },
  { value: "LONG", label: "Long (~3000 words)" },
];

/** Spec §5: Light (default), Medium, Heavy. */
export const NASTINESS_OPTIONS: readonly SelectOption<NastinessLevel>[] = [
  { value: "LIGHT", label: "Light" },
  { value: "MEDIUM", label: "Medium" },
  { value: "HEAVY", label: "Heavy" },
];

export const DEFAULT_LENGTH: DesiredLength = "SHORT";
export const DEFAULT_NASTINESS: NastinessLevel = "LIGHT";
