import { eq } from "drizzle-orm";
import JSZip from "jszip";
import { beforeAll, describe, expect, it } from "vitest";
import { stories } from "../platform/db/schema.js";
import { StoriesQueries } from "../stories/stories-queries.js";
import {
  FREE_WORDS,
  LOCKED_WORDS,
  listedStory,
  recordPurchase,
  setPremium,
} from "../testing/access-fixtures.js";
import { epubcheckErrors } from "../testing/epubcheck.js";
import {
  newPerson,
  storyIn,
  type TestPerson,
  useOwnerAndReader,
} from "../testing/story-fixtures.js";

// GET /v1/stories/{id}/epub (docs/product.md#epub-downloads): EPUBCheck runs on the books.

const ctx = useOwnerAndReader();
/** EPUBCheck is a Java program: it starts slowly on a busy machine. */
const EPUBCHECK_TIMEOUT = 180_000;
let stranger: TestPerson;
beforeAll(async () => {
  stranger = await newPerson(ctx.api, "stranger");
});

const download = (publicId: string, person: TestPerson | null, query = "") =>
  ctx.api.app.inject({
    method: "GET",
    url: `/v1/stories/${publicId}/epub${query}`,
    headers: person?.headers ?? {},
  });

/** Every text file of the book, joined, and the list of its files. */
async function bookOf(body: Buffer) {
  const zip = await JSZip.loadAsync(body);
  const names = Object.keys(zip.files).filter((name) => !zip.files[name]?.dir);
  const texts: Record<string, string> = {};
  for (const name of names) {
    if (/\.(xhtml|opf|xml|css)$/.test(name))
      texts[name] = (await zip.file(name)?.async("string")) ?? "";
  }
  return { names, texts, all: Object.values(texts).join("\n") };
}

async function postComment(publicId: string, person: TestPerson, payload: object) {
  const response = await ctx.api.app.inject({
    method: "POST",
    url: `/v1/comments/stories/${publicId}/comments`,
    headers: person.headers,
    payload,
  });
  if (response.statusCode !== 201) throw new Error(`comment failed: ${response.body}`);
  return response.json() as { id: string };
}

