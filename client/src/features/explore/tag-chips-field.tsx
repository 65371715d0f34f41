import { useId, type KeyboardEvent } from "react";
import { tagsOf } from "./explore-filters";

/**
 * A list of tags as chips (AO3's and Royal Road's filters): a tag typed and confirmed with Enter or
 * a comma becomes a chip, its × takes it away; the field suggests the site's tags (`suggestionsId`
 * names a <datalist>). Words still in the field when the form is applied count too (pendingTags).
 */
export function TagChipsField({
  label,
  tags,
  onChange,
  text,
  onTextChange,
  placeholder,
  suggestionsId,
}: {
  label: string;
  tags: readonly string[];
  onChange: (tags: string[]) => void;
  text: string;
  onTextChange: (text: string) => void;
  placeholder: string;
  suggestionsId: string;
}) {
  const inputId = useId();
  function addTyped() {
    const typed = tagsOf(text);
    if (typed.length === 0) return false;
    onChange([...new Set([...tags, ...typed])]);
    onTextChange("");
    return true;
  }
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if ((event.key === "Enter" || event.key === ",") && addTyped()) event.preventDefault();
    else if (event.key === "Backspace" && text === "" && tags.length > 0) {
      onChange(tags.slice(0, -1));
    }
  }
  return (
    <div className="explore-filters__field tag-chips">
      <label htmlFor={inputId}>{label}</label>
      {tags.length > 0 ? (
        <ul className="tag-chips__list">
          {tags.map((tag) => (
            <li key={tag} className="tag-chips__chip">
              <span>{tag}</span>
              <button
                type="button"
                className="tag-chips__remove"
                aria-label={`Remove ${tag}`}
                onClick={() => onChange(tags.filter((kept) => kept !== tag))}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={inputId}
        className="field__input"
        value={text}
        list={suggestionsId}
        autoComplete="off"
        placeholder={placeholder}
        onKeyDown={onKeyDown}
        onBlur={() => addTyped()}
        onChange={(event) => onTextChange(event.target.value)}
      />
    </div>
  );
}

/** The chips and the words still typed beside them, as one list of tags. */
export function pendingTags(tags: readonly string[], text: string): string[] {
  return [...new Set([...tags, ...tagsOf(text)])];
}
