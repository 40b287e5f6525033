import {
  addLocalDays,
  FindLessonsQuerySchema,
  isLocalDate,
  type LessonStatus,
  localDayRange,
  SortOrder,
} from '@hiwar/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * What a lessons list shows, as kept in the address bar
 * (`/lessons?tutor=3&student=7&status=pending&from=2026-12-01&to=2026-12-07&page=2`): people by id
 * (chosen by name), a name search, the status and Cairo calendar dates.
 */
export interface LessonListParams {
  page: number;
  tutorId: number | undefined;
  studentId: number | undefined;
  search: string;
  status: LessonStatus | undefined;
  /** Local dates `YYYY-MM-DD`, both included. */
  from: string | undefined;
  to: string | undefined;
}

export type LessonListPatch = Partial<LessonListParams>;

export const LESSONS_PAGE_SIZE = 20;

const shape = FindLessonsQuerySchema.shape;

/** One value read with the contract's own field schema; anything invalid is treated as absent. */
function read<T>(schema: { safeParse(value: unknown): { success: boolean; data?: T } }, raw: string | null) {
  if (raw === null || raw === '') {
    return undefined;
  }
  const result = schema.safeParse(raw);
  return result.success ? result.data : undefined;
}

const localDate = (raw: string | null) => (raw !== null && isLocalDate(raw) ? raw : undefined);

export function parseLessonListParams(searchParams: URLSearchParams): LessonListParams {
  return {
    page: read<number>(shape.page, searchParams.get('page')) ?? 1,
    tutorId: read<number>(shape.tutorId, searchParams.get('tutor')),
    studentId: read<number>(shape.studentId, searchParams.get('student')),
    search: read<string>(shape.search, searchParams.get('search')) ?? '',
    status: read<LessonStatus>(shape.status, searchParams.get('status')),
    from: localDate(searchParams.get('from')),
    to: localDate(searchParams.get('to')),
  };
}

/** Writes the params over `current`, leaving keys it does not own (another list on the page) alone. */
function writeParams(current: URLSearchParams, params: LessonListParams): URLSearchParams {
  const next = new URLSearchParams(current);
  const put = (key: string, value: string | number | undefined) => {
    if (value === undefined || value === '') {
      next.delete(key);
    } else {
      next.set(key, String(value));
    }
  };
  put('tutor', params.tutorId);
  put('student', params.studentId);
  put('search', params.search);
  put('status', params.status);
  put('from', params.from);
  put('to', params.to);
  put('page', params.page > 1 ? params.page : undefined);
  return next;
}

/**
 * The API query of the params: dates become Cairo day bounds ([from 00:00, the day after `to` 00:00));
 * a `to` before `from` is left out rather than sent as an empty range.
 */
export function lessonListQuery(params: LessonListParams, fixedTutorId?: number) {
  const tutorId = fixedTutorId ?? params.tutorId;
  const to = params.to && (!params.from || params.to >= params.from) ? params.to : undefined;
  return {
    page: params.page,
    size: LESSONS_PAGE_SIZE,
    order: SortOrder.Desc,
    ...(tutorId === undefined ? {} : { tutorId }),
    ...(params.studentId === undefined ? {} : { studentId: params.studentId }),
    ...(params.search ? { search: params.search } : {}),
    ...(params.status ? { status: params.status } : {}),
    ...(params.from ? { from: localDayRange(params.from).start.toISOString() } : {}),
    ...(to ? { to: localDayRange(addLocalDays(to, 1)).start.toISOString() } : {}),
  };
}

/**
 * The lessons list's filters and page in the query string, so a reload or a shared link keeps them.
 * A filter change returns to page 1 and pushes a history entry; typing a name replaces it.
 */
export function useLessonListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseLessonListParams(searchParams), [searchParams]);

  const update = useCallback(
    (patch: LessonListPatch, options: { replace?: boolean } = {}) => {
      setSearchParams(
        (current) =>
          writeParams(current, { ...parseLessonListParams(current), ...patch, page: patch.page ?? 1 }),
        { replace: options.replace ?? false },
      );
    },
    [setSearchParams],
  );

  const reset = useCallback(() => {
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      for (const key of ['tutor', 'student', 'search', 'status', 'from', 'to', 'page']) {
        next.delete(key);
      }
      return next;
    });
  }, [setSearchParams]);

  const hasFilters =
    params.tutorId !== undefined ||
    params.studentId !== undefined ||
    params.search !== '' ||
    params.status !== undefined ||
    params.from !== undefined ||
    params.to !== undefined;

  return { params, update, reset, hasFilters };
}
