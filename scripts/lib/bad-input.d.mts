import type { Arbitrary } from "fast-check";

export const FORBIDDEN_CONTROLS: readonly string[];
export const LONE_SURROGATES: readonly string[];
export const ID_CHARACTERS: readonly string[];
/** `surrogates: false` leaves out lone surrogates, which a URL cannot carry. */
export interface ForbiddenOptions {
  surrogates?: boolean;
}
export function forbiddenCharacter(options?: ForbiddenOptions): Arbitrary<string>;
export function withForbiddenCharacter(text: string, options?: ForbiddenOptions): Arbitrary<string>;
export function forbiddenText(maxLength?: number, options?: ForbiddenOptions): Arbitrary<string>;
export function tooLong(maxLength: number, characters?: readonly string[]): Arbitrary<string>;
export function badId(options?: ForbiddenOptions): Arbitrary<string>;
export function encodeApiCursor(value: unknown): string;
export const GOOD_KEYSET_INSTANT: string;
export const GOOD_RANKED_INSTANT: string;
export function badInstant(): Arbitrary<string>;
export function badApiCursor(lists?: readonly string[]): Arbitrary<string>;
export function preview(text: string, maxLength?: number): string;
