import {
  BOUNDS,
  bookingHorizon,
  earliestBookableStart,
  type Gender,
  isTutorListed,
  Role,
  type TutorCard,
} from '@hiwar/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { EncodedBody } from '../../core/encoded-body.ts';
import type { Database } from '../../db/client.ts';
import type { StoredFiles } from '../assets/stored-files.ts';
import { settingsFromRows } from '../settings/platform-settings.repository.ts';
import { createDirectory, type Directory, type DirectoryTutor, GRID_MS } from './directory.ts';
import { bookableRuns, firstBookableStart, freePieces, type StartRuns } from './free-times.ts';
import { normaliseSearchText, type SearchableText, searchable } from './tutor-search.ts';
import { type DirectoryRow, readDirectory, readDirectoryTutors } from './tutors.repository.ts';
import type { TutorsChange } from './tutors-cache.ts';

const MINUTE_MS = 60_000;
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * `start,end,start,end…` (whole epoch milliseconds) as numbers, read digit by digit: ten thousand
 * tutors' windows would otherwise be a quarter of a million short-lived strings.
 */
export function parseSpans(text: string | null): number[] {
  const numbers: number[] = [];
  if (!text) {
    return numbers;
  }
  let value = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 44) {
      numbers.push(value);
      value = 0;
    } else {
      value = value * 10 + (code - 48);
    }
  }
  numbers.push(value);
  return numbers;
}

/** Rows handled between two turns of the event loop while a directory is built. */
const ROWS_PER_TURN = 500;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * `compute(text)` remembered across builds: a rebuild prepares again only the names and bios that
 * changed. Each full build starts a new generation; what the last one did not use is let go.
 */
function textMemo<T>(compute: (text: string) => T) {
  let current = new Map<string, T>();
  let previous = new Map<string, T>();
  return {
    get(text: string): T {
      let value = current.get(text);
      if (value === undefined) {
        value = previous.get(text) ?? compute(text);
        current.set(text, value);
      }
      return value;
    },
    nextGeneration() {
      previous = current;
      current = new Map();
    },
  };
}

type Topic = { id: number; nameAr: string; nameEn: string };

export type DirectoryKeeperDeps = {
  db: Database;
  files: Pick<StoredFiles, 'uploadUrl'>;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** A directory older than this is read again in the background (time moves lead times and turns lessons into lessons given). */
  ttlMs?: number;
  /** Wall time for the age above (the app's clock may stand still in tests). */
  now?: () => number;
};

/** A deferred outcome several callers may wait on. */
type Waiting = { done: Promise<void>; resolve: () => void };
function waiting(): Waiting {
  let resolve!: () => void;
  const done = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { done, resolve };
}

/**
 * Keeps this instance's tutor directory current. The first request builds it (one statement for every
 * tutor); a change to some tutors re-reads only them and patches it in place; a change to everything
 * (a flush, a setting, a topic's names) drops it, so the next request builds it again; and a
 * directory older than a minute is rebuilt in the background while the old one keeps answering.
 *
 * Reads run one at a time in order, so a tutor read later always lands later. A change marked while a
 * read is running waits for the next one, which starts after it and so sees what was committed before
 * it was marked; changes marked together are read together (a burst of bookings is one statement).
 */
