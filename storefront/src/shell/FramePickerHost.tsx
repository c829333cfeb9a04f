import { observer } from "mobx-react-lite";
import { lazy, Suspense, useState } from "react";
import { useLoadedShop } from "../app/stores-context.tsx";
import { CHUNK_LOAD_TIMEOUT_MS } from "../domain/constants.ts";
import { withTimeout } from "../domain/with-timeout.ts";
import { needAllMessages } from "../i18n.ts";

const FramePickerDialog = lazy(() =>
  Promise.all([
    withTimeout(import("../parts/frames/FramePickerDialog.tsx"), CHUNK_LOAD_TIMEOUT_MS),
    needAllMessages(),
  ]).then(([m]) => ({ default: m.FramePickerDialog })),
);

/**
 * Mounts the frame picker once, outside every other dialog (the viewer is one), so its keys
 * stay its own; the chunk loads on first use and stays mounted so closing returns focus.
 */
export const FramePickerHost = observer(function FramePickerHost() {
  // The picker is one of the shop's stores: nothing to host before the shop has loaded.
  const framePicker = useLoadedShop()?.framePicker;
  const [wanted, setWanted] = useState(false);
  if (framePicker?.isOpen && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <FramePickerDialog />
    </Suspense>
  ) : null;
});
