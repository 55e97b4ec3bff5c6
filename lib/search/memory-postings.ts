// Search postings held in memory (#19 item 6): what experience_search's GIN index and
// experience_terms answer on PostgreSQL, answered in-process instead. Per analyzed term, the ids of
// the rows holding it (ascending, in an Int32Array); per id, the row as search reads it. A walk steps
// the posting lists newest first and stops at its limit, as FTS5 does on SQLite; GIN cannot, and
// those walks were most of a PostgreSQL search's time (docs/architecture.md, Engines: round 5).
// A phrase is looked up by its words' postings and checked on the row's field text: its tokens
// next to each other within one field, as FTS5 and the tsvector's `<->` (fields never adjacent) say.
// Pure data structure: loading it and keeping it current is search-index-pg-memory.ts's.
import type { AllOf, AnyOf, CandidateRow, Phrase, TermQuery } from "./search-index";

/** A lexeme of this many bytes or more is not stored by the tsvector (knowhub_tokens_tsvector): not counted here either. */
const LEXEME_MAX_BYTES = 2048;

type Stored = {
  resourceKey: string;
  score: number;
  /** null for `e:<id>` (a report without a key): not stored once per row. */
  reporter: string | null;
  /**
   * The four analyzed fields (name, task, tips, outcome) joined by newlines, which no field holds
   * (analyzed text is tokens and spaces): one string per row instead of four, about 100 bytes less
   * a row, and a phrase found in it never spans two fields. A row whose fields do hold a newline
   * keeps them apart (`fields`).
   */
  text: string;
  fields?: readonly [string, string, string, string];
  /** Tokens in all four fields, as bm25 counts a row's length (knowhub_token_count). */
  tokens: number;
};

type Posting = { ids: Int32Array; n: number };

/** A change to apply: the row as it is now, or null when it left the index. */
export type RowChange = { id: number; row: CandidateRow | null };

function tokensOf(field: string): string[] {
  return field.split(" ").filter(Boolean);
}

function storedTerm(token: string): boolean {
  return token.length * 3 < LEXEME_MAX_BYTES || Buffer.byteLength(token) < LEXEME_MAX_BYTES;
}

function fieldsOf(row: Stored): readonly string[] {
  return row.fields ?? row.text.split("\n");
}

function termsOf(row: Stored): Set<string> {
  const out = new Set<string>();
  for (const field of fieldsOf(row)) for (const t of tokensOf(field)) if (storedTerm(t)) out.add(t);
  return out;
}

const SPACE = 32;
const NEWLINE = 10;

/** Whether `phrase` (tokens one space apart) stands as whole tokens in the text (fields apart by newlines). */
function textHolds(text: string, phrase: string): boolean {
  for (let at = text.indexOf(phrase); at >= 0; at = text.indexOf(phrase, at + 1)) {
    const end = at + phrase.length;
    const before = at === 0 ? SPACE : text.charCodeAt(at - 1);
    const after = end === text.length ? SPACE : text.charCodeAt(end);
    if ((before === SPACE || before === NEWLINE) && (after === SPACE || after === NEWLINE)) return true;
  }
  return false;
}

/** The largest matching id below a bound, or -1; successive calls never raise the bound (newest first). */
interface Cursor {
  prev(below: number): number;
}

const NONE: Cursor = { prev: () => -1 };

class TermCursor implements Cursor {
  private pos: number;
  constructor(private readonly ids: Int32Array, n: number) {
    this.pos = n - 1;
  }
  prev(below: number): number {
    const ids = this.ids;
    let hi = this.pos;
    if (hi < 0) return -1;
    if (ids[hi] < below) return ids[hi];
    // Gallop down from the last answer, then halve: a walk that skips far costs log steps.
    let step = 1;
    let lo = hi - step;
    while (lo >= 0 && ids[lo] >= below) {
      hi = lo;
      step *= 2;
      lo = hi - step;
    }
    if (lo < -1) lo = -1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (ids[mid] < below) lo = mid;
      else hi = mid;
    }
    this.pos = lo;
    return lo >= 0 ? ids[lo] : -1;
  }
}

