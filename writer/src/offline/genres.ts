import { DEFAULT_GENRE, GENRES, type GenreId, type GenreMaterial } from "./words/genres.js";

// Which genres a request reads as: from its tags, else from its outline, else adventure.

export function genreById(id: GenreId): GenreMaterial {
  return GENRES.find((genre) => genre.id === id) ?? DEFAULT_GENRE;
}

/**
 * Up to two genres: from the tags in the user's order, else the first genre cue the outline
 * mentions, else adventure. Two genres blend (a magical love story); more would be mush.
 */
export function detectGenres(tags: readonly string[], outline: string): GenreMaterial[] {
  const fromTags = unique(tags.flatMap((tag) => genresForPhrase(tag)));
  if (fromTags.length > 0) return fromTags.slice(0, 2);
  const fromOutline = genresForPhrase(outline);
  return [fromOutline[0] ?? DEFAULT_GENRE];
}

/** Genres whose cues occur in the text as whole words ("sci-fi", "science fiction"). */
function genresForPhrase(text: string): GenreMaterial[] {
  const normalised = ` ${text.toLowerCase().replace(/[^\p{L}\p{N}-]+/gu, " ")} `;
  const hits: { genre: GenreMaterial; at: number }[] = [];
  for (const genre of GENRES) {
    const positions = genre.cues
      .map((cue) => normalised.indexOf(` ${cue} `))
      .filter((at) => at >= 0);
    if (positions.length > 0) hits.push({ genre, at: Math.min(...positions) });
  }
  return hits.sort((a, b) => a.at - b.at).map((hit) => hit.genre);
}

function unique(genres: readonly GenreMaterial[]): GenreMaterial[] {
  return genres.filter((genre, i) => genres.indexOf(genre) === i);
}
