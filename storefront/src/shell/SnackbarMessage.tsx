import { useLingui } from "@lingui/react";
import { useLingui as useMacro } from "@lingui/react/macro";
import type { ErrorStore } from "../stores/ErrorStore.ts";
import { Icon } from "./icons.tsx";

type QueuedError = NonNullable<ErrorStore["current"]>;

/** One queued error as the snackbar shows it: its text and a close button. */
export function SnackbarMessage({ error, errors }: { error: QueuedError; errors: ErrorStore }) {
  const { i18n } = useLingui();
  const { t } = useMacro();
  return (
    <div className="snackbar">
      <p>{typeof error.message === "string" ? error.message : i18n._(error.message)}</p>
      <button
        type="button"
        className="bar-button"
        aria-label={t`Close`}
        onClick={() => errors.dismiss(error.id)}
      >
        <Icon name="close" />
      </button>
    </div>
  );
}
