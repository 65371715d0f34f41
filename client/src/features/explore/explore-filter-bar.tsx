import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router";
import type { DesiredLength, NastinessLevel } from "../../__generated__/graphql";
import { CategoryOptions, type CategoryChoice } from "./category-options";
import { exploreSearch, type ExploreView } from "./explore-filters";
import { useInlinedAnswer } from "./explore-first-view";
import { pendingTags, TagChipsField } from "./tag-chips-field";
import { useLiveExplore } from "./use-live-explore";

const LENGTHS: ReadonlyArray<[DesiredLength, string]> = [
  ["SHORT", "Short"],
  ["MEDIUM", "Medium"],
  ["LONG", "Long"],
];
const NASTINESS: ReadonlyArray<[NastinessLevel, string]> = [
  ["LIGHT", "Light"],
  ["MEDIUM", "Medium"],
  ["HEAVY", "Heavy"],
];

const NO_CATEGORIES: readonly CategoryChoice[] = [];

/** How many of a view's filters are set (the search words and the sort are not filters). */
export function activeFilterCount(view: ExploreView): number {
  return [
    view.category !== "",
    view.tags.length > 0,
    view.exclude.length > 0,
    view.length !== null,
    view.nastiness !== null,
  ].filter(Boolean).length;
}

/**
 * /explore's search and filters (docs/product.md#explore): applied together with "Apply", so the
 * URL changes once and names the whole view. The sort is the page's tabs, not a field here. On a
 * phone the filters are a drawer behind "Filters", closed at first, so the list starts on the first
 * screen (issue 29 row 8). Its categories come with the page, else over Apollo Client once it is
 * there, as do the tags it suggests; the form itself needs neither, so what the visitor types before
 * Apollo Client arrives stays (docs/decisions/038-first-views-without-apollo.md).
 */
export function ExploreFilterBar({
  view,
  onApply,
}: {
  view: ExploreView;
  onApply: (view: ExploreView) => void;
}) {
  const live = useLiveExplore();
  const drawerId = useId();
  const suggestionsId = useId();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The site's tags are asked for once a tag field is used, not with every view of the page.
  const [suggesting, setSuggesting] = useState(false);
  const [q, setQ] = useState(view.q);
  const [category, setCategory] = useState(view.category);
  const [tags, setTags] = useState<string[]>(view.tags);
  const [tagText, setTagText] = useState("");
  const [exclude, setExclude] = useState<string[]>(view.exclude);
  const [excludeText, setExcludeText] = useState("");
  const [length, setLength] = useState<DesiredLength | "">(view.length ?? "");
  const [nastiness, setNastiness] = useState<NastinessLevel | "">(view.nastiness ?? "");
  const active = activeFilterCount(view);

  function submit(event: FormEvent) {
    event.preventDefault();
    onApply({
      q: q.trim(),
      sort: view.sort,
      category,
      tags: pendingTags(tags, tagText),
      exclude: pendingTags(exclude, excludeText),
      length: length || null,
      nastiness: nastiness || null,
    });
  }

  return (
    <form
      className="explore-filters"
      role="search"
      aria-label="Search and filter stories"
      onSubmit={submit}
    >
      <div className="explore-filters__bar">
        <label className="explore-filters__field explore-filters__field--wide">
          <span>Search</span>
          <input
            className="field__input"
            type="search"
            name="q"
            value={q}
            maxLength={200}
            placeholder="Title, tag, author, words…"
            onChange={(event) => setQ(event.target.value)}
          />
        </label>
        <button
          type="button"
          className="button button--secondary explore-filters__toggle"
          aria-expanded={drawerOpen}
          aria-controls={drawerId}
          onClick={() => setDrawerOpen((open) => !open)}
        >
          Filters{active > 0 ? ` (${active})` : ""}
        </button>
        <button type="submit" className="button button--primary explore-filters__apply">
          Apply
        </button>
      </div>
      <div
        id={drawerId}
        className="explore-filters__drawer"
        data-open={drawerOpen}
        onFocus={(event) => {
          if (event.target.getAttribute("list") === suggestionsId) setSuggesting(true);
        }}
      >
        <label className="explore-filters__field">
          <span>Category</span>
          <select
            className="field__input field__select"
            value={category}
            onChange={(event) => setCategory(event.target.value)}
          >
            <option value="">Any category</option>
            <ExploreCategoryOptions selected={category} />
          </select>
        </label>
        <TagChipsField
          label="With tags"
          tags={tags}
          onChange={setTags}
          text={tagText}
          onTextChange={setTagText}
          placeholder="sea, ghost"
          suggestionsId={suggestionsId}
        />
        <TagChipsField
          label="Without tags"
          tags={exclude}
          onChange={setExclude}
          text={excludeText}
          onTextChange={setExcludeText}
          placeholder="gore"
          suggestionsId={suggestionsId}
        />
        <ChoiceFilter
          label="Length"
          anyLabel="Any length"
          choices={LENGTHS}
          value={length}
          onChange={setLength}
        />
        <ChoiceFilter
          label="Nastiness"
          anyLabel="Any nastiness"
          choices={NASTINESS}
          value={nastiness}
          onChange={setNastiness}
        />
        {live && suggesting ? <live.LiveTagSuggestions id={suggestionsId} /> : null}
      </div>
      {active > 0 ? (
        <Link
          className="button button--ghost explore-filters__clear"
          to={`/explore${exploreSearch({ ...view, category: "", tags: [], exclude: [], length: null, nastiness: null })}`}
        >
          Clear filters
        </Link>
      ) : null}
    </form>
  );
}

/** The categories inlined with the page, else over Apollo Client; none until either is there. */
function ExploreCategoryOptions({ selected }: { selected: string }) {
  const inlined = useInlinedAnswer("Categories", {});
  const live = useLiveExplore();
  if (inlined) {
    return (
      <CategoryOptions
        categories={inlined.categories as readonly CategoryChoice[]}
        selected={selected}
      />
    );
  }
  if (live) return <live.LiveCategoryOptions selected={selected} />;
  return <CategoryOptions categories={NO_CATEGORIES} selected={selected} />;
}

/** A filter of a few choices, or any of them (""). */
function ChoiceFilter<T extends string>({
  label,
  anyLabel,
  choices,
  value,
  onChange,
}: {
  label: string;
  anyLabel: string;
  choices: ReadonlyArray<[T, string]>;
  value: T | "";
  onChange: (value: T | "") => void;
}) {
  return (
    <label className="explore-filters__field">
      <span>{label}</span>
      <select
        className="field__input field__select"
        value={value}
        onChange={(event) => onChange(event.target.value as T | "")}
      >
        <option value="">{anyLabel}</option>
        {choices.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
