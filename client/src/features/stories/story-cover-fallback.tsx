/** A stable hue per story, so fallback covers differ from card to card but never flicker. */
function hueOf(seed: string): number {
  let hash = 0;
  for (let index = 0; index < seed.length; index += 1) {
    hash = (hash * 31 + seed.charCodeAt(index)) >>> 0;
  }
  return hash % 360;
}

/**
 * The card's picture when the story has none or it fails to load: drawn here, with woven
 * threads over a gradient, so it needs no network and no image file.
 */
export function StoryCoverFallback({ seed }: { seed: string }) {
  const hue = hueOf(seed);
  const gradientId = `story-cover-${seed.replace(/[^a-zA-Z0-9_-]/g, "")}`;
  return (
    <svg
      className="story-card__image story-card__fallback"
      viewBox="0 0 320 180"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={`hsl(${hue} 55% 42%)`} />
          <stop offset="1" stopColor={`hsl(${(hue + 50) % 360} 60% 28%)`} />
        </linearGradient>
      </defs>
      <rect width="320" height="180" fill={`url(#${gradientId})`} />
      <g fill="none" stroke="white" strokeOpacity="0.28" strokeWidth="3">
        <path d="M-10 40 C 60 10, 120 70, 180 40 S 300 10, 330 40" />
        <path d="M-10 80 C 60 50, 120 110, 180 80 S 300 50, 330 80" />
        <path d="M-10 120 C 60 90, 120 150, 180 120 S 300 90, 330 120" />
        <path d="M-10 160 C 60 130, 120 190, 180 160 S 300 130, 330 160" />
      </g>
      <g fill="none" stroke="white" strokeOpacity="0.16" strokeWidth="2">
        <path d="M60 -10 V 190" />
        <path d="M130 -10 V 190" />
        <path d="M200 -10 V 190" />
        <path d="M270 -10 V 190" />
      </g>
      <path
        d="M132 70 h22 a6 6 0 0 1 6 6 v40 a5 5 0 0 0 -5 -5 h-23 z M188 70 h-22 a6 6 0 0 0 -6 6 v40 a5 5 0 0 1 5 -5 h23 z"
        fill="white"
        fillOpacity="0.85"
      />
    </svg>
  );
}