/** Every child matches: leapfrog, each child asked for the newest id at or below the others'. */
class AndCursor implements Cursor {
  constructor(private readonly children: Cursor[]) {}
  prev(below: number): number {
    const n = this.children.length;
    let bound = below;
    let x = -1;
    let agreed = 0;
    for (let i = 0; ; i = (i + 1) % n) {
      const y = this.children[i].prev(bound);
      if (y < 0) return -1;
      if (y === x) agreed++;
      else {
        x = y;
        agreed = 1;
        bound = y + 1;
      }
      if (agreed === n) return x;
    }
  }
}

/** Any child matches: the newest of their answers, each kept while it stays below the bound. */
class OrCursor implements Cursor {
  private readonly last: number[];
  constructor(private readonly children: Cursor[]) {
    this.last = children.map(() => Infinity);
  }
  prev(below: number): number {
    let best = -1;
    for (let i = 0; i < this.children.length; i++) {
      if (this.last[i] >= below) this.last[i] = this.children[i].prev(below);
      if (this.last[i] > best) best = this.last[i];
    }
    return best;
  }
}

/** Rows holding every word of the phrase, kept when the words stand together in one field. */
class PhraseCursor implements Cursor {
  constructor(
    private readonly words: Cursor,
    private readonly phrase: string,
    private readonly index: MemoryPostings,
  ) {}
  prev(below: number): number {
    for (let x = this.words.prev(below); x >= 0; x = this.words.prev(x)) if (this.index.holdsPhrase(x, this.phrase)) return x;
    return -1;
  }
}

export class MemoryPostings {
  private readonly rows: (Stored | undefined)[] = [];
  private readonly postings = new Map<string, Posting>();
  /** Resource keys and reporters, one string each however many rows name them. */
  private readonly interned = new Map<string, string>();
  /** Searchable rows, and their length in tokens (bm25's totals). */
  count = 0;
  tokens = 0;

  private intern(s: string): string {
    const known = this.interned.get(s);
    if (known !== undefined) return known;
    this.interned.set(s, s);
    return s;
  }

  /**
   * Applies changes in one pass per posting list touched: a batch of thousands (another server's
   * import) costs about one rewrite of the lists it touches, not one per row. Rows given in
   * ascending id order past every row held (a load) are appended.
   */
  apply(changes: readonly RowChange[]): void {
    const removed = new Map<string, number[]>();
    const added = new Map<string, number[]>();
    const push = (into: Map<string, number[]>, term: string, id: number) => {
      const list = into.get(term);
      if (list) list.push(id);
      else into.set(term, [id]);
    };
    for (const { id, row } of changes) {
      const old = this.rows[id];
      if (old) {
        for (const t of termsOf(old)) push(removed, t, id);
        this.count--;
        this.tokens -= old.tokens;
        this.rows[id] = undefined;
      }
      if (!row) continue;
      const fields = [row.sName, row.sTask, row.sTips, row.sOutcome];
      const stored: Stored = {
        resourceKey: this.intern(row.resourceKey),
        score: row.score,
        reporter: row.reporter === `e:${id}` ? null : this.intern(row.reporter),
        text: fields.join("\n"),
        ...(fields.some((f) => f.includes("\n")) ? { fields: [row.sName, row.sTask, row.sTips, row.sOutcome] as const } : {}),
        tokens: fields.reduce((n, f) => n + tokensOf(f).length, 0),
      };
      this.rows[id] = stored;
      this.count++;
      this.tokens += stored.tokens;
      for (const t of termsOf(stored)) push(added, t, id);
    }
    for (const term of new Set([...removed.keys(), ...added.keys()])) this.rewrite(term, removed.get(term) ?? [], added.get(term) ?? []);
  }

  private rewrite(term: string, removed: number[], added: number[]): void {
    const p = this.postings.get(term) ?? { ids: new Int32Array(0), n: 0 };
    added.sort((a, b) => a - b);
    added = added.filter((id, i) => i === 0 || id !== added[i - 1]);
    if (removed.length === 0 && (p.n === 0 || added[0] > p.ids[p.n - 1])) {
      if (p.n + added.length > p.ids.length) {
        const grown = new Int32Array(Math.max(4, Math.ceil((p.n + added.length) * 1.5)));
        grown.set(p.ids.subarray(0, p.n));
        p.ids = grown;
      }
      p.ids.set(added, p.n);
      p.n += added.length;
    } else {
      const gone = new Set(removed);
      const out = new Int32Array(Math.max(4, Math.ceil((p.n + added.length) * 1.25)));
      let n = 0;
      let k = 0;
      for (let i = 0; i < p.n; i++) {
        const id = p.ids[i];
        while (k < added.length && added[k] < id) out[n++] = added[k++];
        // Removed and written again in the same batch with the term still in it: it stays.
        let keep = !gone.has(id);
        if (k < added.length && added[k] === id) [k, keep] = [k + 1, true];
        if (keep) out[n++] = id;
      }
      while (k < added.length) out[n++] = added[k++];
      p.ids = out;
      p.n = n;
    }
    if (p.n === 0) this.postings.delete(term);
    else this.postings.set(term, p);
  }

