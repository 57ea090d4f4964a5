/** Page size of a fetch-all list (2-business-data.md §7: rate slides 50 per page). */
export const FETCH_ALL_PAGE_SIZE = 50;
/** At most this many requests, so a server that never stops counting cannot loop forever. */
export const FETCH_ALL_MAX_REQUESTS = 10_000;

/**
 * Every row of a paged list: asks page 1, 2, ... of 50 until `count` rows have come, a page comes
 * back short, or the request limit is reached. `fetchPage` passes the signal on to its call.
 */
export async function fetchAllPages<T>(
  fetchPage: (pagination: { page: number; pageSize: number }) => Promise<{
    rows: readonly T[];
    count: number;
  }>,
  signal?: AbortSignal,
): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; page <= FETCH_ALL_MAX_REQUESTS; page++) {
    signal?.throwIfAborted();
    const answer = await fetchPage({ page, pageSize: FETCH_ALL_PAGE_SIZE });
    rows.push(...answer.rows);
    if (answer.rows.length < FETCH_ALL_PAGE_SIZE || rows.length >= answer.count) break;
  }
  return rows;
}
