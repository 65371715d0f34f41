import { useId, useState, type ReactNode } from "react";
import "./collapsible-panel.css";

interface CollapsiblePanelProps {
  /** The toggle's text; it is also the panel's accessible name. */
  title: string;
  defaultOpen?: boolean;
  children: ReactNode;
}

/** A disclosure: a button with aria-expanded controlling a labelled region. */
export function CollapsiblePanel({ title, defaultOpen = false, children }: CollapsiblePanelProps) {
  const [open, setOpen] = useState(defaultOpen);
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
          onClick={() => setOpen((value) => !value)}
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
        {children}
      </div>
    </section>
  );
}