  /** Trims every posting list to its length (after a load; growth leaves up to half again spare). */
  compact(): void {
    for (const p of this.postings.values()) if (p.ids.length > p.n) p.ids = p.ids.slice(0, p.n);
  }

  /** Rows holding the term (experience_terms' doc). */
  df(term: string): number {
    return this.postings.get(term)?.n ?? 0;
  }

  has(id: number): boolean {
    return this.rows[id] !== undefined;
  }

  holdsPhrase(id: number, phrase: string): boolean {
    const row = this.rows[id];
    if (!row) return false;
    return row.fields ? row.fields.some((f) => textHolds(f, phrase)) : textHolds(row.text, phrase);
  }

  resourceKey(id: number): string {
    return this.rows[id]!.resourceKey;
  }

  /** A fresh row for the ranking (its caches key on the object; the index's own stays untouched). */
  row(id: number): CandidateRow {
    const r = this.rows[id]!;
    const [sName, sTask, sTips, sOutcome] = fieldsOf(r);
    return { id, resourceKey: r.resourceKey, score: r.score, reporter: r.reporter ?? `e:${id}`, sName, sTask, sTips, sOutcome };
  }

  private term(token: string): Cursor {
    const p = this.postings.get(token);
    return p ? new TermCursor(p.ids, p.n) : NONE;
  }

  private phrase(p: Phrase): Cursor {
    const words = p.split(" ");
    if (words.length === 1) return this.term(words[0]);
    return new PhraseCursor(new AndCursor([...new Set(words)].map((w) => this.term(w))), p, this);
  }

  private anyOf(any: AnyOf): Cursor {
    // A phrase holding another of the forms ("pdf file" beside "pdf") adds no row, and checking it
    // on every row holding its words is most of what such an OR would cost.
    const forms = [...new Set(any)];
    const needed = forms.filter((p) => !forms.some((q) => q !== p && ` ${p} `.includes(` ${q} `)));
    return needed.length === 1 ? this.phrase(needed[0]) : new OrCursor(needed.map((p) => this.phrase(p)));
  }

  private allOf(all: AllOf): Cursor {
    return all.length === 1 ? this.anyOf(all[0]) : new AndCursor(all.map((a) => this.anyOf(a)));
  }

  private cursor(query: TermQuery): Cursor {
    if (query.length === 0) return NONE;
    return query.length === 1 ? this.allOf(query[0]) : new OrCursor(query.map((a) => this.allOf(a)));
  }

  /**
   * Up to `max` ids matching the query, newest first, below `below`, that `keep` accepts (a
   * category's resources), in the walk's order. `max` Infinity: every one.
   */
  newest(query: TermQuery, max: number, below: number, keep?: (id: number) => boolean): number[] {
    const out: number[] = [];
    const c = this.cursor(query);
    for (let id = c.prev(below); id >= 0 && out.length < max; id = c.prev(id)) if (!keep || keep(id)) out.push(id);
    return out;
  }

  /** Rows holding the phrase (a word's from its posting list). */
  hits(phrase: Phrase): number {
    if (!phrase.includes(" ")) return this.df(phrase);
    const c = this.phrase(phrase);
    let n = 0;
    for (let id = c.prev(Infinity); id >= 0; id = c.prev(id)) n++;
    return n;
  }

  /** What the postings hold, for the memory figures: lists, entries, and the entries' bytes allocated. */
  size(): { terms: number; entries: number; bytes: number } {
    let entries = 0;
    let bytes = 0;
    for (const p of this.postings.values()) {
      entries += p.n;
      bytes += p.ids.byteLength;
    }
    return { terms: this.postings.size, entries, bytes };
  }
}
