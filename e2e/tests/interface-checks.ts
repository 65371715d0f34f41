// What the interface guards (interface-guards.spec.ts) measure in a page: run inside the browser,
// each answers the elements that break one rule of issue 29, described so a failure names them.
import type { Page } from "@playwright/test";

export const WIDTHS = [390, 820, 1024, 1280] as const;
export const PHONE_WIDTH = 390;
export const THEMES = ["light", "dark"] as const;
/** A finger's target (WCAG 2.5.5, Apple's and Google's guidelines). */
export const MIN_TAP = 44;
/** A product field is at least this tall; a native one is about 21 px. */
const MIN_FIELD_HEIGHT = 36;

/** Shows the page in a theme at once, as the header's toggle does (no reload). */
export async function showTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.evaluate((chosen) => {
    document.documentElement.setAttribute("data-theme", chosen);
  }, theme);
  // Buttons ease their colours over 0.15 s: a check made mid-way (axe's contrast) would measure a
  // colour that is neither theme's. Wait until no colour transition is still running.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => !(animation instanceof CSSTransition) || animation.playState !== "running",
      ),
  );
}

/** How far the page scrolls sideways, in px (0 when it does not). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/**
 * Controls drawn without the product's styles: a field shorter than a product field, or any
 * control in the browser's own font rather than the page's (a native control never inherits it).
 */
export function unstyledControls(page: Page): Promise<string[]> {
  return page.evaluate((minFieldHeight) => {
    const found: string[] = [];
    const controls = Array.from(
      document.querySelectorAll<HTMLElement>(
        "input:not([type=checkbox]):not([type=radio]):not([type=hidden]), select, textarea, button",
      ),
    );
    for (const control of controls) {
      if (!control.checkVisibility()) continue;
      const style = getComputedStyle(control);
      const box = control.getBoundingClientRect();
      const name = `${control.tagName.toLowerCase()} "${control.getAttribute("aria-label") ?? control.textContent?.trim().slice(0, 30) ?? ""}"`;
      // A native control takes the browser's font; a product one its container's.
      const around = control.parentElement ?? document.body;
      if (style.fontFamily !== getComputedStyle(around).fontFamily) {
        found.push(`${name} in the browser's font`);
      } else if (control.tagName !== "BUTTON" && box.height < minFieldHeight) {
        found.push(`${name} ${Math.round(box.height)} px tall`);
      }
    }
    return found;
  }, MIN_FIELD_HEIGHT);
}

/**
 * Targets smaller than 44 × 44 px. A link inside a sentence is exempt (WCAG 2.5.8's inline
 * exception); a checkbox counts with its label, which takes its taps, and a link stretched over
 * its card with the card.
 */
export function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate((minTap) => {
    const found: string[] = [];
    const targets = Array.from(
      document.querySelectorAll<HTMLElement>(
        "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button]",
      ),
    );
    for (const target of targets) {
      if (!target.checkVisibility({ visibilityProperty: true })) continue;
      // Clipped away until a keyboard focuses it (then drawn at 44 px): no finger can reach it.
      if (getComputedStyle(target).clipPath === "inset(50%)") continue;
      const inSentence =
        target.tagName === "A" &&
        getComputedStyle(target).display === "inline" &&
        (target.parentElement?.textContent?.trim().length ?? 0) >
          (target.textContent?.trim().length ?? 0);
      if (inSentence) continue;
      // A link stretched over its card (an absolute ::after) takes the card's taps.
      const after = getComputedStyle(target, "::after");
      const stretched = after.content !== "none" && after.position === "absolute";
      const checkable =
        target instanceof HTMLInputElement &&
        (target.type === "checkbox" || target.type === "radio");
      const measured = checkable
        ? (target.closest("label") ?? target)
        : stretched
          ? ((target.offsetParent as HTMLElement | null) ?? target)
          : target;
      const box = measured.getBoundingClientRect();
      // Off the page's flow on purpose (the skip link until it is focused).
      if (box.bottom <= 0 || box.width === 0 || box.height === 0) continue;
      if (box.width < minTap || box.height < minTap) {
        const label =
          target.getAttribute("aria-label") ?? target.textContent?.trim().slice(0, 30) ?? "";
        found.push(
          `${target.tagName.toLowerCase()} "${label}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return found;
  }, MIN_TAP);
}

/** Waits until the page has drawn its content: its heading, its fonts, no request in flight. */
export async function settled(page: Page) {
  await page.locator("h1").first().waitFor({ state: "visible" });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForLoadState("networkidle");
}
