import { useId, useState, type ReactNode } from "react";
import "./collapsible-panel.css";

interface CollapsiblePanelProps {
  /** The toggle's text; it is also the panel's accessible name. */
  title: string;
  defaultOpen?: boolean;
  children: ReactNode;
}

/**
 * A disclosure: a button with aria-expanded controlling a labelled region. What it holds is drawn
 * once the reader reaches for the button (pointer over it, focus, a touch), not while the page is
 * first drawn: a panel no one opens costs nothing, its queries included, and one about to open has
 * a head start on what it loads. It stays drawn after, hidden when closed, so what was typed in it
 * is kept (docs/decisions/082-members-first-view-asks-only-for-what-it-shows.md).
 */
export function CollapsiblePanel({ title, defaultOpen = false, children }: CollapsiblePanelProps) {
  const [open, setOpen] = useState(defaultOpen);
  const [drawn, setDrawn] = useState(defaultOpen);
  const draw = () => setDrawn(true);
  const id = useId();
  const buttonId = `${id}-toggle`;
  const regionId = `${id}-region`;
  return (
    <section className="collapsible" data-open={open}>
      <h2 className="collapsible__heading">
        <button
          type="button"
          id={buttonId}
          className="collapsible__toggle"
          aria-expanded={open}
          aria-controls={regionId}
          onPointerEnter={draw}
          onPointerDown={draw}
          onFocus={draw}
          onClick={() => {
            setOpen((value) => !value);
            draw();
          }}
        >
          <span>{title}</span>
          <span className="collapsible__chevron" aria-hidden="true" />
        </button>
      </h2>
      <div
        id={regionId}
        role="region"
        aria-labelledby={buttonId}
        className="collapsible__body"
        hidden={!open}
      >
        {drawn ? children : null}
      </div>
    </section>
  );
}
