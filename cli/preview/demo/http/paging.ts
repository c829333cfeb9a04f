/** offset and count from the query string, with a default and an upper bound on count. */
export function paging(query: URLSearchParams, defaultCount: number, maxCount = 100) {
  const int = (name: string, fallback: number) => {
    const value = Number(query.get(name) ?? Number.NaN);
    return Number.isInteger(value) && value >= 0 ? value : fallback;
  };
  return { offset: int("offset", 0), count: Math.min(int("count", defaultCount), maxCount) };
}

export function pageOf<T>(all: readonly T[], offset: number, count: number) {
  const items = all.slice(offset, offset + count);
  return { count: items.length, total: all.length, items };
}
