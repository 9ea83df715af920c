// The end of a paged list: asks for the next page when it scrolls into view, with a button for
// keyboards and for browsers without IntersectionObserver.
import { useEffect, useRef } from 'preact/hooks';

export function LoadMore(props: { hasMore: boolean; loading: boolean; onMore: () => void }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const onMore = useRef(props.onMore);
  onMore.current = props.onMore;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !props.hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((seen) => {
      if (seen.some((entry) => entry.isIntersecting)) onMore.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [props.hasMore, props.loading]);
  return (
    <>
      <div ref={sentinel} aria-hidden="true" />
      {props.loading && <p aria-live="polite">Loading…</p>}
      {props.hasMore && !props.loading && (
        <button type="button" class="secondary" onClick={props.onMore}>
          Load more
        </button>
      )}
    </>
  );
}
