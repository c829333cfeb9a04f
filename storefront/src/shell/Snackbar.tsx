import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useStores } from "../app/stores-context.tsx";
import { SNACKBAR_REFRESH_MS } from "../domain/constants.ts";
import { SnackbarMessage } from "./SnackbarMessage.tsx";

/** Error snackbar: one queued error at a time, each shown for 7000 ms, with a close button. */
export const Snackbar = observer(function Snackbar() {
  const { errors } = useStores();
  const current = errors.current;

  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => errors.dismiss(current.id), SNACKBAR_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [current, errors]);

  return (
    <div className="snackbar-region" role="alert" aria-atomic="true">
      {current && <SnackbarMessage key={current.id} error={current} errors={errors} />}
    </div>
  );
});
