import { useEffect, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { useDisclosure } from "../../lib/use-disclosure";

/**
 * The header's search: its words open /explore's results (docs/product.md#explore). A field in the
 * wide header; below 960 px a search icon that opens the same field under the header, on a phone
 * too (issue 29 row 1).
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const [words, setWords] = useState("");
  const { open, close, toggle, containerRef, buttonRef, panelId } = useDisclosure();
  const inputRef = useRef<HTMLInputElement>(null);
  // Opened from the icon, the field takes focus at once.
  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);
  function submit(event: FormEvent) {
    event.preventDefault();
    const q = words.trim();
    if (q === "") return;
    setWords("");
    close();
    void navigate(`/explore?${new URLSearchParams({ sort: "newest", q }).toString()}`);
  }
  return (
    <div className="header-search" ref={containerRef} data-open={open}>
      <button
        ref={buttonRef}
        type="button"
        className="icon-button header-search__toggle"
        aria-label="Search"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        <SearchIcon />
      </button>
      <form id={panelId} className="header-search__form" role="search" onSubmit={submit}>
        <input
          className="header-search__input"
          type="search"
          aria-label="Search stories"
          placeholder="Search stories"
          maxLength={200}
          value={words}
          ref={inputRef}
          onChange={(event) => setWords(event.target.value)}
        />
      </form>
    </div>
  );
}

function SearchIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
