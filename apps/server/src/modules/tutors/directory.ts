import {
  AvailableWhen,
  BOUNDS,
  dayAndTimeRanges,
  type FindOnboardedTutorsQuerySchema,
  type Topic,
  TutorSort,
} from '@hiwar/domain';
import type { z } from 'zod';
import { EncodedBody } from '../../core/encoded-body.ts';
import { anyRunStartIn, type Span, type StartRuns } from './free-times.ts';
import {
  matchesClosely,
  type SearchableText,
  type SearchTerm,
  searchable,
  searchTerm,
} from './tutor-search.ts';

/** Starts sit on this grid (`bookableTimes`' default). */
export const GRID_MS = BOUNDS.scheduleGridMinutes * 60_000;

/**
 * A listed tutor as the directory keeps them: the card as JSON text, and what the filters, sorts and
 * search read. Ten thousand of these live as long as the directory, so they hold no more objects than
 * that needs (the card object itself is dropped once written out).
 */
export type DirectoryTutor = {
  id: number;
  /** `JSON.stringify` of the tutor's `TutorCard`: pages are cut from these texts, never serialised again. */
  cardJson: string;
  gender: string;
  rating: number | null;
  ratingCount: number;
  lessonCount: number;
  createdAt: number;
  topics: readonly Topic[];
  /** Bookable starts of a 15-minute lesson (the day and time filters). */
  starts: StartRuns;
  name: SearchableText;
  /** The bio, normalised: matched as a substring only. */
  bio: string;
};

export type DirectoryQuery = z.output<typeof FindOnboardedTutorsQuerySchema> & {
  /**
   * What `available=today` means at the request, read by the caller (a directory outlives a day and
   * its starts were read with the lead time at its build): the local date, and the first grid start
   * bookable now (epoch ms).
   */
  today?: { date: string; earliest: number };
};

/** The local date a query's starts must fall on (`day`, or today for `available=today`), if any. */
function dayOf(query: DirectoryQuery): string | undefined {
  return query.available === AvailableWhen.Today ? query.today?.date : query.day;
}

const SORTS: Record<TutorSort, (a: DirectoryTutor, b: DirectoryTutor) => number> = {
  [TutorSort.Rating]: (a, b) =>
    (b.rating ?? -1) - (a.rating ?? -1) ||
    b.ratingCount - a.ratingCount ||
    b.lessonCount - a.lessonCount ||
    a.id - b.id,
  [TutorSort.Lessons]: (a, b) =>
    b.lessonCount - a.lessonCount || (b.rating ?? -1) - (a.rating ?? -1) || a.id - b.id,
  [TutorSort.Newest]: (a, b) => b.createdAt - a.createdAt || b.id - a.id,
};
const SORT_NAMES = Object.keys(SORTS) as TutorSort[];

/** The first index in `list` (sorted by `compare`) whose element does not come before `item`. */
function lowerBound<T>(list: readonly T[], item: T, compare: (a: T, b: T) => number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(list[middle]!, item) < 0) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  return low;
}

/** The query fields that decide which tutors a page holds and in what order (not the page itself). */
function selectionKey(query: DirectoryQuery): string {
  return JSON.stringify([
    query.search ? searchTerm(query.search).text : '',
    query.topics ? [...new Set(query.topics)].sort((a, b) => a - b) : [],
    query.gender ?? '',
    query.day ?? '',
    query.time ?? '',
    query.available === AvailableWhen.Today ? `today ${query.today?.date} ${query.today?.earliest}` : '',
    query.sort,
  ]);
}

/**
 * A selection (filters and sort) asked for: its test, the tutors it holds in order (kept current with
 * every change), and its pages answered since a change last touched them.
 */
type CachedSelection = {
  sort: TutorSort;
  matches: (tutor: DirectoryTutor) => boolean;
  /** The matching tutors in `sort` order; null until a page is first asked for. */
  members: DirectoryTutor[] | null;
  /** Page bodies by `page:size`. */
  pages: Map<string, EncodedBody>;
};

/** The tutors (and topics) one search term matches, kept current with every change. */
type TermMatches = { term: SearchTerm; tutors: Set<number>; topics: Set<number> };

type KnownTopic = { ar: SearchableText; en: SearchableText; names: string };