export function createDirectoryKeeper(deps: DirectoryKeeperDeps) {
  const { db, files, clock, log } = deps;
  const ttlMs = deps.ttlMs ?? 60_000;
  const wallClock = deps.now ?? Date.now;
  const url = (name: string | null) => (name ? files.uploadUrl(name) : '');

  /** The directory, when it was built, and the lead time it was built with (refreshes use it too). */
  let kept: { directory: Directory; builtAt: number; leadMinutes: number } | null = null;
  /** Moves on whenever everything changed: a read begun before then is not kept. */
  let epoch = 0;
  let build: Waiting | null = null;
  /** A build asked for or running: an old directory asks for one more only after it. */
  let building = false;
  let buildFailure: unknown = null;
  let pending: { ids: Set<number>; waiting: Waiting } | null = null;
  let running: Promise<void> | null = null;
  const names = textMemo<SearchableText>(searchable);
  const bios = textMemo<string>(normaliseSearchText);

  /** A row as the directory keeps it, or null when the tutor is not listed. */
  function toTutor(
    row: DirectoryRow,
    context: {
      earliest: number;
      horizon: (notice: number) => number;
      topicsOf: (row: DirectoryRow) => Topic[];
    },
  ): DirectoryTutor | null {
    const listed = isTutorListed(
      {
        activated: true,
        bio: row.bio,
        // The rule asks only whether there is one; the statement answers that.
        about: row.hasAbout ? 'about' : null,
        video: row.video,
        thumbnail: row.thumbnail,
        interviewSigned: row.interviewSigned,
      },
      {
        role: row.role as Role,
        name: row.name,
        phone: row.phone,
        city: row.city,
        gender: row.gender,
        birthYear: row.birthYear,
        image: row.image,
        verifiedEmail: row.verifiedEmail,
        verifiedPhone: row.verifiedPhone,
      },
    );
    if (!listed) {
      return null;
    }
    const pieces = freePieces(parseSpans(row.windows), parseSpans(row.busy));
    const topics = context.topicsOf(row);
    const reach = { earliest: context.earliest, latest: context.horizon(row.notice), gridMs: GRID_MS };
    const starts = bookableRuns(pieces, { ...reach, durationMs: 15 * MINUTE_MS });
    const next = firstBookableStart(pieces, { ...reach, durationMs: 30 * MINUTE_MS });
    // The fields in the order the card has always been serialised in.
    const card: TutorCard = {
      id: row.id,
      role: row.role === Role.TutorManager ? Role.TutorManager : Role.Tutor,
      name: row.name!,
      image: url(row.image),
      gender: row.gender as Gender,
      bio: row.bio!,
      topics,
      rating: row.ratingCount > 0 ? round2(row.ratingSum / row.ratingCount) : null,
      ratingCount: row.ratingCount,
      lessonCount: row.lessons ?? 0,
      studentCount: row.students ?? 0,
      notice: row.notice,
      video: url(row.video),
      thumbnail: url(row.thumbnail),
      nextAvailableAt: next === null ? null : new Date(next).toISOString(),
    };
    return {
      id: card.id,
      cardJson: JSON.stringify(card),
      gender: card.gender,
      rating: card.rating,
      ratingCount: card.ratingCount,
      lessonCount: card.lessonCount,
      createdAt: row.createdAt,
      topics,
      starts,
      name: names.get(row.name!),
      bio: bios.get(row.bio!),
    };
  }

  /**
   * The listed ones among `rows`, read at `now` with the lead time `leadMinutes`, yielding to the
   * event loop now and then: requests keep being answered from the directory in use meanwhile.
   */
  async function listed(
    rows: readonly DirectoryRow[],
    now: Date,
    leadMinutes: number,
    topicsOf: (row: DirectoryRow) => Topic[],
  ): Promise<DirectoryTutor[]> {
    const horizons = new Map<number, number>();
    const context = {
      earliest: earliestBookableStart(now, leadMinutes).getTime(),
      // A handful of distinct notices: the zone arithmetic once each.
      horizon(notice: number) {
        let latest = horizons.get(notice);
        if (latest === undefined) {
          latest = bookingHorizon(now, notice).getTime();
          horizons.set(notice, latest);
        }
        return latest;
      },
      topicsOf,
    };
    const found: DirectoryTutor[] = [];
    for (const [index, row] of rows.entries()) {
      if (index > 0 && index % ROWS_PER_TURN === 0) {
        await nextTurn();
      }
      const tutor = toTutor(row, context);
      if (tutor) {
        found.push(tutor);
      }
    }
    return found;
  }

  /** Every listed tutor at the app's current instant, and the lead time in force. */
  async function readAll() {
    const now = clock();
    const read = await readDirectory(db, { now, until: bookingHorizon(now, BOUNDS.noticeDays.max) });
    const { bookingLeadMinutes } = settingsFromRows(read.settings);
    const topicsById = new Map(read.topics.map((topic) => [topic.id, topic]));
    names.nextGeneration();
    bios.nextGeneration();
    const tutors = await listed(read.tutors, now, bookingLeadMinutes, (row) =>
      (row.topicIds ?? []).flatMap((id) => topicsById.get(id) ?? []),
    );
    return { now, tutors, leadMinutes: bookingLeadMinutes };
  }

  /** The tutors `ids` as listed now (those missing are no longer listed). */
  async function readSome(ids: readonly number[], leadMinutes: number) {
    const now = clock();
    const rows = await readDirectoryTutors(db, {
      now,
      until: bookingHorizon(now, BOUNDS.noticeDays.max),
      ids,
    });
    return listed(rows, now, leadMinutes, (row) => row.topics ?? []);
  }

  async function buildNow(): Promise<void> {
    const wanted = build!;
    build = null;
    building = true;
    // Changes marked so far are in this read; later ones wait for the next.
    const covered = pending;
    pending = null;
    const startedIn = epoch;
    try {
      const { now, tutors, leadMinutes } = await readAll();
      if (startedIn === epoch) {
        // Dates for the day and time filters: from now to a day past the longest notice, so a tutor
        // refreshed later in this directory's life is filtered on their own later starts too.
        const span = { start: now.getTime(), end: bookingHorizon(now, BOUNDS.noticeDays.max + 1).getTime() };
        kept = { directory: createDirectory(tutors, { span }), builtAt: wallClock(), leadMinutes };
        buildFailure = null;
      }
    } catch (error) {
      log.error({ err: error }, 'tutor directory: build failed');
      buildFailure = error;
    } finally {
      building = build !== null;
      wanted.resolve();
      covered?.waiting.resolve();
    }
  }

  async function refreshNow(): Promise<void> {
    const batch = pending!;
    pending = null;
    const startedIn = epoch;
    try {
      if (kept) {
        const ids = [...batch.ids];
        const tutors = await readSome(ids, kept.leadMinutes);
        if (startedIn === epoch && kept) {
          const listed = new Set(tutors.map((tutor) => tutor.id));
          kept.directory.apply({ upserted: tutors, removed: ids.filter((id) => !listed.has(id)) });
        }
      }
    } catch (error) {
      // What this instance shows can no longer be vouched for: the next request builds afresh.
      log.error({ err: error }, 'tutor directory: refresh failed');
      kept = null;
    } finally {
      batch.waiting.resolve();
    }
  }

  async function drain(): Promise<void> {
    try {
      while (build || pending) {
        await (build ? buildNow() : refreshNow());
      }
    } finally {
      running = null;
    }
  }

  function run() {
    running ??= Promise.resolve().then(drain);
  }

  function requestBuild(): Promise<void> {
    build ??= waiting();
    building = true;
    run();
    return build.done;
  }

  /** A directory past its age is read again in the background; the old one answers meanwhile. */
  function renewIfOld(current: NonNullable<typeof kept>) {
    if (!building && wallClock() - current.builtAt > ttlMs) {
      void requestBuild();
    }
  }

  /** The directory in use and its lead time, built first if this instance has none. */
  async function current(): Promise<NonNullable<typeof kept>> {
    for (let attempt = 0; !kept; attempt++) {
      await requestBuild();
      if (!kept && (buildFailure || attempt >= 3)) {
        throw buildFailure ?? new Error('tutor directory: changed during every build');
      }
    }
    renewIfOld(kept);
    return kept;
  }

  const appNow = () => clock().getTime();

  return {
    /** The directory, built first if this instance has none (rebuilt in the background when old). */
    async directory(): Promise<Directory> {
      return (await current()).directory;
    },

    /** The directory and the lead time its bookable starts were read with. */
    async withLead(): Promise<{ directory: Directory; leadMinutes: number }> {
      const { directory, leadMinutes } = await current();
      return { directory, leadMinutes };
    },

    /**
     * A listed tutor's bookable starts of a 15-minute lesson as the directory keeps them, and the lead
     * time they were read with (the caller drops those the time since made too near); null when the
     * tutor is not listed.
     */
    async bookableStarts(id: number): Promise<{ starts: StartRuns; leadMinutes: number } | null> {
      const { directory, leadMinutes } = await current();
      const tutor = directory.get(id);
      return tutor ? { starts: tutor.starts, leadMinutes } : null;
    },

    /** A page already answered for `url`, if the directory is built and nothing touched it since. */
    peek(requestUrl: string): EncodedBody | undefined {
      if (!kept) {
        return undefined;
      }
      renewIfOld(kept);
      return kept.directory.peek(requestUrl, appNow);
    },

    /** Applies a change to this instance's directory; resolves once requests see it. */
    changed(change: TutorsChange): Promise<void> {
      if ('all' in change) {
        epoch++;
        kept = null;
        pending?.waiting.resolve();
        pending = null;
        return Promise.resolve();
      }
      if (!kept && !running) {
        // Nothing built here: the next request reads everything afresh anyway.
        return Promise.resolve();
      }
      pending ??= { ids: new Set(), waiting: waiting() };
      for (const id of change.tutorIds) {
        pending.ids.add(id);
      }
      const { done } = pending.waiting;
      run();
      return done;
    },

    /** Resolves once every read asked for so far is done (tests, benchmarks). */
    async idle(): Promise<void> {
      while (running) {
        await running;
      }
    },
  };
}

export type DirectoryKeeper = ReturnType<typeof createDirectoryKeeper>;
