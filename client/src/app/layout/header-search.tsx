import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";

/** The header's search field: its words open /explore's results (docs/product.md#explore). */
export function HeaderSearch() {
  const navigate = useNavigate();
  const [words, setWords] = useState("");
  function submit(event: FormEvent) {
    event.preventDefault();
    const q = words.trim();
    if (q === "") return;
    setWords("");
    void navigate(`/explore?${new URLSearchParams({ sort: "newest", q }).toString()}`);
  }
  return (
    <form className="header-search" role="search" onSubmit={submit}>
      <input
        className="header-search__input"
        type="search"
        aria-label="Search stories"
        placeholder="Search stories"
        maxLength={200}
        value={words}
        onChange={(event) => setWords(event.target.value)}
      />
    </form>
  );
}
