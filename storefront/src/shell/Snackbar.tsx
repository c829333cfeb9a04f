import { useLingui } from "@lingui/react";
import { useLingui as useMacro } from "@lingui/react/macro";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { SNACKBAR_REFRESH_MS } from "../domain/constants.ts";
import { useStores } from "../stores/context.tsx";
import { Icon } from "./icons.tsx";

/** Error snackbar: one queued error at a time, each shown for 7000 ms, with a close button. */
export const Snackbar = observer(function Snackbar() {
  const { i18n } = useLingui();
  const { t } = useMacro();
  const { errors } = useStores();
  const current = errors.current;

  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => errors.dismiss(current.id), SNACKBAR_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [current, errors]);

  return (
    <div className="snackbar-region" role="alert" aria-atomic="true">
      {current && (
        <div className="snackbar" key={current.id}>
          <p>{typeof current.message === "string" ? current.message : i18n._(current.message)}</p>
          <button
            type="button"
            className="bar-button"
            aria-label={t`Close`}
            onClick={() => errors.dismiss(current.id)}
          >
            <Icon name="close" />
          </button>
        </div>
      )}
    </div>
  );
});
