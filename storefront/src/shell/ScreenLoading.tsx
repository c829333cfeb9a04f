import { useLingui } from "@lingui/react/macro";
import { useContentReady } from "./hydration.tsx";

/** A route's loading state (main keeps a screen's height, so the footer does not jump). */
export function ScreenLoading() {
  const { t } = useLingui();
  useContentReady();
  return (
    <div className="screen-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t`Loading…`}</span>
    </div>
  );
}
