import { useState, type FormEvent } from "react";
import type { DesiredLength, NastinessLevel } from "../../__generated__/graphql";
import { CategoryOptions, type CategoryChoice } from "./category-options";
import { EXPLORE_SORT_LABELS, type ExploreSort } from "./explore-sort";
import { tagsOf, type ExploreView } from "./explore-filters";
import { useInlinedAnswer } from "./explore-first-view";
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

/**
 * /explore's search and filters (docs/product.md#explore): applied together with "Apply", so the
 * URL changes once and names the whole view. Its categories come with the page, else over Apollo
 * Client once it is there; the form itself needs neither, so what the visitor types before Apollo
 * Client arrives stays (docs/decisions/038-first-views-without-apollo.md).
 */
export function ExploreFilterBar({
  view,
  onApply,
}: {
  view: ExploreView;
  onApply: (view: ExploreView) => void;
}) {
  const inlined = useInlinedAnswer("Categories", {});
  const live = useLiveExplore();
  const [q, setQ] = useState(view.q);
  const [sort, setSort] = useState<ExploreSort>(view.sort);
  const [category, setCategory] = useState(view.category);
  const [tags, setTags] = useState(view.tags.join(", "));
  const [exclude, setExclude] = useState(view.exclude.join(", "));
  const [length, setLength] = useState<DesiredLength | "">(view.length ?? "");
  const [nastiness, setNastiness] = useState<NastinessLevel | "">(view.nastiness ?? "");

  function submit(event: FormEvent) {
    event.preventDefault();
    onApply({
      q: q.trim(),
      sort,
      category,
      tags: tagsOf(tags),
      exclude: tagsOf(exclude),
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
      <label className="explore-filters__field">
        <span>Sort</span>
        <select
          className="field__input field__select"
          value={sort}
          onChange={(event) => setSort(event.target.value === "popular" ? "popular" : "newest")}
        >
          {(["newest", "popular"] as const).map((option) => (
            <option key={option} value={option}>
              {EXPLORE_SORT_LABELS[option]}
            </option>
          ))}
        </select>
      </label>
      <label className="explore-filters__field">
        <span>Category</span>
        <select
          className="field__input field__select"
          value={category}
          onChange={(event) => setCategory(event.target.value)}
        >
          <option value="">Any category</option>
          {inlined ? (
            <CategoryOptions
              categories={inlined.categories as readonly CategoryChoice[]}
              selected={category}
            />
          ) : live ? (
            <live.LiveCategoryOptions selected={category} />
          ) : (
            <CategoryOptions categories={NO_CATEGORIES} selected={category} />
          )}
        </select>
      </label>
      <label className="explore-filters__field">
        <span>With tags</span>
        <input
          className="field__input"
          name="tags"
          value={tags}
          placeholder="sea, ghost"
          onChange={(event) => setTags(event.target.value)}
        />
      </label>
      <label className="explore-filters__field">
        <span>Without tags</span>
        <input
          className="field__input"
          name="exclude"
          value={exclude}
          placeholder="gore"
          onChange={(event) => setExclude(event.target.value)}
        />
      </label>
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
      <button type="submit" className="button button--primary explore-filters__apply">
        Apply
      </button>
    </form>
  );
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
