import { type RefObject, useEffect, useRef } from "react";

/**
 * Loads the next page of an infinite query when the element `sentinel` holds (put after the last
 * row) comes within 400 px of the scrolling container `scroller`.
 */
export const useLoadMore = (query: {
  readonly hasNextPage: boolean;
  readonly isFetchingNextPage: boolean;
  readonly fetchNextPage: () => Promise<unknown>;
}): { scroller: RefObject<HTMLDivElement | null>; sentinel: RefObject<HTMLDivElement | null> } => {
  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { root: scroller.current, rootMargin: "400px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return { scroller, sentinel };
};
