// The reader header's icons: beside the words on wide screens, alone on phones.

const iconProps = {
  className: "reader-header__icon",
  viewBox: "0 0 24 24",
  width: 18,
  height: 18,
  "aria-hidden": true,
  focusable: false,
} as const;

/** A speech bubble, filled while comments are enabled. */
export function CommentsIcon({ on }: { on: boolean }) {
  return (
    <svg {...iconProps}>
      <path
        d="M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v9a1.5 1.5 0 0 1-1.5 1.5H10l-4.5 4v-4h0A1.5 1.5 0 0 1 4 14.5z"
        fill={on ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Three linked dots: share. */
export function ShareIcon() {
  return (
    <svg {...iconProps}>
      <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <circle cx="18" cy="5.5" r="2.5" />
        <circle cx="6" cy="12" r="2.5" />
        <circle cx="18" cy="18.5" r="2.5" />
        <path d="M8.2 10.8l7.6-4M8.2 13.2l7.6 4" />
      </g>
    </svg>
  );
}
