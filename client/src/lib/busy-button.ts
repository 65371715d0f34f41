/**
 * A button that waits while its action (or another one it must not race) is under way, without
 * `disabled`: a disabled button drops the keyboard focus to <body>, so a keyboard user pressing
 * Make Public, Share story or Regenerate Images would lose their place. It says it is unavailable
 * (aria-disabled) and ignores presses until the action is over; focus stays on it.
 */
export function busyButtonProps(
  busy: boolean,
  onClick: () => void,
): { "aria-disabled": true | undefined; onClick: () => void } {
  return {
    "aria-disabled": busy ? true : undefined,
    onClick: () => {
      if (!busy) onClick();
    },
  };
}