export type DirectoryOptions = {
  /** Which instants the day and time filters enumerate dates over (a day filter names its own). */
  span: Span;
  /** Selections (filters and sort) whose pages are kept; the oldest go first. */
  maxSelections?: number;
  /** Search terms whose matches are kept. */
  maxTerms?: number;
  /** How many tutors the kept selections may hold in all (their member lists); the oldest go first. */
  maxMembers?: number;
};

/** The pages (`page:size` keys) that show any position from `low` to `high` of a selection. */
function pagesShowing(pages: Map<string, EncodedBody>, low: number, high: number): string[] {
  return [...pages.keys()].filter((key) => {
    const [page, size] = key.split(':').map(Number) as [number, number];
    return (page - 1) * size <= high && page * size > low;
  });
}

/**
 * Every listed tutor, kept sorted three ways, with the selections asked for (their members in order)
 * and the pages already answered. A change to one tutor (`apply`) moves only that tutor in each order
 * and each selection, and drops only the pages showing a place it left or took (every page of a
 * selection it entered or left; none when it kept its place and card, as after a booking that left its
 * first free time alone). Synchronous and in memory: what reads the database is the caller's.
 */
export function createDirectory(initial: readonly DirectoryTutor[], options: DirectoryOptions) {
  const maxSelections = options.maxSelections ?? 1_000;
  const maxTerms = options.maxTerms ?? 256;
  const maxMembers = options.maxMembers ?? 500_000;
  /** Tutors held in all the selections' member lists. */
  let membersKept = 0;
  const byId = new Map<number, DirectoryTutor>();
  const orders = {} as Record<TutorSort, DirectoryTutor[]>;
  const topics = new Map<number, KnownTopic>();
  const terms = new Map<string, TermMatches>();
  const selections = new Map<string, CachedSelection>();
  /**
   * Request URLs already answered: the selection and page each stands for, and until when (epoch ms)
   * the URL means that selection (`available=today` names another date after midnight).
   */
  const urls = new Map<string, { key: string; page: string; until: number }>();

  function learnTopics(tutor: DirectoryTutor): boolean {
    let renamed = false;
    for (const topic of tutor.topics) {
      const names = `${topic.nameAr}\n${topic.nameEn}`;
      const known = topics.get(topic.id);
      if (known?.names === names) {
        continue;
      }
      renamed ||= known !== undefined;
      topics.set(topic.id, { ar: searchable(topic.nameAr), en: searchable(topic.nameEn), names });
      for (const matches of terms.values()) {
        if (topicMatches(matches.term, topics.get(topic.id)!)) {
          matches.topics.add(topic.id);
        } else {
          matches.topics.delete(topic.id);
        }
      }
    }
    return renamed;
  }

  const topicMatches = (term: SearchTerm, topic: KnownTopic) =>
    matchesClosely(term, topic.ar) || matchesClosely(term, topic.en);

  function tutorMatches(matches: TermMatches, tutor: DirectoryTutor): boolean {
    return (
      matchesClosely(matches.term, tutor.name) ||
      tutor.bio.includes(matches.term.text) ||
      tutor.topics.some((topic) => matches.topics.has(topic.id))
    );
  }

  function termMatches(text: string): TermMatches {
    const known = terms.get(text);
    if (known) {
      return known;
    }
    const term = searchTerm(text);
    const matches: TermMatches = { term, tutors: new Set(), topics: new Set() };
    for (const [id, topic] of topics) {
      if (topicMatches(term, topic)) {
        matches.topics.add(id);
      }
    }
    for (const tutor of byId.values()) {
      if (tutorMatches(matches, tutor)) {
        matches.tutors.add(tutor.id);
      }
    }
    if (terms.size >= maxTerms) {
      terms.delete(terms.keys().next().value!);
    }
    terms.set(term.text, matches);
    return matches;
  }

  function compile(query: DirectoryQuery): CachedSelection {
    const tests: Array<(tutor: DirectoryTutor) => boolean> = [];
    if (query.search) {
      // Looked up at each test: an evicted term is computed again, never read stale.
      const text = searchTerm(query.search).text;
      tests.push((tutor) => termMatches(text).tutors.has(tutor.id));
    }
    if (query.topics && query.topics.length > 0) {
      const wanted = new Set(query.topics);
      tests.push((tutor) => tutor.topics.some((topic) => wanted.has(topic.id)));
    }
    if (query.gender) {
      const gender = query.gender;
      tests.push((tutor) => tutor.gender === gender);
    }
    const day = dayOf(query);
    const today = query.available === AvailableWhen.Today ? query.today : undefined;
    if (today && query.day !== undefined && query.day !== today.date) {
      // A start today and a start on another day asked as one date: nobody.
      tests.push(() => false);
    } else if (day || query.time) {
      // Today's starts only from the first one bookable at the request.
      const from = today?.earliest ?? Number.NEGATIVE_INFINITY;
      const ranges = dayAndTimeRanges(
        { day, time: query.time },
        { start: new Date(options.span.start), end: new Date(options.span.end) },
      )
        .map((range) => ({ start: Math.max(range.start.getTime(), from), end: range.end.getTime() }))
        .filter((range) => range.start < range.end);
      tests.push((tutor) => anyRunStartIn(tutor.starts, ranges, GRID_MS));
    }
    return {
      sort: query.sort,
      matches: (tutor) => tests.every((test) => test(tutor)),
      members: null,
      pages: new Map(),
    };
  }

  function forget(key: string) {
    const gone = selections.get(key);
    if (gone) {
      membersKept -= gone.members?.length ?? 0;
      selections.delete(key);
    }
  }

  /** The selection's tutors in order, found once and then kept current by `apply`. */
  function membersOf(chosen: CachedSelection): DirectoryTutor[] {
    if (chosen.members === null) {
      chosen.members = orders[chosen.sort].filter((tutor) => chosen.matches(tutor));
      membersKept += chosen.members.length;
      for (const key of selections.keys()) {
        if (membersKept <= maxMembers || selections.get(key) === chosen) {
          break;
        }
        forget(key);
      }
    }
    return chosen.members;
  }

  function selection(query: DirectoryQuery): { key: string; selection: CachedSelection } {
    const key = selectionKey(query);
    let found = selections.get(key);
    if (!found) {
      found = compile(query);
      if (selections.size >= maxSelections) {
        forget(selections.keys().next().value!);
      }
      selections.set(key, found);
    }
    return { key, selection: found };
  }

  function render(chosen: CachedSelection, page: number, size: number): EncodedBody {
    const members = membersOf(chosen);
    const from = (page - 1) * size;
    const cards = members.slice(from, from + size).map((tutor) => tutor.cardJson);
    return new EncodedBody(`{"list":[${cards.join(',')}],"total":${members.length}}`);
  }

  /**
   * Moves one changed tutor in a selection's member list and drops the pages that no longer show
   * what they did: every page when the tutor entered or left it (the total moved), else the pages
   * from its old position to its new one, unless it kept both its place and its card.
   */
  function follow(
    chosen: CachedSelection,
    change: { before: DirectoryTutor | undefined; after: DirectoryTutor | undefined },
    wasIn: boolean,
  ) {
    const members = chosen.members!;
    const compare = SORTS[chosen.sort];
    const isIn = change.after !== undefined && chosen.matches(change.after);
    let from = -1;
    if (wasIn) {
      from = lowerBound(members, change.before!, compare);
      if (members[from] === change.before) {
        members.splice(from, 1);
        membersKept--;
      } else {
        // Not where its order says: the list is rebuilt from scratch at the next page.
        membersKept -= members.length;
        chosen.members = null;
        chosen.pages.clear();
        return;
      }
    }
    let to = -1;
    if (isIn) {
      to = lowerBound(members, change.after!, compare);
      members.splice(to, 0, change.after!);
      membersKept++;
    }
    if (wasIn !== isIn) {
      chosen.pages.clear();
    } else if (wasIn && (from !== to || change.before!.cardJson !== change.after!.cardJson)) {
      for (const key of pagesShowing(chosen.pages, Math.min(from, to), Math.max(from, to))) {
        chosen.pages.delete(key);
      }
    }
  }

  function insert(tutor: DirectoryTutor) {
    byId.set(tutor.id, tutor);
    for (const sort of SORT_NAMES) {
      const list = orders[sort];
      list.splice(lowerBound(list, tutor, SORTS[sort]), 0, tutor);
    }
    for (const matches of terms.values()) {
      if (tutorMatches(matches, tutor)) {
        matches.tutors.add(tutor.id);
      }
    }
  }

  function take(tutor: DirectoryTutor) {
    byId.delete(tutor.id);
    for (const sort of SORT_NAMES) {
      const list = orders[sort];
      const at = lowerBound(list, tutor, SORTS[sort]);
      if (list[at] === tutor) {
        list.splice(at, 1);
      }
    }
    for (const matches of terms.values()) {
      matches.tutors.delete(tutor.id);
    }
  }

  function clearAnswers() {
    terms.clear();
    selections.clear();
    membersKept = 0;
    urls.clear();
  }

  for (const sort of SORT_NAMES) {
    orders[sort] = [...initial].sort(SORTS[sort]);
  }
  for (const tutor of initial) {
    byId.set(tutor.id, tutor);
    learnTopics(tutor);
  }

  return {
    /** The page for `query` as a JSON body, answered from the kept pages when nothing touched it since. */
    page(query: DirectoryQuery): EncodedBody {
      const { selection: chosen } = selection(query);
      const pageKey = `${query.page}:${query.size}`;
      let body = chosen.pages.get(pageKey);
      if (body === undefined) {
        body = render(chosen, query.page, query.size);
        chosen.pages.set(pageKey, body);
      }
      return body;
    },

    /** Remembers that `url` asks for `query`'s page until `until` (epoch ms; for good by default), for `peek`. */
    rememberUrl(url: string, query: DirectoryQuery, until = Number.POSITIVE_INFINITY) {
      if (urls.size >= maxSelections * 4) {
        urls.clear();
      }
      urls.set(url, { key: selectionKey(query), page: `${query.page}:${query.size}`, until });
    },

    /** The page a URL answered last, unless a change touched that page since or `now()` is past its day. */
    peek(url: string, now: () => number = Date.now): EncodedBody | undefined {
      const known = urls.get(url);
      if (!known || (known.until !== Number.POSITIVE_INFINITY && now() >= known.until)) {
        return undefined;
      }
      return selections.get(known.key)?.pages.get(known.page);
    },

    /**
     * Replaces the tutors in `upserted` (adding new ones) and takes out those in `removed` (no longer
     * listed, or gone), moves them in every kept selection they were or are in, and drops the pages
     * that showed a place they left or took (every page of a selection they entered or left).
     */
    apply(changes: { upserted: readonly DirectoryTutor[]; removed: readonly number[] }) {
      const touched: Array<{ before: DirectoryTutor | undefined; after: DirectoryTutor | undefined }> = [
        ...changes.upserted.map((after) => ({ before: byId.get(after.id), after })),
        ...changes.removed.map((id) => ({ before: byId.get(id), after: undefined })),
      ].filter((change) => change.before !== undefined || change.after !== undefined);
      if (touched.length === 0) {
        return;
      }
      const wereIn = new Map<CachedSelection, boolean[]>();
      for (const kept of selections.values()) {
        wereIn.set(
          kept,
          touched.map(({ before }) => before !== undefined && kept.matches(before)),
        );
      }
      let renamed = false;
      for (const { before, after } of touched) {
        if (before) {
          take(before);
        }
        if (after) {
          renamed = learnTopics(after) || renamed;
          insert(after);
        }
      }
      if (renamed) {
        // A topic's names changed: whichever term or page read them is redone.
        clearAnswers();
        return;
      }
      for (const [key, kept] of selections) {
        const was = wereIn.get(kept)!;
        if (kept.members === null) {
          // Never answered: nothing to keep current.
          forget(key);
          continue;
        }
        touched.forEach((change, i) => {
          if (kept.members !== null) {
            follow(kept, change, was[i]!);
          }
        });
        if (kept.members === null) {
          forget(key);
        }
      }
    },

    has: (id: number) => byId.has(id),
    /** A listed tutor as kept, or undefined. */
    get: (id: number): DirectoryTutor | undefined => byId.get(id),
    get size() {
      return byId.size;
    },
    /** Every tutor in `sort` order (tests compare a kept directory with a fresh one). */
    list: (sort: TutorSort): readonly DirectoryTutor[] => orders[sort],
  };
}

export type Directory = ReturnType<typeof createDirectory>;
