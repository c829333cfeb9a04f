import { useLingui } from "@lingui/react/macro";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { type Ref, useImperativeHandle, useLayoutEffect, useRef, useState } from "react";
import type { Photo } from "../../api/index.ts";
import { GRID_GAP_PX, gridColumns, gridRowHeight, photoLoading } from "../../domain/gallery.ts";

export interface PhotoGridHandle {
  /** Scrolls the photo into view and focuses its thumbnail (after the viewer closes). */
  focusPhoto(index: number): void;
}

interface Props {
  photos: readonly Photo[];
  total: number;
  eventName: string;
  label: string;
  onOpen: (index: number) => void;
  /** A finger or the keyboard has reached the grid: a photo is likely to be opened next. */
  onIntent?: () => void;
  ref?: Ref<PhotoGridHandle>;
}

/**
 * A virtualized grid of thumbnails on the window scroller: only the rows near the viewport
 * exist in the DOM, so 10,000 photos cost what 100 do. Columns follow the grid's width.
 */
export function PhotoGrid({ photos, total, eventName, label, onOpen, onIntent, ref }: Props) {
  const { t } = useLingui();
  const box = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(0);
  const [margin, setMargin] = useState(0);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const update = () => {
      setWidth(el.clientWidth);
      setMargin(el.getBoundingClientRect().top + window.scrollY);
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const columns = gridColumns(width || 320);
  const rowHeight = gridRowHeight(width || 320, columns);
  // The first viewport as the page opened: its photos load at once, the rest when near.
  const [viewport] = useState(() => (typeof window === "undefined" ? 0 : window.innerHeight));
  const cell = Math.max(1, rowHeight - GRID_GAP_PX);
  const rows = Math.ceil(photos.length / columns);
  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => rowHeight,
    overscan: 2,
    scrollMargin: margin,
  });

  // Row height changes with the width; cached sizes must follow.
  // biome-ignore lint/correctness/useExhaustiveDependencies: rowHeight is the trigger
  useLayoutEffect(() => {
    virtualizer.measure();
  }, [virtualizer, rowHeight]);

  useImperativeHandle(
    ref,
    () => ({
      focusPhoto(index) {
        virtualizer.scrollToIndex(Math.floor(index / columns), { align: "auto" });
        const focus = (tries: number) => {
          const el = box.current?.querySelector<HTMLElement>(`[data-photo-index="${index}"]`);
          if (el) el.focus();
          else if (tries > 0) requestAnimationFrame(() => focus(tries - 1));
        };
        requestAnimationFrame(() => focus(10));
      },
    }),
    [virtualizer, columns],
  );

  return (
    <section
      ref={box}
      className="photo-grid"
      aria-label={label}
      style={{ height: virtualizer.getTotalSize() }}
      onPointerDownCapture={onIntent}
      onFocusCapture={onIntent}
    >
      {virtualizer.getVirtualItems().map((row) => {
        const first = row.index * columns;
        return (
          <div
            key={row.key}
            className="photo-grid__row"
            style={{
              transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
              height: rowHeight - GRID_GAP_PX,
              gridTemplateColumns: `repeat(${columns}, 1fr)`,
            }}
          >
            {photos.slice(first, first + columns).map((photo, i) => {
              const index = first + i;
              const n = index + 1;
              return (
                <button
                  key={photo.photoId}
                  type="button"
                  className="photo-grid__cell"
                  data-photo-index={index}
                  onClick={() => onOpen(index)}
                >
                  <img
                    src={photo.thumbnailUrl}
                    alt={t`${eventName}, shot ${n} of ${total}`}
                    width={cell}
                    height={cell}
                    decoding="async"
                    {...photoLoading(index, row.start, viewport)}
                  />
                </button>
              );
            })}
          </div>
        );
      })}
    </section>
  );
}
