import { Suspense, useRef, useState } from "react";
import type { Photo } from "../../api/index.ts";
import { lazyPart } from "../../ui/lazy-part.ts";
import { PhotoGrid, type PhotoGridHandle } from "./PhotoGrid.tsx";

/** The viewer, a dialog: its chunk comes when a finger or the keyboard reaches the grid. */
const PhotoViewer = lazyPart(() => import("./PhotoViewer.tsx").then((m) => m.PhotoViewer));

interface Props {
  eventId: string;
  eventName: string;
  photos: readonly Photo[];
  total: number;
  label: string;
  myNumber?: string | null;
}

/** The grid plus its viewer; closing the viewer returns focus to the photo last shown. */
export function PhotoGallery({ eventId, eventName, photos, total, label, myNumber }: Props) {
  const [open, setOpen] = useState<number | null>(null);
  const grid = useRef<PhotoGridHandle>(null);
  return (
    <>
      <PhotoGrid
        ref={grid}
        photos={photos}
        total={total}
        eventName={eventName}
        label={label}
        onOpen={setOpen}
        onIntent={() => void PhotoViewer.preload()}
      />
      {open !== null && (
        <Suspense fallback={null}>
          <PhotoViewer
            eventId={eventId}
            eventName={eventName}
            photos={photos}
            total={total}
            index={open}
            myNumber={myNumber ?? null}
            onIndex={setOpen}
            onClose={() => {
              setOpen(null);
              grid.current?.focusPhoto(open);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
