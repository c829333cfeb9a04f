import { lazy, Suspense, useEffect, useState } from "react";

/**
 * The shop's scroll restoration (useScrollRestoration.ts), in a chunk of its own loaded once the
 * page is live: it shows nothing, and the first screen needs it only once the visitor scrolls,
 * leaves or comes back. A reload or a return by back/forward restores the position as soon as
 * it has loaded (it retries each frame while the page grows anyway). Offline, where the chunk
 * cannot load, the page simply keeps the browser's own behaviour.
 */
const Keeper = lazy(() =>
  import("./useScrollRestoration.ts").then(
    ({ useScrollRestoration }) => ({
      default: function ScrollKeeper({ tenant }: { tenant: string }) {
        useScrollRestoration(tenant);
        return null;
      },
    }),
    () => ({ default: () => null }),
  ),
);

export function ScrollRestoration({ tenant }: { tenant: string }) {
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  return live ? (
    <Suspense fallback={null}>
      <Keeper tenant={tenant} />
    </Suspense>
  ) : null;
}
