import { useLingui } from "@lingui/react/macro";
import { href } from "../../routes.ts";
import { Link } from "../../ui/Link.tsx";

/**
 * An event that could not be shown: "not found" (a wrong link) leads home; any other failure
 * (offline, a server error) says so and offers to try again.
 */
export function EventLoadError({
  failure,
  onRetry,
}: {
  failure: "not-found" | "unavailable";
  onRetry: () => void;
}) {
  const { t } = useLingui();
  if (failure === "not-found") {
    return (
      <>
        <p role="alert">{t`Event not found`}</p>
        <p>
          <Link to={href("home")}>{t`Find your photos`}</Link>
        </p>
      </>
    );
  }
  return (
    <div className="message message--error" role="alert">
      <p>{t`Could not load the event. Check your connection and try again.`}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t`Try again`}
      </button>
    </div>
  );
}