describe("GET /v1/stories/{id}/epub", () => {
  it(
    "gives a listed story's reader a valid EPUB 3: mimetype first and stored, metadata, cover and illustrations for its author",
    async () => {
      const story = await listedStory(ctx.api, ctx.owner, null);
      const response = await download(story.publicId, ctx.owner);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("application/epub+zip");
      expect(response.headers["content-disposition"]).toContain(
        'filename="The-Lantern-Keeper.epub"',
      );
      const bytes = response.rawPayload;
      // The OCF's first entry: "mimetype", stored (method 0), its content right after the header.
      expect(bytes.subarray(30, 38).toString()).toBe("mimetype");
      expect(bytes.readUInt16LE(8)).toBe(0);
      expect(bytes.subarray(38, 58).toString()).toBe("application/epub+zip");
      const book = await bookOf(bytes);
      const opf = book.texts["OEBPS/content.opf"] ?? "";
      expect(opf).toContain("<dc:title>The Lantern Keeper</dc:title>");
      expect(opf).toContain(`<dc:creator>${ctx.owner.username}</dc:creator>`);
      expect(opf).toContain("<dc:subject>mystery</dc:subject>");
      expect(opf).toContain(`/stories/${story.publicId}</dc:source>`);
      expect(opf).toMatch(
        /href="images\/cover\.svg" media-type="image\/svg\+xml" properties="cover-image"/,
      );
      expect(book.names.filter((name) => name.startsWith("OEBPS/images/")).sort()).toEqual([
        "OEBPS/images/cover.svg",
        "OEBPS/images/picture-1.svg",
        "OEBPS/images/picture-2.svg",
      ]);
      // Files only, no folder entries.
      expect(Object.values((await JSZip.loadAsync(bytes)).files).some((file) => file.dir)).toBe(
        false,
      );
      expect(book.all).toContain(LOCKED_WORDS);
      expect(await epubcheckErrors(bytes)).toEqual([]);
    },
    EPUBCHECK_TIMEOUT,
  );

  it("a private story is its owner's alone: a stranger and a visitor are told it is not found", async () => {
    const id = await storyIn(ctx.api, ctx.owner, "completed");
    expect((await download(id, ctx.owner)).statusCode).toBe(200);
    for (const person of [stranger, null]) {
      const response = await download(id, person);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: "Story not found.", code: "NOT_FOUND" });
    }
  });

  it("a story still being written cannot be downloaded", async () => {
    const id = await storyIn(ctx.api, ctx.owner, "generating");
    const response = await download(id, ctx.owner);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      detail: "Only a written story can be downloaded.",
      code: "INVALID_TRANSITION",
    });
  });

  it(
    "a priced story's book holds only the free part for a reader who has not bought it, premium or not, and all of it for a buyer",
    async () => {
      const story = await listedStory(ctx.api, ctx.owner, 199);
      const notBought = await bookOf((await download(story.publicId, stranger)).rawPayload);
      expect(notBought.all).toContain(FREE_WORDS);
      expect(notBought.all).not.toContain(LOCKED_WORDS);
      expect(notBought.all).toContain("The rest of this story is $1.99.");
      expect(notBought.names.filter((name) => name.startsWith("OEBPS/images/"))).toEqual([
        "OEBPS/images/cover.svg",
      ]);
      const premiumReader = await newPerson(ctx.api, "premium");
      await setPremium(ctx.api.database.db, premiumReader, true);
      const premium = await download(story.publicId, premiumReader);
      const premiumBook = await bookOf(premium.rawPayload);
      expect(premiumBook.all).not.toContain(LOCKED_WORDS);
      // The free part's illustration, never the locked chapter's.
      expect(premiumBook.names.filter((name) => name.startsWith("OEBPS/images/"))).toHaveLength(2);
      expect(await epubcheckErrors(premium.rawPayload)).toEqual([]);
      await recordPurchase(ctx.api.database.db, stranger, story, "paid");
      const bought = await bookOf((await download(story.publicId, stranger)).rawPayload);
      expect(bought.all).toContain(LOCKED_WORDS);
      expect(bought.all).not.toContain("The rest of this story is");
    },
    EPUBCHECK_TIMEOUT,
  );

  it(
    "escapes odd characters: markup, quotes, ampersands, emoji, right-to-left text and a control character stay text in a valid book",
    async () => {
      const id = await storyIn(ctx.api, ctx.owner, "completed", { isPublic: true });
      const odd = `<script>alert("x")</script> & 'quotes' — émoji 🦊 שלום \u0001 end`;
      await ctx.api.database.db
        .update(stories)
        .set({
          title: `<Tom & "Jerry">`,
          description: odd,
          tags: ["a&b", "<tag>"],
          content: {
            chapters: [
              { title: "<h1>", paragraphs: [odd, "]]> --> <!-- &amp;"] },
              { title: "", paragraphs: ["Second."] },
            ],
          },
        })
        .where(eq(stories.publicId, id));
      const response = await download(id, ctx.reader);
      expect(response.statusCode).toBe(200);
      const book = await bookOf(response.rawPayload);
      expect(book.all).not.toContain("<script>");
      expect(book.all).toContain(
        "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;",
      );
      expect(book.all).toContain("🦊 שלום");
      expect(book.texts["OEBPS/nav.xhtml"]).toContain("Chapter 2");
      expect(await epubcheckErrors(response.rawPayload)).toEqual([]);
    },
    EPUBCHECK_TIMEOUT,
  );

  it(
    "with the discussion: each passage note is an endnote linked from its passage and back, replies under it, then the comments; a valid book",
    async () => {
      const id = await storyIn(ctx.api, ctx.owner, "completed", { isPublic: true });
      // "The tide brought a green bottle to the rocks.": the note quotes "green bottle".
      const note = await postComment(id, ctx.reader, {
        content: "Why <green>?",
        location: { start: 19, end: 31 },
      });
      await postComment(id, ctx.owner, {
        content: "Because of the sea & the glass.",
        parent_comment_id: note.id,
      });
      await postComment(id, stranger, { content: "Lovely story." });
      const response = await download(id, stranger, "?discussion=true");
      expect(response.statusCode).toBe(200);
      const book = await bookOf(response.rawPayload);
      const chapter = book.texts["OEBPS/chapter-1.xhtml"] ?? "";
      expect(chapter).toContain(
        'The tide brought a green bottle<a class="noteref" epub:type="noteref" id="note-ref-1" href="discussion.xhtml#note-1">1</a> to the rocks.',
      );
      const discussion = book.texts["OEBPS/discussion.xhtml"] ?? "";
      expect(discussion).toContain('<li id="note-1" epub:type="endnote">');
      expect(discussion).toContain("<blockquote><p>green bottle</p></blockquote>");
      expect(discussion).toContain("Why &lt;green&gt;?");
      expect(discussion).toContain("Because of the sea &amp; the glass.");
      expect(discussion).toContain(`${ctx.owner.username} (the author)`);
      expect(discussion).toContain('<a href="chapter-1.xhtml#note-ref-1">Back to the text</a>');
      expect(discussion).toContain("Lovely story.");
      expect(await epubcheckErrors(response.rawPayload)).toEqual([]);
      // Without the option: no endnotes, no references.
      const plain = await bookOf((await download(id, stranger)).rawPayload);
      expect(plain.texts["OEBPS/discussion.xhtml"]).toBeUndefined();
      expect(plain.all).not.toContain(`epub:type="noteref"`);
    },
    EPUBCHECK_TIMEOUT,
  );

  it("a reader of the free part gets the notes on the locked part without their passage", async () => {
    const story = await listedStory(ctx.api, ctx.owner, 199);
    const text = await new StoriesQueries(ctx.api.database.db).findByPublicId(story.publicId);
    const whole = (text?.content?.chapters ?? [])
      .flatMap((chapter) => chapter.paragraphs)
      .join("\n\n");
    const start = whole.indexOf(LOCKED_WORDS);
    await postComment(story.publicId, ctx.owner, {
      content: "A secret note.",
      location: { start, end: start + LOCKED_WORDS.length },
    });
    const book = await bookOf(
      (await download(story.publicId, stranger, "?discussion=true")).rawPayload,
    );
    expect(book.all).toContain("A secret note.");
    expect(book.all).toContain("Its passage is not in this book.");
    expect(book.all).not.toContain(LOCKED_WORDS);
  });

  it("keeps a built book: the second download is a cache hit, a new comment builds the discussion's book again", async () => {
    const id = await storyIn(ctx.api, ctx.owner, "completed", { isPublic: true });
    expect((await download(id, ctx.reader, "?discussion=true")).headers["x-cache"]).toBe("miss");
    const again = await download(id, null, "?discussion=true");
    expect(again.headers["x-cache"]).toBe("hit");
    expect((await download(id, ctx.reader)).headers["x-cache"]).toBe("miss");
    await postComment(id, ctx.reader, { content: "A new thought." });
    const after = await download(id, ctx.reader, "?discussion=true");
    expect(after.headers["x-cache"]).toBe("miss");
    expect((await bookOf(after.rawPayload)).all).toContain("A new thought.");
    expect((await download(id, ctx.reader)).headers["x-cache"]).toBe("hit");
    // The owner's access class (with illustrations) is another book.
    expect((await download(id, ctx.owner)).headers["x-cache"]).toBe("miss");
  });

  it("refuses an unknown option", async () => {
    const id = await storyIn(ctx.api, ctx.owner, "completed", { isPublic: true });
    expect((await download(id, ctx.reader, "?discussion=maybe")).statusCode).toBe(422);
    expect((await download(id, ctx.reader, "?format=pdf")).statusCode).toBe(422);
  });
});
